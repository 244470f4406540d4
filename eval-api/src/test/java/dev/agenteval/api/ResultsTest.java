package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultsTest {

    @Test
    void should_sum_usage_field_wise_keeping_unreported_fields_null() {
        Usage a = new Usage(10L, null, 0.5, null);
        Usage b = new Usage(5L, 7L, null, null);

        assertThat(a.plus(b)).isEqualTo(new Usage(15L, 7L, 0.5, null));
        assertThat(Usage.sum(Arrays.asList(null, null))).isNull();
        assertThat(Usage.sum(Arrays.asList(a, null, b))).isEqualTo(new Usage(15L, 7L, 0.5, null));
        assertThat(a.totalTokens()).isEqualTo(10L);
        assertThat(Usage.NONE.totalTokens()).isNull();
        assertThat(new Usage(null, null, 0.1, null).plus(new Usage(null, null, 0.119, null)).credits()).isEqualTo(0.219);
    }

    @Test
    void should_derive_a_score_from_its_checks() {
        ScoreResult mixed = ScoreResult.ofChecks("must_include", Check.pass("a"), Check.fail("b", "not found in response"));

        assertThat(mixed.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(mixed.value()).isEqualTo(0.5);
        assertThat(mixed.reason()).isEqualTo("b: not found in response");
        assertThat(ScoreResult.ofChecks("x", List.of()).passed()).isFalse();
    }

    @Test
    void should_list_failed_checks_of_a_turn_for_error_lines() {
        TurnResult t = new TurnResult(1, null, "hi", null, null, "answer", null, List.of(), Duration.ZERO, null, null,
                List.of(ScoreResult.ofChecks("must_include", Check.pass("ok"), Check.fail("ibuprofen", "not found in response"))));

        assertThat(t.failedChecks()).containsExactly("must_include 'ibuprofen': not found in response");
        assertThat(t.passed()).isFalse();
    }

    @Test
    void should_count_cases_by_status_and_compute_pass_rate() {
        CaseAttempt passed = new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ZERO, null, List.of());
        CaseAttempt failed = new CaseAttempt(2, CaseStatus.FAILED, "x", Duration.ZERO, null, List.of());
        SuiteResult r = new SuiteResult("s", Instant.EPOCH, Duration.ZERO, true, List.of(
                new CaseResult("a", List.of(), true, CaseStatus.PASSED, "", Duration.ZERO, null, List.of(passed)),
                new CaseResult("b", List.of(), true, CaseStatus.FAILED, "x", Duration.ZERO, null, List.of(passed, failed)),
                new CaseResult("c", List.of(), true, CaseStatus.ERRORED, "x", Duration.ZERO, null, List.of()),
                CaseResult.skipped(Case.id("d").turn(Turn.of("x")).build(), "not run")));

        assertThat(r.summary()).as("b passed one attempt of two: flaky").isEqualTo(new Summary(4, 1, 1, 1, 1, 0, 1));
        assertThat(r.summary().passRate()).isEqualTo(0.25);
        assertThat(r.find("b").orElseThrow().passRate()).isEqualTo(0.5);
        assertThat(r.allPassed()).isFalse();
    }

    @Test
    void should_parse_failure_codes_by_wire_name() {
        assertThat(FailureCode.fromWireName("eval_timeout")).isEqualTo(FailureCode.EVAL_TIMEOUT);
        assertThat(FailureCode.JUDGE_ERROR.wireName()).isEqualTo("judge_error");
    }

    @Test
    void should_keep_an_agent_response_text_from_its_text_parts() {
        AgentResponse r = AgentResponse.builder().part(Part.text("a")).part(Part.data(java.util.Map.of("k", 1))).part(Part.text("b")).build();

        assertThat(r.text()).isEqualTo("a\nb");
        assertThat(r.dataParts()).containsExactly(java.util.Map.of("k", 1L));
    }
}
