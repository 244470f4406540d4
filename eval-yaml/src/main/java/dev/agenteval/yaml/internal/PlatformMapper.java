package dev.agenteval.yaml.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.spi.ScorerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps the platform dialect ({@code eval/eval.yaml} with {@code cases}, {@code include}, session
 * context and tools) to a {@link Suite}.
 *
 * <p>Tags are unioned from the root file to an included file to each case. Tools and each
 * session-context field cascade root &gt; included file &gt; case, the most specific level
 * replacing the whole field (never a deep merge); a scorer's own {@code tools} stay on its spec.
 * When no level declares tools for a case that uses a tool scorer, the tools of the agent
 * project's single {@code <name>.agent.yaml} next to the {@code eval/} folder are used.
 *
 * <p>{@code repeat} and {@code passThreshold} in the root file are the suite's defaults; in an
 * included file they apply to its cases; on a case they are its own, winning over both.
 * {@code mocks} in the root file are the suite's tool mocks (and {@code mocksRequired: true} says
 * every tool must be mocked); a case's and a turn's own {@code mocks} win over them.
 *
 * <p>It is over the 500-line budget of a main class on purpose: the dialect's grammar (every key,
 * its type and its located message) reads best in one file, as the platform's CLI documents it.
 */
public final class PlatformMapper {

    private static final Logger LOG = LoggerFactory.getLogger(PlatformMapper.class);

    static final List<String> FILE_KEYS = Dialect.PLATFORM.rootKeys();
    static final List<String> CASE_KEYS = List.of("id", "tags", "expectPass", "turns", "dataModels", "instanceSpaces",
            "appContext", "tools", "repeat", "passThreshold", "simulate", "conversationScorers", "mocks");
    static final List<String> TURN_KEYS = List.of("input", "scorers", "mocks");
    /** The root file's keys of the suite as a whole, which an included file does not have. */
    static final List<String> SUITE_KEYS = List.of("mocks", "mocksRequired");
    static final List<String> TOOL_KEYS = List.of("name", "description");
    static final List<String> DATA_MODEL_KEYS = List.of("space", "externalId", "version");

    private final LoadContext ctx;
    private final Path folder;
    private final Path realFolder;
    private final Path displayFolder;
    private final Map<String, Node> ids = new HashMap<>();
    private final Map<Path, Node> includedBy = new HashMap<>();
    private final Deque<Path> stack = new ArrayDeque<>();
    private final Deque<String> stackNames = new ArrayDeque<>();
    private final List<Case> cases = new ArrayList<>();
    private AgentTools agentTools;
    private Setting<Integer> suiteRepeat = Setting.absent();
    private Setting<Double> suitePassThreshold = Setting.absent();

    /**
     * A mapper for the suite whose root file is {@code root}.
     *
     * @param root the root file; includes are relative to its folder
     */
    public PlatformMapper(LoadContext ctx, SourceFile root) {
        this.ctx = ctx;
        Path absolute = root.path().toAbsolutePath().normalize();
        this.folder = absolute.getParent();
        this.realFolder = realPath(folder);
        Path given = Path.of(root.display()).getParent();
        this.displayFolder = given == null ? Path.of(".") : given;
    }

    /** The real paths of every file included, directly or not. */
    public Set<Path> includedFiles() {
        return includedBy.keySet();
    }

    /**
     * Maps a parsed root file. Returns null when problems were reported (nothing is built then).
     */
    public Suite map(Node root, String suiteName) {
        int before = ctx.problems().size();
        Path rootReal = realPath(root.file().path().toAbsolutePath().normalize());
        stack.push(rootReal);
        stackNames.push(root.file().path().getFileName().toString());
        mapFile(root, Level.ROOT, true);
        List<ToolMock> mocks = MocksReader.in(root);
        Node requiredNode = root.get("mocksRequired");
        Boolean required = requiredNode == null ? Boolean.FALSE : requiredNode.bool();
        stack.pop();
        stackNames.pop();
        if (ctx.problems().size() > before) {
            return null;
        }
        if (cases.isEmpty()) {
            root.error("the suite has no cases: add 'cases' here or 'include' files that have them");
            return null;
        }
        Suite.Builder suite = Suite.named(suiteName);
        cases.forEach(suite::add);
        if (suiteRepeat.value != null) {
            suite.repeat(suiteRepeat.value);
        }
        if (suitePassThreshold.value != null) {
            suite.passThreshold(suitePassThreshold.value);
        }
        suite.mocks(mocks);
        if (required) {
            suite.requireToolMocks();
        }
        return suite.build();
    }

