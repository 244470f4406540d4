package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.MeanEstimate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ScorerStatisticsTest {

    private static ScoreResult score(String type, Double value) {
        return new ScoreResult(type, value == null ? ScoreStatus.SKIPPED : ScoreStatus.PASSED, value, "", List.of(),
                null, null);
    }

    private static TurnResult turn(int index, ScoreResult... scores) {
        return new TurnResult(index, null, "q", null, null, "a", TaskState.COMPLETED, List.of(), Duration.ZERO, null,
                null, List.of(scores), null, null, null, null, List.of());
    }

    private static CaseAttempt attempt(int n, TurnResult... turns) {
        return new CaseAttempt(n, CaseStatus.PASSED, "", Duration.ZERO, null, List.of(turns));
    }

    private static CaseResult aCase(String id, CaseAttempt... attempts) {
        return new CaseResult(id, List.of(), true, CaseStatus.PASSED, "", Duration.ZERO, null, List.of(attempts));
    }

    private static SuiteResult suite(List<CaseResult> cases) {
        return new SuiteResult("s", Instant.EPOCH, Duration.ZERO, true, cases);
    }

    /** Case values 0, 1, 0, 1, ... (n cases): mean 1/2 when n is even. */
    private static SuiteResult alternating(int n) {
        List<CaseResult> cases = new ArrayList<>();
        IntStream.range(0, n).forEach(i -> cases.add(aCase("c" + i, attempt(1, turn(1, score("correctness", i % 2 * 1.0))))));
        return suite(cases);
    }

    @Test
    void should_take_a_cases_value_as_the_mean_over_its_turns_and_attempts_and_leave_out_cases_without_one() {
        SuiteResult result = suite(List.of(
                // Turns 1 and 0.5 in attempt 1, 0 in attempt 2: (1 + 0.5 + 0) / 3 = 0.5.
                aCase("repeated", attempt(1, turn(1, score("correctness", 1.0)), turn(2, score("correctness", 0.5))),
                        attempt(2, turn(1, score("correctness", 0.0), score("tone", 0.8)))),
                aCase("one", attempt(1, turn(1, score("correctness", 1.0), score("skipped-only", null)))),
                aCase("none", attempt(1, turn(1, score("tone", 0.4))))));

        List<ScorerStatistics> stats = ScorerStatistics.of(result, Confidence.DEFAULT);

        assertThat(stats).extracting(ScorerStatistics::id).containsExactly("correctness", "tone");
        MeanEstimate correctness = stats.get(0).estimate();
        assertThat(correctness.n()).as("cases with a numeric correctness score").isEqualTo(2);
        assertThat(correctness.mean()).isCloseTo(0.75, within(1e-12));
        // Resampling {0.5, 1}: means 0.5, 0.75 and 1 with probabilities 1/4, 1/2, 1/4.
        assertThat(correctness.interval().low()).isEqualTo(0.5);
        assertThat(correctness.interval().high()).isEqualTo(1.0);
        assertThat(correctness.interval().method()).isEqualTo(Interval.BOOTSTRAP);
        assertThat(stats.get(1).estimate().n()).isEqualTo(2);
        assertThat(stats.get(1).estimate().mean()).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void should_give_the_same_numbers_for_the_same_seed_and_others_for_another_seed() {
        SuiteResult result = suite(List.of(
                aCase("a", attempt(1, turn(1, score("x", 0.2)))), aCase("b", attempt(1, turn(1, score("x", 0.9)))),
                aCase("c", attempt(1, turn(1, score("x", 0.4)))), aCase("d", attempt(1, turn(1, score("x", 1.0)))),
                aCase("e", attempt(1, turn(1, score("x", 0.7)))), aCase("f", attempt(1, turn(1, score("x", 0.55))))));

        List<ScorerStatistics> first = ScorerStatistics.of(result, new Confidence(0.9, 42));

        assertThat(ScorerStatistics.of(result, new Confidence(0.9, 42))).isEqualTo(first);
        assertThat(first.get(0).estimate().interval().level()).isEqualTo(0.9);
        assertThat(ScorerStatistics.of(result, new Confidence(0.9, 43)).get(0).estimate())
                .isNotEqualTo(first.get(0).estimate());
        List<CaseResult> reversed = new ArrayList<>(result.cases());
        java.util.Collections.reverse(reversed);
        assertThat(ScorerStatistics.of(suite(reversed), new Confidence(0.9, 42))).as("the cases in another order")
                .isEqualTo(first);
    }

    @Test
    void should_agree_with_the_analytic_standard_error_for_a_large_sample() {
        int n = 4000;
        // Analytic: values 0 and 1 in equal numbers, population standard deviation 1/2, so the
        // standard error of the mean is 0.5 / sqrt(n) and the normal interval 0.5 -+ z * that.
        double analytic = 0.5 / Math.sqrt(n);
        double z = Normal.z(0.9);

        MeanEstimate e = ScorerStatistics.of(alternating(n), new Confidence(0.9, 7)).get(0).estimate();

        assertThat(e.n()).isEqualTo(n);
        assertThat(e.mean()).isCloseTo(0.5, within(1e-12));
        assertThat(e.stderr()).isCloseTo(analytic, within(analytic * 0.05));
        assertThat(e.interval().level()).isEqualTo(0.9);
        assertThat(e.interval().low()).isCloseTo(0.5 - z * analytic, within(analytic * 0.15));
        assertThat(e.interval().high()).isCloseTo(0.5 + z * analytic, within(analytic * 0.15));
    }
}
