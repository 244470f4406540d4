package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.Providers;
import dev.agenteval.yaml.internal.LoadContext;
import dev.agenteval.yaml.internal.Node;
import dev.agenteval.yaml.internal.PlatformMapper;
import dev.agenteval.yaml.internal.Problems;
import dev.agenteval.yaml.internal.ScorerCatalog;
import dev.agenteval.yaml.internal.SourceFile;
import dev.agenteval.yaml.internal.YamlReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Loads a labels file: people's verdicts on recorded turns ({@link LabelledTurn}s), for eval-judge's
 * {@code dev.agenteval.judge.calibration.Calibration}.
 *
 * <pre>
 * labels:
 *   - id: capital
 *     question: What is the capital of France?
 *     answer: Paris is the capital of France.
 *     scorer: {type: correctness, criteria: Names Paris as the capital, undecidedBetween: [0.4, 0.7]}
 *     human: pass            # pass or fail
 *     humanScore: 0.9        # optional, 0..1
 *   - id: pumps
 *     question: Find pumps
 *     answer: Found P-101.
 *     toolCalls: [{name: find_assets, arguments: {filter: pump}}]
 *     scorer: {type: toolSelection, tools: [{name: find_assets, description: Find assets}]}
 *     human: fail
 * </pre>
 *
 * The {@code scorer} is written as a scorer of a platform suite and must be a judge scorer. Every
 * problem is reported at once, each naming the file, line and column and the item's path, e.g.
 * {@code labels.yaml:7:12: labels[1].human: must be pass or fail but is 'maybe'}.
 *
 * <pre>{@code
 * List<LabelledTurn> labels = LabelsLoader.defaults().load(Path.of("labels.yaml"));
 * }</pre>
 */
@API(status = MAINTAINED)
public final class LabelsLoader {

    private static final List<String> ROOT_KEYS = List.of("labels");
    private static final List<String> LABEL_KEYS =
            List.of("id", "question", "answer", "toolCalls", "scorer", "human", "humanScore");
    private static final List<String> CALL_KEYS = List.of("name", "arguments", "result");

    private final Providers providers;

    private LabelsLoader(Providers providers) {
        this.providers = providers;
    }

    /** A loader that finds scorer types with {@link Providers#discover()}. */
    public static LabelsLoader defaults() {
        return new LabelsLoader(Providers.discover(LabelsLoader.class.getClassLoader()));
    }

    /** A loader that finds scorer types among {@code providers}. */
    public static LabelsLoader of(Providers providers) {
        return new LabelsLoader(Objects.requireNonNull(providers, "providers"));
    }

    /**
     * Reads the labels of {@code file}.
     *
     * @return the labels in file order; never empty
     * @throws ConfigurationException listing every problem, each located (file:line:col, path)
     */
    public List<LabelledTurn> load(Path file) {
        Objects.requireNonNull(file, "file");
        LoadContext ctx = new LoadContext(new YamlReader(SuiteLoader.DEFAULT_MAX_FILE_SIZE), new ScorerCatalog(providers),
                false, false);
        SourceFile source = ctx.file(file, file.toString());
        Node root = ctx.read(source);
        List<LabelledTurn> labels = new ArrayList<>();
        if (root != null && root.expectMapping()) {
            root.checkKeys(ROOT_KEYS); // an unknown key is one problem more: the labels are still checked
            Node items = root.get("labels");
            if (items == null) {
                root.missing("labels", ": the list of labelled turns");
            } else if (items.expectNonEmptySequence("must list at least one labelled turn")) {
                PlatformMapper scorers = new PlatformMapper(ctx, source);
                Map<String, Node> ids = new HashMap<>();
                for (Node item : items.items()) {
                    LabelledTurn label = label(ctx, scorers, item, ids);
                    if (label != null) {
                        labels.add(label);
                    }
                }
            }
        }
        ctx.problems().throwIfAny();
        return List.copyOf(labels);
    }

    private static LabelledTurn label(LoadContext ctx, PlatformMapper scorers, Node item, Map<String, Node> ids) {
        if (!item.expectMapping()) {
            return null;
        }
        int before = ctx.problems().size();
        item.checkKeys(LABEL_KEYS);
        String id = text(item, "id", true);
        if (id != null) {
            Node first = ids.putIfAbsent(id, item.get("id"));
            if (first != null) {
                item.get("id").error("duplicate label id '" + id + "' (first at line " + first.line() + ")");
            }
        }
        String question = text(item, "question", true);
        String answer = text(item, "answer", false);
        List<ToolCall> calls = item.has("toolCalls") ? toolCalls(item.get("toolCalls")) : List.of();
        ScorerSpec spec = null;
        Node scorer = item.get("scorer");
        if (scorer == null) {
            item.missing("scorer", ": the judge scorer to calibrate, e.g. {type: correctness, criteria: ...}");
        } else {
            spec = scorers.scorer(scorer);
            if (spec != null && !ctx.catalog().factory(spec.type()).map(ctx.catalog()::needsJudge).orElse(false)) {
                scorer.errorAtKey("type", "scorer '" + spec.type() + "' is not a judge scorer: only judge scorers"
                        + " (correctness, faithfulness, rubric, expected_output_text, toolSelection, toolInvocation)"
                        + " are calibrated");
            }
        }
        Boolean human = human(item);
        Double humanScore = null;
        Node score = item.get("humanScore");
        if (score != null) {
            Number n = score.number();
            if (n != null && !(n.doubleValue() >= 0 && n.doubleValue() <= 1)) {
                score.error("must be a score from 0 to 1 but is " + score.describeScalar());
            } else if (n != null) {
                humanScore = n.doubleValue();
            }
        }
        if (ctx.problems().size() > before || id == null || question == null || answer == null || calls == null
                || spec == null || human == null) {
            return null;
        }
        AgentResponse response = AgentResponse.builder().text(answer).toolCalls(calls).build();
        return new LabelledTurn(id, new RecordedTurn(question, response, Duration.ZERO), List.of(), spec, human,
                humanScore, null);
    }

    private static String text(Node item, String key, boolean nonBlank) {
        Node n = item.get(key);
        if (n == null) {
            item.missing(key, "");
            return null;
        }
        return nonBlank ? n.nonBlankString() : n.string();
    }

    private static Boolean human(Node item) {
        Node n = item.get("human");
        if (n == null) {
            item.missing("human", ": the person's verdict, pass or fail");
            return null;
        }
        String verdict = n.string();
        if (verdict == null) {
            return null;
        }
        if (!verdict.equals("pass") && !verdict.equals("fail")) {
            n.error("must be pass or fail but is " + Problems.quote(verdict));
            return null;
        }
        return verdict.equals("pass");
    }

    @SuppressWarnings("unchecked")
    private static List<ToolCall> toolCalls(Node node) {
        if (!node.expectSequence()) {
            return null;
        }
        List<ToolCall> calls = new ArrayList<>();
        boolean ok = true;
        for (Node c : node.items()) {
            if (!c.expectMapping()) {
                ok = false;
                continue;
            }
            ok &= c.checkKeys(CALL_KEYS);
            String name = text(c, "name", true);
            Node args = c.get("arguments");
            Map<String, Object> arguments = Map.of();
            if (args != null && args.expectMapping()) {
                arguments = (Map<String, Object>) args.json();
            } else if (args != null) {
                ok = false;
            }
            Node result = c.get("result");
            ok &= name != null;
            if (name != null) {
                calls.add(new ToolCall(name, arguments, result == null ? null : result.json()));
            }
        }
        return ok ? calls : null;
    }
}