    private void mapFile(Node file, Level parent, boolean isRoot) {
        if (!isRoot) {
            if (!file.expectMapping()) {
                return;
            }
            for (String key : file.keys()) {
                if (Dialect.HARNESS.rootKeys().contains(key)) {
                    file.errorAtKey(key, Problems.quote(key) + " belongs to the harness dialect: an included file holds"
                            + " platform cases");
                }
                if (SUITE_KEYS.contains(key)) {
                    file.errorAtKey(key, Problems.quote(key) + " is the suite's: write it in the root file, or give"
                            + " the cases of this file their own 'mocks'");
                }
            }
        }
        file.checkKeys(FILE_KEYS, Dialect.HARNESS.rootKeys());
        Level level = parent.override(file, this);
        if (isRoot) {
            // The root file's repeat settings are the suite's defaults, not each case's own.
            suiteRepeat = level.repeat;
            suitePassThreshold = level.passThreshold;
            level = level.withRepeats(Setting.absent(), Setting.absent());
        }
        Node casesNode = file.get("cases");
        if (casesNode == null && !isRoot) {
            file.missing("cases", ": an included file must have a non-empty 'cases' list");
        } else if (casesNode != null && casesNode.expectSequence()) {
            if (!isRoot && casesNode.items().isEmpty()) {
                casesNode.error("an included file must have at least one case");
            }
            for (Node c : casesNode.items()) {
                mapCase(c, level);
            }
        }
        Node include = file.get("include");
        if (include != null && include.expectSequence()) {
            for (Node item : include.items()) {
                include(item, level);
            }
        }
    }

    private void include(Node item, Level level) {
        String spec = item.nonBlankString();
        if (spec == null) {
            return;
        }
        Path relative;
        try {
            relative = Path.of(spec);
        } catch (InvalidPathException e) {
            item.error(Problems.quote(spec) + " is not a valid path: " + e.getReason());
            return;
        }
        boolean outsideAllowed = ctx.allowIncludesOutsideFolder();
        if (relative.isAbsolute() && !outsideAllowed) {
            item.error("include " + Problems.quote(spec) + " is an absolute path: includes are relative to the suite"
                    + " folder '" + displayFolder + "'");
            return;
        }
        Path target = folder.resolve(relative).normalize();
        if (!target.startsWith(folder) && !outsideAllowed) {
            item.error("include " + Problems.quote(spec) + " leaves the suite folder '" + displayFolder + "'");
            return;
        }
        if (!Files.isRegularFile(target)) {
            item.error("included file " + Problems.quote(spec) + " does not exist in '" + displayFolder + "'");
            return;
        }
        Path real = realPath(target);
        if (!real.startsWith(realFolder) && !outsideAllowed) {
            item.error("include " + Problems.quote(spec) + " is a link to '" + real + "', outside the suite folder '"
                    + displayFolder + "'");
            return;
        }
        if (stack.contains(real)) {
            List<String> chain = new ArrayList<>(stackNames);
            Collections.reverse(chain);
            item.error("include cycle: " + String.join(" -> ", chain) + " -> " + spec);
            return;
        }
        Node first = includedBy.putIfAbsent(real, item);
        if (first != null) {
            item.error(Problems.quote(spec) + " is already included at " + first.where());
            return;
        }
        SourceFile file = ctx.file(target, displayOf(relative));
        Node root = ctx.read(file);
        if (root == null) {
            return;
        }
        stack.push(real);
        stackNames.push(spec);
        mapFile(root, level, false);
        stack.pop();
        stackNames.pop();
    }

    private String displayOf(Path relative) {
        String display = displayFolder.resolve(relative).normalize().toString();
        return display.isEmpty() ? relative.toString() : display;
    }

