package dev.agenteval.yaml.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.common.text.Suggestions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Maps the harness dialect ({@code globals}, {@code variables}, {@code evals} with A2A-style
 * messages and {@code expectations}) to a {@link Suite}. Each expectation becomes the
 * {@link ScorerSpec} the {@link Scorers} DSL builds, in the order the keys are written;
 * {@code {{placeholders}}} stay verbatim for the runner to resolve, in messages, agents and
 * expectations alike.
 *
 * <p>An {@code expectations} key that is not one of the dialect's own ({@link #EXPECTATION_KEYS})
 * names a registered scorer by its type id, found through the scorer SPI like any plugin (a
 * plugin's, a judge's, a built-in without a harness key such as {@code regex}). Its value is:
 * <ul>
 * <li>a mapping: the scorer's parameters, as the platform dialect's {@code {type: <id>, ...}}
 *     without {@code type} ({@code max_words: {words: 50}}; {@code {}} for none);</li>
 * <li>{@code true}: the scorer without parameters ({@code polite: true}); {@code false} leaves it
 *     out;</li>
 * <li>a string, for a scorer with one text parameter ({@code ScorerFactory.textParameter()}):
 *     that parameter ({@code correctness: Greets the user} is {@code {criteria: ...}}).</li>
 * </ul>
 * Any other value, or a string for a scorer without a text parameter, is an error at the value.
 * The scorer's own problems are reported at the parameter they name, as in the platform dialect;
 * an unknown key gets a did-you-mean over the dialect's keys and every registered scorer id.
 *
 * <p>{@code globals} is the suite file's own deep-merged over those of the {@code _defaults.yaml}
 * files above it (see {@link FolderDefaults}): mappings merge key by key, lists and scalars
 * replace. {@code globals.message} is deep-merged under the message of every eval and step (their
 * own keys win). Variables come from {@code globals.variables} and the root's {@code variables}
 * (the suite's, root winning), an eval's {@code variables} (the case's) and a step's (the turn's);
 * a variable is {@code env:NAME}, a literal, or {@code {type: random_int, min, max}}.
 *
 * <p>The agent target cascades as a whole: an eval that declares {@code agent} or
 * {@code agent_id} uses only its own; one that declares neither uses those of {@code globals}.
 * {@code globals.timeout_seconds} becomes the suite's default timeout, which the runner applies
 * to evals without their own; likewise {@code globals.repeat} and {@code globals.pass_threshold}
 * become the suite's defaults, which an eval's own {@code repeat} and {@code pass_threshold} override.
 * {@code globals.mocks} are the suite's tool mocks ({@code globals.mocks_required: true}: every tool
 * must be mocked); an eval's {@code mocks} (its case's) and a step's (its turn's) win over them.
 *
 * <p>It is over the 500-line budget of a main class on purpose: the dialect's grammar (every key,
 * its type and its located message) reads best in one file, as the harness documents it.
 */
public final class HarnessMapper {

    static final List<String> ROOT_KEYS = Dialect.HARNESS.rootKeys();
    static final List<String> GLOBAL_KEYS = List.of("concurrency", "timeout_seconds", "agent", "agent_id", "repeat",
            "pass_threshold", "message", "variables", "mocks", "mocks_required");
    static final List<String> EVAL_KEYS = List.of("name", "type", "agent", "agent_id", "message", "expectations",
            "steps", "timeout_seconds", "delay_before_seconds", "repeat", "pass_threshold", "variables", "simulate",
            "conversation_expectations", "mocks");
    static final List<String> CONVERSATION_KEYS = List.of("goal_completion", "knowledge_retention", "role_adherence");
    static final List<String> STEP_KEYS = List.of("name", "message", "expectations", "delay_before_seconds",
            "variables", "mocks");
    static final List<String> RANDOM_INT_KEYS = List.of("type", "min", "max");
    static final List<String> EXPECTATION_KEYS = List.of("must_include", "must_not_include", "max_duration_seconds",
            "expected_output_text", "jsonpath", "must_include_json", "expected_state", "trajectory", "undecided_between");
    /** The expectation key of the undecided band, applied to the block's judge expectations. */
    static final String UNDECIDED_BETWEEN = "undecided_between";
    static final List<String> MESSAGE_KEYS = List.of("role", "kind", "parts", "metadata");
    static final List<String> ROLES = List.of("user", "agent");
    static final List<String> PART_KINDS = List.of("text", "data");
    static final List<String> JSONPATH_KEYS;
    static final List<String> STATES = Arrays.stream(TaskState.values()).map(TaskState::wireName).toList();
    static {
        List<String> keys = new ArrayList<>();
        keys.add("path");
        keys.addAll(JsonPathCheck.COMPARATORS);
        JSONPATH_KEYS = List.copyOf(keys);
    }

