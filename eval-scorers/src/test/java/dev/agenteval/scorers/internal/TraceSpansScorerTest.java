package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.spi.ScorerProblem;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceSpansScorerTest {

    private final TraceSpansScorerFactory factory = new TraceSpansScorerFactory();

    private static Map<String, Object> span(String name, long millis, String status, String message) {
        return obj("name", name, "spanId", "00000000000000" + Math.abs(name.hashCode() % 90 + 10),
                "startUnixNano", 1_000_000_000L, "endUnixNano", 1_000_000_000L + millis * 1_000_000L,
                "status", status, "statusMessage", message, "attributes", Map.of());
    }

    private static AgentResponse spans(List<Map<String, Object>> spans) {
        return AgentResponse.builder().text("done").traceSpans(spans).build();
    }

    private static final AgentResponse TRACE = spans(List.of(
            span("invoke_agent weather", 900, "ok", ""),
            span("chat gpt-4o", 400, "unset", ""),
            span("execute_tool search", 120, "ok", ""),
            span("execute_tool fetch", 2500, "error", "timeout")));

    @Test
    void should_count_the_spans_named_like_a_glob_between_min_and_max() throws Exception {
        ScoreResult r = score(factory, Scorers.traceSpans().count("execute_tool *", 1, 3).count("chat *", 2, 5)
                .maxErrorSpans(1).build(), TRACE);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks()).containsExactly(
                Check.pass("span_count 'execute_tool *'", "2 spans (execute_tool search, execute_tool fetch)"),
                Check.fail("span_count 'chat *'", "1 span (chat gpt-4o), expected 2..5"),
                Check.pass("error_spans", "1 error span (execute_tool fetch: timeout)"));
    }

    @Test
    void should_allow_no_error_span_by_default_and_name_them() throws Exception {
        ScoreResult r = score(factory, ScorerSpec.of("trace_spans", Map.of("span_count",
                List.of(Map.of("pattern", "execute_tool ?????", "max", 1)))), TRACE);

        assertThat(r.checks()).containsExactly(
                Check.pass("span_count 'execute_tool ?????'", "1 span (execute_tool fetch)"),
                Check.fail("error_spans", "1 error span (execute_tool fetch: timeout), at most 0 allowed"));
    }

    @Test
    void should_limit_error_spans_to_those_named_like_a_pattern() throws Exception {
        ScoreResult r = score(factory, Scorers.traceSpans().maxErrorSpans("chat *", 0).build(), TRACE);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).containsExactly(Check.pass("error_spans 'chat *'", "0 error spans"));
    }

    @Test
    void should_name_the_spans_that_took_longer_than_max_duration_ms() throws Exception {
        ScoreResult all = score(factory, ScorerSpec.of("trace_spans", Map.of("max_duration_ms", 1000,
                "error_spans", 5)), TRACE);
        ScoreResult chat = score(factory, Scorers.traceSpans().maxDuration("chat*", Duration.ofMillis(500))
                .maxErrorSpans(5).build(), TRACE);

        assertThat(all.checks()).contains(
                Check.fail("max_duration_ms", "1 span over 1000 ms (execute_tool fetch 2500 ms)"));
        assertThat(chat.checks()).contains(Check.pass("max_duration_ms 'chat*'", "longest 400 ms"));
        assertThat(chat.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_treat_glob_characters_only_as_wildcards() {
        assertThat(TraceSpansScorerFactory.glob("a.b*").matcher("a.bc").matches()).isTrue();
        assertThat(TraceSpansScorerFactory.glob("a.b*").matcher("axbc").matches()).isFalse();
        assertThat(TraceSpansScorerFactory.glob("chat").matcher("chat gpt").matches()).isFalse();
    }

    @Test
    void should_error_without_the_agents_trace() throws Exception {
        ScoreResult r = score(factory, Scorers.traceSpans().count("x", 0, 1).build(), AgentResponse.ofText("hi"));

        assertThat(r.status()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(r.failure().code()).isEqualTo(FailureCode.INTERNAL);
        assertThat(r.failure().message()).isEqualTo("no agent trace: run with --otel-receiver");
    }

    @Test
    void should_fail_on_an_empty_trace_when_spans_are_required() throws Exception {
        ScoreResult r = score(factory, Scorers.traceSpans().count("*", 1, 100).build(), spans(List.of()));

        assertThat(r.checks().get(0)).isEqualTo(Check.fail("span_count '*'", "0 spans, expected 1..100"));
    }

    @Test
    void should_locate_problems_in_the_parameters_with_a_did_you_mean() {
        List<ScorerProblem> problems = factory.problems(ScorerSpec.of("trace_spans", Map.of(
                "span_count", List.of(Map.of("pattern", "a", "mni", 1), Map.of("pattern", "b", "min", 3, "max", 2),
                        "x"),
                "error_spans", Map.of("max", -1),
                "max_duration_ms", "fast")));

        assertThat(problems).extracting(ScorerProblem::path, ScorerProblem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple("span_count[0].mni",
                        "'span_count' item 1: unknown key 'mni' — did you mean 'min'? (known: max, min, pattern)"),
                org.assertj.core.groups.Tuple.tuple("span_count[0]", "'span_count' item 1 needs 'min' or 'max'"),
                org.assertj.core.groups.Tuple.tuple("span_count[1].min",
                        "'span_count' item 2: 'min' 3 is greater than 'max' 2"),
                org.assertj.core.groups.Tuple.tuple("span_count[2]",
                        "'span_count' item 3 must be {pattern, min, max} but was \"x\""),
                org.assertj.core.groups.Tuple.tuple("error_spans.max",
                        "'error_spans': 'max' must be a whole number >= 0 but was -1"),
                org.assertj.core.groups.Tuple.tuple("max_duration_ms",
                        "'max_duration_ms' must be a whole number >= 0 or {max, pattern} but was \"fast\""));
    }

    @Test
    void should_reject_an_unknown_parameter_and_read_spans() {
        assertThat(factory.validate(ScorerSpec.of("trace_spans", Map.of("error_span", 1))))
                .anyMatch(m -> m.startsWith("unknown parameter 'error_span'"));
        assertThat(factory.readsSpans()).isTrue();
        assertThat(factory.readsToolCalls()).isFalse();
    }
}