    private void mapCase(Node node, Level level) {
        if (!node.expectMapping()) {
            return;
        }
        int before = ctx.problems().size();
        Node c = node;
        String id = null;
        Node idNode = node.get("id");
        if (idNode == null) {
            node.missing("id", ": every case needs an id, unique across the suite and its includes");
        } else {
            id = idNode.nonBlankString();
        }
        if (id != null) {
            c = node.inCase(id);
            idNode = idNode.inCase(id);
            Node first = ids.putIfAbsent(id, idNode);
            if (first != null) {
                idNode.error("duplicate case id " + Problems.quote(id) + ": already defined at " + first.where());
            }
        }
        c.checkKeys(CASE_KEYS);
        Level resolved = level.override(c, this);
        Boolean expectPass = Boolean.TRUE;
        Node ep = c.get("expectPass");
        if (ep != null) {
            expectPass = ep.bool();
        }
        List<Turn.Builder> turns = new ArrayList<>();
        boolean scored = false;
        boolean toolScorerWithoutTools = false;
        Node turnsNode = c.get("turns");
        Node simulateNode = c.get("simulate");
        Simulation simulation = null;
        List<ScorerSpec> conversation = List.of();
        Node conversationNode = c.get("conversationScorers");
        if (conversationNode != null) {
            conversation = scorers(conversationNode);
            scored = conversation != null;
            toolScorerWithoutTools |= conversation != null && toolScorerWithoutTools(conversation);
        }
        if (simulateNode != null) {
            if (turnsNode != null) {
                c.errorAtKey("simulate", "a case has either 'turns' or 'simulate' (a simulated user replaces the"
                        + " turns): give one");
            }
            simulation = SimulationReader.PLATFORM.read(simulateNode, this::scorers);
            if (simulation != null) {
                toolScorerWithoutTools |= toolScorerWithoutTools(simulation.turnScorers());
                if (!scored && simulation.turnScorers().isEmpty()) {
                    simulateNode.error("a simulated case needs scorers: give 'scorers' here (each generated turn) or"
                            + " 'conversationScorers' on the case (the whole conversation)");
                }
            }
        } else if (turnsNode == null) {
            c.missing("turns", ": a case needs at least one turn");
        } else if (turnsNode.expectNonEmptySequence("a case needs at least one turn")) {
            boolean turnsOk = true;
            for (Node t : turnsNode.items()) {
                MappedTurn turn = mapTurn(t);
                if (turn == null) {
                    turnsOk = false;
                    continue;
                }
                turns.add(turn.turn);
                scored |= turn.scored;
                toolScorerWithoutTools |= turn.toolScorerWithoutTools;
            }
            if (turnsOk && !scored) {
                turnsNode.error("no turn has scorers: at least one turn of each case needs scorers");
            }
        }
        List<ToolMock> mocks = MocksReader.in(c);
        Setting<List<DataModelRef>> dataModels = resolved.dataModels;
        Setting<List<String>> instanceSpaces = resolved.instanceSpaces;
        if (dataModels.valid && instanceSpaces.valid && (dataModels.value == null) != (instanceSpaces.value == null)) {
            Setting<?> set = dataModels.value != null ? dataModels : instanceSpaces;
            String setName = dataModels.value != null ? "dataModels" : "instanceSpaces";
            String unsetName = dataModels.value != null ? "instanceSpaces" : "dataModels";
            c.error("after resolution " + setName + " is set (at " + set.origin.where() + ") but " + unsetName
                    + " is not: set both or neither");
        }
        List<ToolSpec> tools = resolved.tools.value;
        if (tools == null && resolved.tools.valid && toolScorerWithoutTools) {
            tools = agentTools().tools(ctx);
        }
        if (ctx.problems().size() > before || !resolved.valid()) {
            return; // an invalid inherited field was reported where it is written
        }
        Case.Builder b = Case.id(id).tags(resolved.tags).expectPass(expectPass);
        turns.forEach(b::turn);
        if (simulation != null) {
            b.simulate(simulation);
        }
        b.expectConversation(conversation);
        b.mocks(mocks);
        b.sessionContext(new SessionContext(dataModels.value, instanceSpaces.value, resolved.appContext.value));
        if (tools != null) {
            b.tools(tools);
        }
        if (resolved.repeat.value != null) {
            b.repeat(resolved.repeat.value);
        }
        if (resolved.passThreshold.value != null) {
            b.passThreshold(resolved.passThreshold.value);
        }
        try {
            cases.add(b.build());
        } catch (IllegalArgumentException e) {
            c.error(e.getMessage()); // the model's own rule, should the checks above ever miss one
        }
    }