    /** Internal task-metadata keys of the agent service, as the harness seed names them. */
    private static final Pattern INTERNAL_KEY =
            Pattern.compile("(?<![A-Za-z0-9_])(expertId|_agent|_meter|opik_[A-Za-z0-9_]*)(?![A-Za-z0-9_])");
    private static final String INTERNAL_WHY = ": expectations must not depend on internal task metadata, which the"
            + " substring checks would see in the full serialized task JSON and which changes between agent-service"
            + " versions";

    private final LoadContext ctx;
    private final Map<String, Node> names = new HashMap<>();

    public HarnessMapper(LoadContext ctx) {
        this.ctx = ctx;
    }

    /** Maps a parsed file without folder defaults. Returns null when problems were reported. */
    public Suite map(Node root, String suiteName) {
        return map(root, suiteName, List.of());
    }

    /**
     * Maps a parsed file. {@code folderDefaults} are the {@code globals} blocks of the
     * {@code _defaults.yaml} files above it, farthest first: each is deep-merged under the next,
     * and the file's own {@code globals} over them all. Returns null when problems were reported
     * (nothing is built then).
     */
    public Suite map(Node root, String suiteName, List<Node> folderDefaults) {
        int before = ctx.problems().size();
        root.checkKeys(ROOT_KEYS, Dialect.PLATFORM.rootKeys());
        Suite.Builder suite = Suite.named(suiteName);
        Target defaults = new Target(null, null);
        Node globalMessage = null;
        Node globals = null;
        for (Node d : folderDefaults) {
            globals = globals == null ? d : Node.merge(globals, d);
        }
        Node own = root.get("globals");
        if (own != null && own.expectMapping()) {
            globals = globals == null ? own : Node.merge(globals, own);
        }
        if (globals != null) {
            globals.checkKeys(GLOBAL_KEYS);
            Node concurrency = globals.get("concurrency");
            if (concurrency != null) {
                Integer n = Numbers.wholeNumber(concurrency, 1, Numbers.MAX_CONCURRENCY);
                if (n != null) {
                    suite.concurrency(n);
                }
            }
            Node timeout = globals.get("timeout_seconds");
            if (timeout != null) {
                Duration d = Numbers.timeout(timeout);
                if (d != null) {
                    suite.timeout(d);
                }
            }
            Node repeat = globals.get("repeat");
            Integer repeatValue = repeat == null ? null : Repeats.repeat(repeat);
            if (repeatValue != null) {
                suite.repeat(repeatValue);
            }
            Node threshold = globals.get("pass_threshold");
            Double thresholdValue = threshold == null ? null : Repeats.passThreshold(threshold);
            if (thresholdValue != null) {
                suite.passThreshold(thresholdValue);
            }
            defaults = target(globals);
            Node message = globals.get("message");
            if (message != null && message.expectMapping()) {
                globalMessage = message;
            }
            List<ToolMock> mocks = MocksReader.in(globals);
            if (mocks != null) {
                suite.mocks(mocks);
            }
            Node required = globals.get("mocks_required");
            if (required != null && Boolean.TRUE.equals(required.bool())) {
                suite.requireToolMocks();
            }
            // globals.variables, then the root's variables over them: both are the suite's own.
            variables(globals.get("variables")).forEach(suite::variable);
        }
        variables(root.get("variables")).forEach(suite::variable);
        Node evals = root.get("evals");
        if (evals == null) {
            root.missing("evals", ": a harness suite lists its evals");
        } else if (evals.expectNonEmptySequence("must list at least one eval")) {
            for (Node e : evals.items()) {
                Case c = mapEval(e, defaults, globalMessage);
                if (c != null && ctx.problems().size() == before) {
                    suite.add(c);
                }
            }
        }
        return ctx.problems().size() > before ? null : suite.build();
    }

