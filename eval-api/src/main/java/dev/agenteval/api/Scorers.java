package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.spi.Scorer;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scorer DSL: one factory method per scorer type, each returning a {@link ScorerSpec} whose
 * type id and parameters are exactly what the YAML dialects produce.
 *
 * <pre>{@code
 * import static dev.agenteval.api.Scorers.*;
 *
 * Turn.of("Show vitals").expect(
 *         mustInclude("TEMP"),
 *         jsonPath(JsonPathCheck.at("$.items").length(4)),
 *         correctness("Lists the four vitals"));
 * }</pre>
 *
 * <table>
 * <caption>Type ids and parameters</caption>
 * <tr><th>id</th><th>parameters</th></tr>
 * <tr><td>{@code must_include}, {@code must_not_include}</td><td>{@code values}: substrings of the full response JSON</td></tr>
 * <tr><td>{@code contains}, {@code not_contains}</td><td>{@code values}, {@code ignoreCase}: substrings of the answer text</td></tr>
 * <tr><td>{@code regex}</td><td>{@code pattern}: found in the answer</td></tr>
 * <tr><td>{@code equals}</td><td>{@code expected}, {@code ignoreCase}: the whole answer, trimmed</td></tr>
 * <tr><td>{@code jsonpath}</td><td>{@code assertions}: list of {@code {path, comparators...}}</td></tr>
 * <tr><td>{@code must_include_json}</td><td>{@code fragments}: list of partial JSON values</td></tr>
 * <tr><td>{@code expected_state}</td><td>{@code state}</td></tr>
 * <tr><td>{@code max_duration_seconds}</td><td>{@code seconds}</td></tr>
 * <tr><td>{@code max_tokens}</td><td>{@code tokens}</td></tr>
 * <tr><td>{@code max_cost}</td><td>{@code cost}</td></tr>
 * <tr><td>{@code tools_in_order}</td><td>{@code expected}: tool names</td></tr>
 * <tr><td>{@code tool_args}</td><td>{@code tool}, {@code assertions} and/or {@code fragment} (with {@code arg_mode})</td></tr>
 * <tr><td>{@code trajectory}</td><td>{@code mode} and/or {@code score} + {@code threshold} with {@code calls}, {@code arg_mode}, {@code arg_modes}, {@code never_called}, {@code min_calls}, {@code max_calls}, {@code max_repeats} (see {@link Trajectory})</td></tr>
 * <tr><td>{@code trace_spans}</td><td>{@code span_count} (list of {@code {pattern, min, max}}), {@code error_spans}, {@code max_duration_ms}: the agent's own spans (see {@link TraceSpans})</td></tr>
 * <tr><td>{@code correctness}</td><td>{@code criteria}</td></tr>
 * <tr><td>{@code faithfulness}</td><td>{@code groundTruth} (never sent to the agent)</td></tr>
 * <tr><td>{@code expected_output_text}</td><td>{@code expected}</td></tr>
 * <tr><td>{@code rubric}</td><td>{@code rubric}</td></tr>
 * <tr><td>{@code toolSelection}, {@code toolInvocation}</td><td>none; tools via {@link ScorerSpec#withTools}</td></tr>
 * <tr><td>{@code goal_completion}</td><td>{@code goal} (default: the simulation's); a conversation scorer</td></tr>
 * <tr><td>{@code knowledge_retention}</td><td>none; a conversation scorer</td></tr>
 * <tr><td>{@code role_adherence}</td><td>{@code role}: the role the agent must keep; a conversation scorer</td></tr>
 * </table>
 *
 * <p>The three conversation scorers are meant for {@link Case.Builder#expectConversation}: a judge
 * reads the whole transcript.
 */
@API(status = STABLE)
public final class Scorers {

    private Scorers() {
    }

    /** Substrings that must all appear in the full response JSON (the harness seed's rule). */
    public static ScorerSpec mustInclude(String... values) {
        return values("must_include", values);
    }

    /** Substrings that must not appear in the full response JSON. */
    public static ScorerSpec mustNotInclude(String... values) {
        return values("must_not_include", values);
    }

    /** Substrings that must all appear in the answer text. */
    public static ScorerSpec contains(String... values) {
        return values("contains", values);
    }

    /** Substrings that must all appear in the answer text, ignoring case. */
    public static ScorerSpec containsIgnoringCase(String... values) {
        return values("contains", values).with("ignoreCase", true);
    }

    /** Substrings that must not appear in the answer text. */
    public static ScorerSpec notContains(String... values) {
        return values("not_contains", values);
    }

    /** A regular expression that must be found in the answer text. */
    public static ScorerSpec regex(String pattern) {
        return ScorerSpec.of("regex", Map.of("pattern", Checks.requireNonBlank(pattern, "regex pattern")));
    }

    /** The answer text, trimmed, must equal {@code expected}. */
    public static ScorerSpec equalsText(String expected) {
        return ScorerSpec.of("equals", Map.of("expected", Checks.requireNonNull(expected, "expected")));
    }

    /** JSONPath assertions over the response's data parts; each must hold on some part. */
    public static ScorerSpec jsonPath(JsonPathCheck... assertions) {
        return ScorerSpec.of("jsonpath", Map.of("assertions", maps(assertions)));
    }

    /** Partial JSON fragments; each must match at least one data part. */
    public static ScorerSpec mustIncludeJson(Object... fragments) {
        return ScorerSpec.of("must_include_json", Map.of("fragments", Arrays.asList(fragments)));
    }

    /** The task state the turn must end in, e.g. {@code input-required}. */
    public static ScorerSpec expectedState(String state) {
        return ScorerSpec.of("expected_state", Map.of("state", Checks.requireNonBlank(state, "state")));
    }

    /** The turn's round trip must take at most this long. */
    public static ScorerSpec maxDuration(Duration max) {
        return ScorerSpec.of("max_duration_seconds", Map.of("seconds", Checks.requireNonNull(max, "max").toNanos() / 1e9));
    }

    /** The turn's input plus output tokens must be at most {@code tokens}. */
    public static ScorerSpec maxTokens(long tokens) {
        return ScorerSpec.of("max_tokens", Map.of("tokens", tokens));
    }

    /** The turn's cost must be at most {@code cost}. */
    public static ScorerSpec maxCost(double cost) {
        return ScorerSpec.of("max_cost", Map.of("cost", cost));
    }

    /** Tools the agent must call in this order; other calls may come between. */
    public static ScorerSpec toolsInOrder(String... tools) {
        return values("tools_in_order", "expected", tools);
    }

    /** Some call of {@code tool} has arguments satisfying every assertion. */
    public static ScorerSpec toolArgs(String tool, JsonPathCheck... assertions) {
        return ScorerSpec.of("tool_args", Map.of("tool", Checks.requireNonBlank(tool, "tool"), "assertions", maps(assertions)));
    }

    /** Some call of {@code tool} has arguments containing this partial JSON. */
    public static ScorerSpec toolArgsMatching(String tool, Map<String, ?> fragment) {
        return ScorerSpec.of("tool_args", Map.of("tool", Checks.requireNonBlank(tool, "tool"), "fragment", fragment));
    }

    /** Some call of {@code tool} has arguments matching {@code fragment} in {@code mode} ({@link ArgMode#EXACT}, ...). */
    @API(status = API.Status.EXPERIMENTAL)
    public static ScorerSpec toolArgsMatching(String tool, Map<String, ?> fragment, ArgMode mode) {
        return ScorerSpec.of("tool_args", Map.of("tool", Checks.requireNonBlank(tool, "tool"), "fragment", fragment,
                "arg_mode", Checks.requireNonNull(mode, "mode").toValue()));
    }

    /** A judge decides whether the answer meets {@code criteria}. */
    public static ScorerSpec correctness(String criteria) {
        return ScorerSpec.of("correctness", Map.of("criteria", Checks.requireNonBlank(criteria, "criteria")));
    }

    /** A judge decides whether the answer is grounded in {@code groundTruth}. */
    public static ScorerSpec faithfulness(String groundTruth) {
        return ScorerSpec.of("faithfulness", Map.of("groundTruth", Checks.requireNonBlank(groundTruth, "groundTruth")));
    }

    /** A judge decides whether the answer is semantically equivalent to {@code expected}. */
    public static ScorerSpec expectedOutputText(String expected) {
        return ScorerSpec.of("expected_output_text", Map.of("expected", Checks.requireNonBlank(expected, "expected")));
    }

    /** A judge reads the question, the answer and the rubric. */
    public static ScorerSpec rubric(String rubric) {
        return ScorerSpec.of("rubric", Map.of("rubric", Checks.requireNonBlank(rubric, "rubric")));
    }

    /** A judge decides whether the agent chose appropriate tools. */
    public static ScorerSpec toolSelection() {
        return ScorerSpec.of("toolSelection");
    }

    /** A judge decides the quality of the tool-call arguments. */
    public static ScorerSpec toolInvocation() {
        return ScorerSpec.of("toolInvocation");
    }

    /** The tool calls against an expected trajectory and limits; see {@link Trajectory}. */
    public static ScorerSpec trajectory(Trajectory trajectory) {
        return Checks.requireNonNull(trajectory, "trajectory").toSpec();
    }

    /**
     * A judge decides from the whole conversation whether the user's goal was reached: the
     * simulation's goal (a case that is not simulated uses {@link #goalCompletion(String)}).
     */
    public static ScorerSpec goalCompletion() {
        return ScorerSpec.of("goal_completion");
    }

    /** A judge decides from the whole conversation whether the user's {@code goal} was reached. */
    public static ScorerSpec goalCompletion(String goal) {
        return ScorerSpec.of("goal_completion", Map.of("goal", Checks.requireNonBlank(goal, "goal")));
    }

    /**
     * A judge decides whether the agent kept what the user told it earlier in the conversation
     * (never asked again for it, never contradicted it).
     */
    public static ScorerSpec knowledgeRetention() {
        return ScorerSpec.of("knowledge_retention");
    }

    /** A judge decides whether the agent kept to {@code role} through the whole conversation. */
    public static ScorerSpec roleAdherence(String role) {
        return ScorerSpec.of("role_adherence", Map.of("role", Checks.requireNonBlank(role, "role")));
    }

    /** A scorer written in code. */
    public static ScorerSpec custom(String name, Scorer scorer) {
        return ScorerSpec.inline(name, scorer);
    }

    private static ScorerSpec values(String type, String... values) {
        return values(type, "values", values);
    }

    private static ScorerSpec values(String type, String param, String... values) {
        List<String> list = List.of(values);
        if (list.isEmpty()) {
            throw new IllegalArgumentException("scorer '" + type + "' needs at least one value");
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put(param, list);
        return ScorerSpec.of(type, params);
    }

    /**
     * Assertions on the agent's own spans of the turn (received with {@code --otel-receiver}):
     * {@code traceSpans().count("execute_tool *", 1, 3).maxErrorSpans(0).build()}.
     */
    public static TraceSpans traceSpans() {
        return new TraceSpans();
    }

    /**
     * Builds a {@code trace_spans} spec. Patterns are globs on the span name ({@code *} any
     * characters, {@code ?} one, the whole name). No error span is allowed unless
     * {@link #maxErrorSpans} says otherwise.
     */
    @API(status = org.apiguardian.api.API.Status.EXPERIMENTAL)
    public static final class TraceSpans {
        private final List<Map<String, Object>> counts = new java.util.ArrayList<>();
        private final Map<String, Object> params = new LinkedHashMap<>();

        private TraceSpans() {
        }

        /** Between {@code min} and {@code max} spans (inclusive) are named like {@code pattern}. */
        public TraceSpans count(String pattern, long min, long max) {
            if (min < 0 || max < min) {
                throw new IllegalArgumentException("need 0 <= min <= max but min was " + min + " and max " + max);
            }
            counts.add(Map.of("pattern", Checks.requireNonBlank(pattern, "pattern"), "min", min, "max", max));
            return this;
        }

        /** At most {@code max} spans have an error status (0 unless said). */
        public TraceSpans maxErrorSpans(long max) {
            return limit("error_spans", "*", max);
        }

        /** At most {@code max} spans named like {@code pattern} have an error status. */
        public TraceSpans maxErrorSpans(String pattern, long max) {
            return limit("error_spans", pattern, max);
        }

        /** No span took longer than {@code max} (whole milliseconds). */
        public TraceSpans maxDuration(Duration max) {
            return maxDuration("*", max);
        }

        /** No span named like {@code pattern} took longer than {@code max} (whole milliseconds). */
        public TraceSpans maxDuration(String pattern, Duration max) {
            return limit("max_duration_ms", pattern, Checks.requireNonNull(max, "max").toMillis());
        }

        private TraceSpans limit(String name, String pattern, long max) {
            if (max < 0) {
                throw new IllegalArgumentException(name + " must be >= 0 but was " + max);
            }
            params.put(name, Map.of("pattern", Checks.requireNonBlank(pattern, "pattern"), "max", max));
            return this;
        }

        /** The spec. */
        public ScorerSpec build() {
            Map<String, Object> all = new LinkedHashMap<>();
            if (!counts.isEmpty()) {
                all.put("span_count", List.copyOf(counts));
            }
            all.putAll(params);
            return ScorerSpec.of("trace_spans", all);
        }
    }

    private static List<Map<String, Object>> maps(JsonPathCheck... assertions) {
        if (assertions.length == 0) {
            throw new IllegalArgumentException("jsonpath needs at least one assertion");
        }
        return Arrays.stream(assertions).map(JsonPathCheck::toMap).toList();
    }
}