    private record MappedTurn(Turn.Builder turn, boolean scored, boolean toolScorerWithoutTools) {
    }

    private MappedTurn mapTurn(Node t) {
        if (!t.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        t.checkKeys(TURN_KEYS);
        Message input = null;
        Node inputNode = t.get("input");
        if (inputNode == null) {
            t.missing("input", ": the user message sent to the agent");
        } else {
            input = input(inputNode);
        }
        Node scorers = t.get("scorers");
        List<ScorerSpec> specs = scorers == null ? List.of() : scorers(scorers, "a turn without scorers");
        List<ToolMock> mocks = MocksReader.in(t);
        if (ctx.problems().size() > before) {
            return null;
        }
        return new MappedTurn(Turn.of(input).expect(specs).mocks(mocks), scorers != null, toolScorerWithoutTools(specs));
    }

    /** A non-empty list of scorers (a simulation's, a conversation's); null after reporting. */
    private List<ScorerSpec> scorers(Node scorers) {
        return scorers(scorers, "no scorers");
    }

    /** A non-empty list of scorers; null after reporting, {@code without} saying what leaving the key out means. */
    private List<ScorerSpec> scorers(Node scorers, String without) {
        if (!scorers.expectNonEmptySequence("must list at least one scorer when present (remove the key for " + without
                + ")")) {
            return null;
        }
        int before = ctx.problems().size();
        List<ScorerSpec> specs = new ArrayList<>();
        for (Node s : scorers.items()) {
            ScorerSpec spec = mapScorer(s);
            if (spec != null) {
                specs.add(spec);
            }
        }
        return ctx.problems().size() > before ? null : specs;
    }

    private boolean toolScorerWithoutTools(List<ScorerSpec> specs) {
        return specs.stream().anyMatch(s -> s.tools().isEmpty() && ctx.catalog().usesTools(s.type()));
    }

    /**
     * A turn's input: a string is the user's chat message; a mapping is a feature input (the
     * in-app evals' JSON input), sent as one data part. Null after reporting anything else.
     */
    private static Message input(Node node) {
        if (node.isMapping()) {
            return Message.user(Part.data(node.json()));
        }
        if (node.value() instanceof YamlValue.Scalar s && s.kind() == YamlValue.Kind.STRING) {
            String text = node.nonBlankString();
            return text == null ? null : Message.user(text);
        }
        String hint = node.value() instanceof YamlValue.Scalar s
                && (s.kind() == YamlValue.Kind.NUMBER || s.kind() == YamlValue.Kind.BOOLEAN)
                ? " (quote it for a text message: \"" + s.text() + "\")" : "";
        node.error("must be a string (the user's message) or a mapping (a JSON feature input, sent as a data part)"
                + " but is " + node.value().describe() + hint);
        return null;
    }

    /** One scorer mapping, as a platform turn's {@code scorers} item; null after reporting. */
    public ScorerSpec scorer(Node s) {
        return mapScorer(s);
    }

    private ScorerSpec mapScorer(Node s) {
        if (!s.expectMapping()) {
            return null;
        }
        Node typeNode = s.get("type");
        if (typeNode == null) {
            s.missing("type", " (known: " + String.join(", ", ctx.catalog().knownIds()) + ")");
            return null;
        }
        String type = typeNode.nonBlankString();
        if (type == null) {
            return null;
        }
        int before = ctx.problems().size();
        Optional<ScorerFactory> factory = ctx.catalog().factory(type);
        if (factory.isEmpty()) {
            typeNode.error(ctx.catalog().unknownType(type));
            return null;
        }
        Optional<String> textParameter = ctx.catalog().textParameter(factory.get());
        boolean usesTools = textParameter.isEmpty() && ctx.catalog().usesTools(type);
        if (textParameter.isEmpty() && !usesTools) {
            return mapRegistered(s, type, before);
        }
        // The short form: the one text parameter, or the scorer's tools, and for a judge scorer samples.
        boolean judged = ctx.catalog().needsJudge(factory.get());
        List<String> keys = new ArrayList<>(List.of("type", textParameter.orElse("tools")));
        if (judged) {
            keys.add("samples");
            keys.add(ScorerSpec.UNDECIDED_BETWEEN);
        }
        s.checkKeys(keys);
        ScorerSpec spec;
        if (textParameter.isPresent()) {
            String param = textParameter.get();
            Node p = s.get(param);
            String text = null;
            if (p == null) {
                s.missing(param, " for scorer type '" + type + "'");
            } else {
                text = p.nonBlankString();
            }
            spec = text == null ? null : ScorerSpec.of(type, Map.of(param, text));
        } else {
            spec = ScorerSpec.of(type);
            Node toolsNode = s.get("tools");
            if (toolsNode != null) {
                List<ToolSpec> tools = tools(toolsNode);
                spec = tools == null ? null : spec.withTools(tools);
            }
        }
        // Judge scorers take an optional majority vote: samples (odd), checked by the judge module.
        Node samples = judged ? s.get("samples") : null;
        if (spec != null && samples != null) {
            spec = spec.with("samples", samples.json());
        }
        Node bandNode = judged ? s.get(ScorerSpec.UNDECIDED_BETWEEN) : null;
        if (bandNode != null) {
            List<Double> band = Numbers.band(bandNode);
            spec = spec == null || band == null ? null : spec.with(ScorerSpec.UNDECIDED_BETWEEN, band);
        }
        if (spec == null || ctx.problems().size() > before) {
            return null;
        }
        return ctx.catalog().validate(spec, s) ? spec : null;
    }

    /** A scorer of a registered factory: every key but {@code type} is a parameter. */
    private ScorerSpec mapRegistered(Node s, String type, int before) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : s.entries()) {
            if (!e.getKey().equals("type")) {
                params.put(e.getKey(), e.getValue().json());
            }
        }
        ScorerSpec spec = ScorerSpec.of(type, params);
        if (ctx.problems().size() > before) {
            return null;
        }
        return ctx.catalog().validate(spec, s) ? spec : null;
    }

    /** A non-empty list of {name, description}; null after reporting. */
    List<ToolSpec> tools(Node node) {
        if (!node.expectSequence()) {
            return null;
        }
        if (node.items().isEmpty()) {
            node.error("must list at least one tool: 'tools: []' is rejected (remove the key to inherit tools)");
            return null;
        }
        List<ToolSpec> out = new ArrayList<>();
        boolean ok = true;
        for (Node t : node.items()) {
            ToolSpec tool = tool(t, true, "");
            ok &= tool != null;
            out.add(tool);
        }
        return ok ? out : null;
    }

    private static ToolSpec tool(Node t, boolean strictKeys, String why) {
        if (!t.expectMapping()) {
            return null;
        }
        boolean ok = !strictKeys || t.checkKeys(TOOL_KEYS);
        String name = requiredText(t, "name", ": every tool needs a non-empty name" + why);
        String description = requiredText(t, "description", ": every tool needs a non-empty description" + why);
        return ok && name != null && description != null ? ToolSpec.of(name, description) : null;
    }

    private static String requiredText(Node map, String key, String why) {
        Node n = map.get(key);
        if (n == null) {
            map.missing(key, why);
            return null;
        }
        return n.nonBlankString();
    }

    private List<DataModelRef> dataModels(Node node) {
        if (!node.expectSequence()) {
            return null;
        }
        List<DataModelRef> out = new ArrayList<>();
        boolean ok = true;
        for (Node m : node.items()) {
            if (!m.expectMapping()) {
                ok = false;
                continue;
            }
            ok &= m.checkKeys(DATA_MODEL_KEYS);
            String space = requiredText(m, "space", "");
            String externalId = requiredText(m, "externalId", "");
            String version = requiredText(m, "version", "");
            if (space == null || externalId == null || version == null) {
                ok = false;
                continue;
            }
            out.add(new DataModelRef(space, externalId, version));
        }
        return ok ? out : null;
    }

    private AgentTools agentTools() {
        if (agentTools == null) {
            // Not read when the run names its agent otherwise (--external-id, --system-agent), as the platform's CLI does.
            agentTools = ctx.readAgentFile() ? AgentTools.find(folder, displayFolder) : new AgentTools(null, null);
        }
        return agentTools;
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path;
        }
    }

    /** A field as resolved by the cascade: its value (null when absent) and where it was set. */
    private record Setting<T>(T value, Node origin, boolean valid) {
        static <T> Setting<T> absent() {
            return new Setting<>(null, null, true);
        }
    }

    /** What a level (root, included file, case) passes down. */
    private record Level(List<String> tags, Setting<List<ToolSpec>> tools, Setting<List<DataModelRef>> dataModels,
                         Setting<List<String>> instanceSpaces, Setting<String> appContext, Setting<Integer> repeat,
                         Setting<Double> passThreshold) {

        boolean valid() {
            return tools.valid && dataModels.valid && instanceSpaces.valid && appContext.valid && repeat.valid
                    && passThreshold.valid;
        }

        static final Level ROOT = new Level(List.of(), Setting.absent(), Setting.absent(), Setting.absent(),
                Setting.absent(), Setting.absent(), Setting.absent());

        Level withRepeats(Setting<Integer> repeat, Setting<Double> passThreshold) {
            return new Level(tags, tools, dataModels, instanceSpaces, appContext, repeat, passThreshold);
        }

        /** This level overridden by the fields {@code node} declares; tags are unioned. */
        Level override(Node node, PlatformMapper m) {
            List<String> unioned = tags;
            Node t = node.get("tags");
            if (t != null) {
                List<String> own = t.stringList(false);
                if (own != null) {
                    Set<String> all = new LinkedHashSet<>(tags);
                    all.addAll(own);
                    unioned = List.copyOf(all);
                }
            }
            return new Level(unioned,
                    field(node, "tools", tools, m::tools),
                    field(node, "dataModels", dataModels, m::dataModels),
                    field(node, "instanceSpaces", instanceSpaces, n -> n.stringList(false)),
                    field(node, "appContext", appContext, Node::nonBlankString),
                    field(node, "repeat", repeat, Repeats::repeat),
                    field(node, "passThreshold", passThreshold, Repeats::passThreshold));
        }

        private static <T> Setting<T> field(Node node, String key, Setting<T> inherited, Function<Node, T> read) {
            Node n = node.get(key);
            if (n == null) {
                return inherited;
            }
            T value = read.apply(n);
            return new Setting<>(value, n, value != null);
        }
    }

    /**
     * The tools of the agent project's {@code <name>.agent.yaml}, the fallback when no eval level
     * declares tools. Read once, when first needed.
     */
    private static final class AgentTools {
        private final Path file;
        private final String display;
        private boolean read;
        private List<ToolSpec> tools;

        private AgentTools(Path file, String display) {
            this.file = file;
            this.display = display;
        }

        static AgentTools find(Path evalFolder, Path displayFolder) {
            Path project = AgentFiles.project(evalFolder);
            List<Path> found = project == null ? List.of() : AgentFiles.in(project);
            if (found.size() != 1) {
                if (found.size() > 1) {
                    LOG.warn("Not using agent tools as the tool scorers' fallback: {} has several *.agent.yaml files: {}",
                            project, String.join(", ", found.stream().map(p -> p.getFileName().toString()).toList()));
                }
                return new AgentTools(null, null);
            }
            Path parentDisplay = displayFolder.getParent();
            String display = (parentDisplay == null ? Path.of("") : parentDisplay)
                    .resolve(found.get(0).getFileName()).toString();
            return new AgentTools(found.get(0), display);
        }

        List<ToolSpec> tools(LoadContext ctx) {
            if (file == null) {
                return null;
            }
            if (!read) {
                read = true;
                tools = load(ctx);
            }
            return tools;
        }

        private List<ToolSpec> load(LoadContext ctx) {
            Node root = ctx.read(ctx.file(file, display));
            if (root == null || !root.expectMapping()) {
                return null;
            }
            Node toolsNode = root.get("tools");
            if (toolsNode == null || !toolsNode.expectSequence() || toolsNode.items().isEmpty()) {
                return null;
            }
            List<ToolSpec> out = new ArrayList<>();
            boolean ok = true;
            for (Node t : toolsNode.items()) {
                // The agent file describes the runtime configuration too: only name and description matter here.
                ToolSpec tool = tool(t, false, " (tool scorers fall back to the agent's tools when no eval level"
                        + " declares tools)");
                ok &= tool != null;
                out.add(tool);
            }
            return ok ? out : null;
        }
    }
}