    /** The variables of a {@code variables} mapping (null: none), in order; bad ones are reported and left out. */
    private static Map<String, Variable> variables(Node node) {
        Map<String, Variable> out = new LinkedHashMap<>();
        if (node == null || !node.expectMapping()) {
            return out;
        }
        for (Map.Entry<String, Node> e : node.entries()) {
            Variable v = variable(e.getKey(), e.getValue());
            if (v != null) {
                out.put(e.getKey(), v);
            }
        }
        return out;
    }

    private static Variable variable(String name, Node value) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
            value.error("variable name " + Problems.quote(name) + " must start with a letter or '_' and hold only"
                    + " letters, digits, '_', '.' and '-'");
            return null;
        }
        if (value.isMapping()) {
            return randomInt(value);
        }
        if (!(value.value() instanceof YamlValue.Scalar s) || s.kind() == YamlValue.Kind.NULL) {
            value.error("must be 'env:NAME', a literal value or {type: random_int, min: N, max: M} but is "
                    + value.value().describe());
            return null;
        }
        String spec = s.text();
        if (spec.startsWith("env:") && spec.substring(4).isBlank()) {
            value.error("'env:' must be followed by the name of an environment variable");
            return null;
        }
        return Variable.parse(spec);
    }

    /** {@code {type: random_int, min: 1, max: 6}}: a whole number from min to max, both included. */
    private static Variable randomInt(Node spec) {
        boolean ok = spec.checkKeys(RANDOM_INT_KEYS);
        Node type = spec.get("type");
        if (type == null) {
            spec.missing("type", ": a variable written as a mapping is {type: random_int, min: N, max: M}");
            ok = false;
        } else {
            String t = type.string();
            if (t != null && !t.equals("random_int")) {
                type.error("unknown variable type " + Problems.quote(t)
                        + Suggestions.didYouMean(t, List.of("random_int"))
                        + " (the only type is 'random_int'; write env:NAME or a literal as a plain value)");
            }
            ok &= "random_int".equals(t);
        }
        Long min = bound(spec, "min", "smallest");
        Long max = bound(spec, "max", "largest");
        if (min != null && max != null && min > max) {
            spec.get("max").error("must be >= min (" + min + ") but is " + max);
            return null;
        }
        return ok && min != null && max != null ? Variable.randomInt(min, max) : null;
    }

    private static Long bound(Node spec, String key, String which) {
        Node n = spec.get(key);
        if (n == null) {
            spec.missing(key, ": the " + which + " number drawn (included)");
            return null;
        }
        Number v = n.number();
        if (v == null) {
            return null;
        }
        if (!(v instanceof Long l)) {
            n.error("must be a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE + " but is "
                    + n.describeScalar());
            return null;
        }
        return l;
    }

    /** Where to send an eval: an agent payload to create, or an existing agent's id. */
    private record Target(Map<String, Object> agent, String agentId) {
        boolean declared() {
            return agent != null || agentId != null;
        }
    }

    /**
     * The scorers of an {@code expectations} mapping (a turn's, a step's, a simulation's); absent,
     * null and {} mean the same: no checks of its own (the state guard still runs). Null after reporting.
     */
    private List<ScorerSpec> expectations(Node expectations) {
        if (expectations.isNull()) {
            return List.of();
        }
        if (!expectations.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        for (String key : expectations.keys()) {
            if (!EXPECTATION_KEYS.contains(key) && ctx.catalog().factory(key).isEmpty()) {
                expectations.errorAtKey(key, ctx.catalog().unknownExpectation(key, EXPECTATION_KEYS));
            }
        }
        Node bandNode = expectations.get(UNDECIDED_BETWEEN);
        List<Double> band = bandNode == null ? null : Numbers.band(bandNode);
        boolean judged = false;
        List<ScorerSpec> specs = new ArrayList<>();
        for (Map.Entry<String, Node> entry : expectations.entries()) {
            if (entry.getKey().equals(UNDECIDED_BETWEEN)) {
                continue;
            }
            String key = entry.getKey();
            ScorerSpec spec = EXPECTATION_KEYS.contains(key) ? expectation(key, entry.getValue())
                    : ctx.catalog().factory(key).isPresent() ? scorerById(key, entry.getValue()) : null;
            if (spec != null && ctx.catalog().factory(spec.type()).map(ctx.catalog()::needsJudge).orElse(false)) {
                judged = true;
                if (band != null) {
                    spec = spec.with(ScorerSpec.UNDECIDED_BETWEEN, band);
                }
            }
            // A mapping (trajectory's, a scorer's by id) holds the scorer's parameters, as a platform
            // scorer does; any other value is the one parameter the expectation stands for.
            boolean valid = spec != null && (entry.getValue().isMapping()
                    ? ctx.catalog().validate(spec, entry.getValue())
                    : ctx.catalog().validateValue(spec, entry.getValue()));
            if (valid) {
                specs.add(spec);
            }
        }
        if (bandNode != null && !judged) {
            expectations.errorAtKey(UNDECIDED_BETWEEN, "applies to judge expectations (expected_output_text),"
                    + " and this block has none");
        }
        return ctx.problems().size() > before ? null : specs;
    }

    /**
     * The spec of a registered scorer written by its id (a plugin's, a judge's, a built-in the
     * dialect has no key of its own for): a mapping of its parameters; {@code true} for none
     * ({@code false} leaves it out, and gives null); or, for a scorer with one text parameter
     * ({@link dev.agenteval.spi.ScorerFactory#textParameter()}), that parameter's text. Null
     * after reporting any other value.
     */
    @SuppressWarnings("unchecked")
    private ScorerSpec scorerById(String id, Node value) {
        if (value.isMapping()) {
            return ScorerSpec.of(id, (Map<String, Object>) value.json());
        }
        Optional<String> text = ctx.catalog().factory(id).flatMap(ctx.catalog()::textParameter);
        if (value.value() instanceof YamlValue.Scalar sc && sc.kind() == YamlValue.Kind.STRING) {
            if (text.isEmpty()) {
                value.error("scorer " + Problems.quote(id) + " has no text parameter: write its parameters as a"
                        + " mapping ({name: value}), or true for none");
                return null;
            }
            String t = value.nonBlankString();
            return t == null ? null : ScorerSpec.of(id, Map.of(text.get(), t));
        }
        if (value.value() instanceof YamlValue.Scalar sc && sc.kind() == YamlValue.Kind.BOOLEAN) {
            return enabled(value, ScorerSpec.of(id));
        }
        value.error("must be a mapping of the scorer's parameters, true (none) or false (left out)"
                + text.map(t -> ", or the text of its '" + t + "'").orElse("") + " but is " + value.value().describe());
        return null;
    }

    /**
     * The conversation scorers of {@code conversation_expectations}: {@code goal_completion: true}
     * (the simulation's goal) or a goal, {@code knowledge_retention: true}, {@code role_adherence:}
     * the agent's role. Null after reporting.
     */
    private List<ScorerSpec> conversation(Node node) {
        if (!node.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        node.checkKeys(CONVERSATION_KEYS);
        List<ScorerSpec> specs = new ArrayList<>();
        for (Map.Entry<String, Node> entry : node.entries()) {
            Node value = entry.getValue();
            ScorerSpec spec = switch (entry.getKey()) {
                case "goal_completion" -> value.value() instanceof YamlValue.Scalar sc && sc.kind() == YamlValue.Kind.BOOLEAN
                        ? enabled(value, Scorers.goalCompletion())
                        : nonBlank(value, Scorers::goalCompletion);
                case "knowledge_retention" -> enabled(value, Scorers.knowledgeRetention());
                case "role_adherence" -> nonBlank(value, Scorers::roleAdherence);
                default -> null; // reported by checkKeys
            };
            if (spec != null && ctx.catalog().validateValue(spec, value)) {
                specs.add(spec);
            }
        }
        return ctx.problems().size() > before ? null : specs;
    }

    /** {@code spec} for {@code true}; null for {@code false}, and after reporting anything else. */
    private static ScorerSpec enabled(Node value, ScorerSpec spec) {
        Boolean on = value.bool();
        return Boolean.TRUE.equals(on) ? spec : null;
    }

    private static ScorerSpec nonBlank(Node value, java.util.function.Function<String, ScorerSpec> spec) {
        String text = value.nonBlankString();
        return text == null ? null : spec.apply(text);
    }

    @SuppressWarnings("unchecked")
    private static Target target(Node node) {
        Map<String, Object> agent = null;
        String agentId = null;
        Node a = node.get("agent");
        if (a != null && a.expectMapping()) {
            agent = (Map<String, Object>) a.json();
        }
        Node id = node.get("agent_id");
        if (id != null) {
            agentId = id.nonBlankString();
        }
        return new Target(agent, agentId);
    }

    private Case mapEval(Node node, Target defaults, Node globalMessage) {
        if (!node.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        Node e = node;
        String name = null;
        Node nameNode = node.get("name");
        if (nameNode == null) {
            node.missing("name", ": every eval needs a name, unique in the suite");
        } else {
            name = nameNode.nonBlankString();
        }
        if (name != null) {
            e = node.inCase(name);
            nameNode = nameNode.inCase(name);
            Node first = names.putIfAbsent(name, nameNode);
            if (first != null) {
                nameNode.error("duplicate eval name " + Problems.quote(name) + ": already defined at "
                        + first.where());
            }
        }
        e.checkKeys(EVAL_KEYS);
        Node message = globalMessage == null || name == null ? globalMessage : globalMessage.inCase(name);
        Map<String, Variable> variables = variables(e.get("variables"));
        boolean sequential = false;
        Node type = e.get("type");
        if (type != null) {
            String t = type.string();
            if (t != null && !t.equals("sequential")) {
                type.error("unknown eval type " + Problems.quote(t) + Suggestions.didYouMean(t, List.of("sequential"))
                        + " (the only type is 'sequential'; leave it out for a single message)");
            }
            // A misspelt type is reported once; the steps decide how the rest is read.
            sequential = t != null && t.equals("sequential") || t != null && e.has("steps");
        }
        Target own = target(e);
        Target target = own.declared() ? own : defaults;
        Duration timeout = null;
        Node timeoutNode = e.get("timeout_seconds");
        if (timeoutNode != null) {
            timeout = Numbers.timeout(timeoutNode);
        }
        Node repeatNode = e.get("repeat");
        Integer repeat = repeatNode == null ? null : Repeats.repeat(repeatNode);
        Node thresholdNode = e.get("pass_threshold");
        Double passThreshold = thresholdNode == null ? null : Repeats.passThreshold(thresholdNode);
        List<Turn.Builder> turns = new ArrayList<>();
        Simulation simulation = null;
        Node simulateNode = e.get("simulate");
        List<ToolMock> mocks = MocksReader.in(e);
        Node conversationNode = e.get("conversation_expectations");
        List<ScorerSpec> conversation = conversationNode == null ? List.of() : conversation(conversationNode);
        if (simulateNode != null) {
            for (String key : List.of("type", "message", "expectations", "steps", "delay_before_seconds")) {
                if (e.has(key)) {
                    e.errorAtKey(key, "a simulated eval has no '" + key + "': its simulated user writes the messages"
                            + " (per-turn expectations go in simulate.expectations)");
                }
            }
            simulation = SimulationReader.HARNESS.read(simulateNode, this::expectations);
        } else if (sequential) {
            for (String key : List.of("message", "expectations")) {
                if (e.has(key)) {
                    e.errorAtKey(key, "a sequential eval has no '" + key + "' of its own: put it in each of its steps");
                }
            }
            if (e.has("delay_before_seconds")) {
                e.errorAtKey("delay_before_seconds", "a sequential eval has no 'delay_before_seconds' of its own:"
                        + " put it in the step to delay");
            }
            Node steps = e.get("steps");
            if (steps == null) {
                e.missing("steps", ": a sequential eval runs its steps in order");
            } else if (steps.expectNonEmptySequence("a sequential eval needs at least one step")) {
                for (Node step : steps.items()) {
                    Turn.Builder t = mapStep(step, message);
                    if (t != null) {
                        turns.add(t);
                    }
                }
            }
        } else {
            if (e.has("steps")) {
                e.errorAtKey("steps", "'steps' needs 'type: sequential'");
            } else {
                Turn.Builder t = mapTurn(e, "message", message);
                if (t != null) {
                    turns.add(t);
                }
            }
        }
        if (ctx.problems().size() > before) {
            return null;
        }
        Case.Builder b = Case.id(name);
        turns.forEach(b::turn);
        if (simulation != null) {
            b.simulate(simulation);
        }
        if (conversation != null) {
            b.expectConversation(conversation);
        }
        variables.forEach(b::variable);
        b.mocks(mocks);
        if (timeout != null) {
            b.timeout(timeout);
        }
        if (repeat != null) {
            b.repeat(repeat);
        }
        if (passThreshold != null) {
            b.passThreshold(passThreshold);
        }
        if (target.agent != null) {
            b.agent(target.agent);
        }
        if (target.agentId != null) {
            b.agentId(target.agentId);
        }
        Case built = b.build();
        // The harness has no "agent answered" rule: an eval without expectations passes unless the
        // state guard fails it.
        return built.hasNoScorers() ? b.answerRequired(false).build() : built;
    }

    private Turn.Builder mapStep(Node step, Node globalMessage) {
        if (!step.expectMapping()) {
            return null;
        }
        step.checkKeys(STEP_KEYS);
        String name = null;
        Node nameNode = step.get("name");
        if (nameNode != null) {
            name = nameNode.nonBlankString();
        }
        Map<String, Variable> variables = variables(step.get("variables"));
        List<ToolMock> mocks = MocksReader.in(step);
        Turn.Builder turn = mapTurn(step, "message", globalMessage);
        if (turn != null && name != null) {
            turn.named(name);
        }
        if (turn != null && mocks != null) {
            variables.forEach(turn::variable);
            turn.mocks(mocks);
        }
        return turn;
    }

    /**
     * The message, expectations and delay of an eval or a step; its message is deep-merged over
     * {@code globalMessage} (null: none), which stands in for a message it does not have.
     */
    private Turn.Builder mapTurn(Node node, String messageKey, Node globalMessage) {
        int before = ctx.problems().size();
        Message message = null;
        Node m = node.get(messageKey);
        if (globalMessage != null) {
            m = m == null ? globalMessage : m.isMapping() ? Node.merge(globalMessage, m) : m;
        }
        if (m == null) {
            node.missing(messageKey, ": the A2A message sent to the agent, as message: {message: {parts: [...]}}");
        } else {
            message = message(m);
        }
        Node expectations = node.get("expectations");
        List<ScorerSpec> specs = expectations == null ? List.of() : expectations(expectations);
        Duration delay = null;
        Node delayNode = node.get("delay_before_seconds");
        if (delayNode != null) {
            delay = Numbers.delay(delayNode);
        }
        if (ctx.problems().size() > before) {
            return null;
        }
        Turn.Builder turn = Turn.of(message).expect(specs);
        if (delay != null) {
            turn.delay(delay);
        }
        return turn;
    }

    @SuppressWarnings("unchecked")
    private Message message(Node outer) {
        if (!outer.expectMapping()) {
            return null;
        }
        if (!outer.has("message") && outer.keys().stream().anyMatch(MESSAGE_KEYS::contains)) {
            outer.error("the message/send payload nests the message one level down: write it as"
                    + " message: {message: {parts: [...]}}");
            return null;
        }
        outer.checkKeys(List.of("message"));
        Node m = outer.get("message");
        if (m == null) {
            outer.missing("message", ": the payload nests the message itself, as message: {message: {parts: [...]}}");
            return null;
        }
        if (!m.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        m.checkKeys(MESSAGE_KEYS);
        String role = "user";
        Node roleNode = m.get("role");
        if (roleNode != null) {
            role = roleNode.string();
            if (role != null && !ROLES.contains(role)) {
                roleNode.error("unknown role " + Problems.quote(role) + Suggestions.didYouMean(role, ROLES)
                        + " (known: user, agent)");
            }
        }
        Node kind = m.get("kind");
        if (kind != null) {
            String k = kind.string();
            if (k != null && !k.equals("message")) {
                kind.error("must be 'message' but is " + Problems.quote(k));
            }
        }
        List<Part> parts = new ArrayList<>();
        Node partsNode = m.get("parts");
        if (partsNode == null) {
            m.missing("parts", ": a message has at least one part");
        } else if (partsNode.expectNonEmptySequence("a message needs at least one part")) {
            for (Node p : partsNode.items()) {
                Part part = part(p);
                if (part != null) {
                    parts.add(part);
                }
            }
        }
        Map<String, Object> metadata = Map.of();
        Node meta = m.get("metadata");
        if (meta != null && meta.expectMapping()) {
            metadata = (Map<String, Object>) meta.json();
        }
        if (ctx.problems().size() > before) {
            return null;
        }
        return new Message(role, parts, metadata);
    }

    @SuppressWarnings("unchecked")
    private static Part part(Node p) {
        if (!p.expectMapping()) {
            return null;
        }
        Node kindNode = p.get("kind");
        if (kindNode == null) {
            p.missing("kind", ": 'text' or 'data'");
            return null;
        }
        String kind = kindNode.string();
        if (kind == null) {
            return null;
        }
        if (!PART_KINDS.contains(kind)) {
            kindNode.error(kind.equals("file") ? "file parts are not supported: send text or data parts"
                    : "unknown part kind " + Problems.quote(kind) + Suggestions.didYouMean(kind, PART_KINDS)
                    + " (known: text, data)");
            return null;
        }
        boolean ok = p.checkKeys(List.of("kind", kind));
        Node content = p.get(kind);
        if (content == null) {
            p.missing(kind, " for a " + kind + " part");
            return null;
        }
        if (kind.equals("text")) {
            String text = content.string();
            return ok && text != null ? Part.text(text) : null;
        }
        return ok && content.expectMapping() ? Part.data((Map<String, Object>) content.json()) : null;
    }

    private ScorerSpec expectation(String key, Node value) {
        switch (key) {
            case "must_include", "must_not_include": {
                List<String> values = value.stringList(true);
                if (values == null) {
                    return null;
                }
                boolean ok = true;
                List<Node> items = value.items();
                for (int i = 0; i < items.size(); i++) {
                    ok &= notInternal(items.get(i), values.get(i));
                }
                String[] array = values.toArray(String[]::new);
                return !ok ? null : key.equals("must_include") ? Scorers.mustInclude(array) : Scorers.mustNotInclude(array);
            }
            case "max_duration_seconds": {
                Duration max = Numbers.timeout(value);
                return max == null ? null : Scorers.maxDuration(max);
            }
            case "expected_output_text": {
                String text = value.nonBlankString();
                return text == null ? null : Scorers.expectedOutputText(text);
            }
            case "jsonpath":
                return jsonPath(value);
            case "must_include_json": {
                if (!value.expectNonEmptySequence("must list at least one JSON fragment")) {
                    return null;
                }
                boolean ok = true;
                List<Object> fragments = new ArrayList<>();
                for (Node f : value.items()) {
                    ok &= fragmentKeysNotInternal(f);
                    fragments.add(f.json());
                }
                return ok ? Scorers.mustIncludeJson(fragments.toArray()) : null;
            }
            case "expected_state": {
                String state = value.nonBlankString();
                if (state == null) {
                    return null;
                }
                if (!TaskState.isKnown(state)) {
                    value.error("unknown task state " + Problems.quote(state)
                            + Suggestions.didYouMean(state.strip(), STATES) + " (known: " + String.join(", ", STATES)
                            + ")");
                    return null;
                }
                // Kept as written, like the DSL; TaskState.parse normalises it when scored.
                return Scorers.expectedState(state);
            }
            case "trajectory": {
                if (!value.expectMapping()) {
                    return null;
                }
                // The same parameters as the platform dialect's {type: trajectory, ...}; the scorer validates them.
                @SuppressWarnings("unchecked")
                Map<String, Object> params = (Map<String, Object>) value.json();
                return ScorerSpec.of("trajectory", params);
            }
            default:
                return null; // reported by checkKeys
        }
    }

    private ScorerSpec jsonPath(Node value) {
        if (!value.expectNonEmptySequence("must list at least one assertion")) {
            return null;
        }
        List<Map<String, Object>> assertions = new ArrayList<>();
        boolean ok = true;
        for (Node a : value.items()) {
            Map<String, Object> assertion = assertion(a);
            ok &= assertion != null;
            assertions.add(assertion);
        }
        return ok ? ScorerSpec.of("jsonpath", Map.of("assertions", assertions)) : null;
    }

    private Map<String, Object> assertion(Node a) {
        if (!a.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        boolean keysOk = a.checkKeys(JSONPATH_KEYS);
        Node pathNode = a.get("path");
        if (pathNode == null) {
            a.missing("path", ": the JSONPath expression to evaluate, such as $.items");
        } else {
            String path = pathNode.nonBlankString();
            if (path != null && !path.startsWith("$")) {
                pathNode.error("a JSONPath starts with '$' (such as $.items) but " + Problems.quote(path)
                        + " does not");
            } else if (path != null) {
                notInternal(pathNode, path);
            }
        }
        Map<String, Object> assertion = new LinkedHashMap<>();
        boolean anyComparator = false;
        for (Map.Entry<String, Node> e : a.entries()) {
            String key = e.getKey();
            Node v = e.getValue();
            if (!JsonPathCheck.COMPARATORS.contains(key)) {
                if (key.equals("path")) {
                    assertion.put(key, v.json());
                }
                continue;
            }
            anyComparator = true;
            switch (key) {
                case "contains" -> v.expectSequence();
                case "length", "count" -> Numbers.wholeNumber(v, 0, Integer.MAX_VALUE);
                case "min", "max" -> {
                    Number n = v.number();
                    if (n != null && Numbers.exact(n) == null) {
                        v.error("must be a finite number but is " + v.describeScalar());
                    }
                }
                case "regex" -> {
                    String regex = v.string();
                    if (regex != null) {
                        try {
                            Pattern.compile(regex);
                        } catch (PatternSyntaxException ex) {
                            v.error("is not a valid regular expression: " + ex.getDescription());
                        }
                    }
                }
                case "exists" -> v.bool();
                default -> {
                    // equals takes any value
                }
            }
            assertion.put(key, v.json());
        }
        if (!anyComparator && keysOk) {
            a.error("needs at least one comparator (" + String.join(", ", JsonPathCheck.COMPARATORS) + ")");
        }
        return ctx.problems().size() > before ? null : assertion;
    }

    private static boolean notInternal(Node at, String text) {
        Matcher m = INTERNAL_KEY.matcher(text);
        if (m.find()) {
            at.error(Problems.quote(text) + " references the internal task-metadata key '" + m.group(1) + "'"
                    + INTERNAL_WHY);
            return false;
        }
        return true;
    }

    /** Checks the keys of a JSON fragment, at any depth, against the internal task-metadata keys. */
    private static boolean fragmentKeysNotInternal(Node fragment) {
        boolean ok = true;
        for (Map.Entry<String, Node> e : fragment.entries()) {
            Matcher m = INTERNAL_KEY.matcher(e.getKey());
            if (m.matches()) {
                fragment.errorAtKey(e.getKey(), "key " + Problems.quote(e.getKey())
                        + " is an internal task-metadata key" + INTERNAL_WHY);
                ok = false;
            }
            ok &= fragmentKeysNotInternal(e.getValue());
        }
        for (Node item : fragment.items()) {
            ok &= fragmentKeysNotInternal(item);
        }
        return ok;
    }
}
