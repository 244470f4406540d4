package dev.agenteval.opik.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpikPayloadsTest {

    static final Instant START = Instant.parse("2026-12-05T04:00:00Z");
    static final String TRACE = "0190a8b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b";

    final OpikPayloads payloads = new OpikPayloads("Agents", Clock.fixed(START, ZoneOffset.UTC), null);

    static TurnResult turn(int index, ScoreResult... scores) {
        return new TurnResult(index, null, "question " + index, null, null, null, TaskState.COMPLETED, List.of(),
                Duration.ofSeconds(1), null, null, List.of(scores));
    }

    static CaseResult aCase(CaseStatus status, String reason, Usage usage, List<String> tags, TurnResult... turns) {
        CaseAttempt attempt = new CaseAttempt(1, status, reason, Duration.ofSeconds(2), usage, List.of(turns));
        return new CaseResult("c1", tags, true, status, reason, Duration.ofSeconds(2), usage, List.of(attempt));
    }

    static CaseResult aCase(TurnResult... turns) {
        return aCase(CaseStatus.PASSED, "", null, List.of(), turns);
    }

    static ScoreResult score(String type, ScoreStatus status, Double value, String reason) {
        return new ScoreResult(type, status, value, reason, List.of(), null, null);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object payload) {
        return (Map<String, Object>) payload;
    }

    @Test
    void should_number_repeated_scorers_and_name_turns_only_when_there_are_several() {
        CaseResult one = aCase(turn(1, score("must_include", ScoreStatus.PASSED, 1.0, ""),
                score("must_include", ScoreStatus.FAILED, 0.0, "missing")));
        CaseResult two = aCase(turn(1, score("must_include", ScoreStatus.PASSED, 1.0, "")),
                turn(2, score("must_include", ScoreStatus.PASSED, 1.0, "")));

        assertThat(payloads.scores(one, TRACE)).extracting(s -> map(s).get("name"))
                .containsExactly("must_include", "must_include #2");
        assertThat(payloads.scores(two, TRACE)).extracting(s -> map(s).get("name"))
                .containsExactly("must_include (turn 1)", "must_include (turn 2)");
    }

    @Test
    void should_leave_out_skipped_and_errored_scores_and_value_a_score_without_value_by_its_status() {
        CaseResult c = aCase(turn(1, ScoreResult.skipped("jsonpath", "no json"),
                ScoreResult.errored("correctness", InfrastructureFailure.of(FailureCode.JUDGE_ERROR, "judge down")),
                score("passed", ScoreStatus.PASSED, null, ""), score("failed", ScoreStatus.FAILED, null, "no")));

        List<Object> scores = payloads.scores(c, TRACE);

        assertThat(scores).extracting(s -> map(s).get("name")).containsExactly("passed", "failed");
        assertThat(scores).extracting(s -> map(s).get("value")).containsExactly(1.0, 0.0);
        assertThat(scores).extracting(s -> map(s).get("id")).containsOnly(TRACE);
        assertThat(map(scores.get(0))).doesNotContainKey("reason");
        assertThat(map(scores.get(1))).containsEntry("reason", "no");
    }

    @Test
    void should_give_a_score_with_checks_one_reason_per_check() {
        CaseResult c = aCase(turn(1, ScoreResult.ofChecks("trajectory", new Check("search", true, ""),
                Check.fail("answer", "called twice"), Check.fail("lookup", " "))));

        assertThat(map(payloads.scores(c, TRACE).get(0)))
                .containsEntry("reason", "pass search; FAIL answer: called twice; FAIL lookup");
    }

    @Test
    void should_write_no_span_without_token_counts_and_clamp_counts_to_int() {
        CaseResult costOnly = aCase(CaseStatus.PASSED, "", new Usage(null, null, null, 0.5), List.of(), turn(1));
        CaseResult huge = aCase(CaseStatus.PASSED, "", Usage.tokens(Long.MAX_VALUE, 3).withModel("m"), List.of(),
                turn(1));

        assertThat(payloads.span(costOnly, TRACE, START)).isEmpty();
        assertThat(payloads.span(aCase(turn(1)), TRACE, START)).isEmpty();
        Map<String, Object> span = payloads.span(huge, TRACE, START).orElseThrow();
        assertThat(span).containsEntry("trace_id", TRACE).containsEntry("model", "m")
                .containsEntry("end_time", "2026-12-05T04:00:02Z").doesNotContainKey("total_estimated_cost");
        assertThat(map(span.get("usage"))).containsEntry("prompt_tokens", Integer.MAX_VALUE)
                .containsEntry("completion_tokens", 3).containsEntry("total_tokens", Integer.MAX_VALUE);
    }

    @Test
    void should_mark_an_errored_case_on_its_trace_and_tag_it_once_per_tag() {
        CaseResult c = aCase(CaseStatus.ERRORED, "eval_timeout: 30s", null, List.of("smoke", "smoke", "slow"),
                turn(1));

        Map<String, Object> trace = payloads.trace(c, TRACE, START);

        assertThat(trace).containsEntry("tags", List.of("smoke", "slow"))
                .containsEntry("error_info", Map.of("exception_type", "harness_failure",
                        "traceback", "eval_timeout: 30s", "message", "eval_timeout: 30s"));
        assertThat(map(trace.get("output"))).containsEntry("answers", List.of(""))
                .containsEntry("status", "errored").containsEntry("reason", "eval_timeout: 30s");
    }

    @Test
    void should_take_item_expectations_from_the_results_without_a_suite() {
        CaseResult c = aCase(turn(1, ScoreResult.ofChecks("tool_selection", Check.pass("search")),
                score("must_include", ScoreStatus.PASSED, 1.0, "")));

        assertThat(payloads.itemData(c)).isEqualTo(Map.of("case", "c1", "turns", List.of(Map.of(
                "input", "question 1", "expectations", List.of(
                        Map.of("type", "tool_selection", "checks", List.of("search")),
                        Map.of("type", "must_include"))))));
    }

    @Test
    void should_name_equal_data_in_any_key_order_alike() {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", List.of(Map.of("x", "y")));
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", List.of(Map.of("x", "y")));
        ba.put("a", 1);

        assertThat(OpikPayloads.canonical(ab)).isEqualTo(OpikPayloads.canonical(ba))
                .isNotEqualTo(OpikPayloads.canonical(Map.of("a", 2)));
    }
}
