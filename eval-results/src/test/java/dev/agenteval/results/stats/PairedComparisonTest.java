package dev.agenteval.results.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.PairedComparison.ScorerDelta;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

    private static final Instant STARTED = Instant.parse("2026-12-05T09:00:00Z");

    /** A turn scored by {@code scorer} with {@code value}. */
    private static TurnResult turn(String scorer, Double value) {
        ScoreResult score = new ScoreResult(scorer, value == null ? ScoreStatus.ERRORED : ScoreStatus.PASSED, value,
                "", List.of(), null, value == null ? InfrastructureFailure.of(FailureCode.INTERNAL, "no value") : null);
        return new TurnResult(1, null, "q", null, null, "a", TaskState.COMPLETED, List.of(), Duration.ZERO, null, null,
                List.of(score));
    }

    /** A case of one attempt per list of turns, all of them of the given status. */
    @SafeVarargs
    private static CaseResult caseOf(String id, boolean passed, List<TurnResult>... attempts) {
        CaseStatus status = passed ? CaseStatus.PASSED : CaseStatus.FAILED;
        List<CaseAttempt> list = new ArrayList<>();
        for (List<TurnResult> turns : attempts) {
            list.add(new CaseAttempt(list.size() + 1, status, passed ? "" : "no", Duration.ZERO, null, turns));
        }
        return new CaseResult(id, List.of(), true, status, passed ? "" : "no", Duration.ZERO, null, list);
    }

    private static CaseResult verdict(String id, boolean passed) {
        return caseOf(id, passed, List.of());
    }

    private static SuiteResult result(List<CaseResult> cases) {
        return new SuiteResult("s", STARTED, Duration.ofSeconds(1), true, cases);
    }

    /** The two-sided binomial(n, ½) test at min(b, c), exactly, as the reference. */
    private static double binomialTwoSided(int b, int c) {
        int n = b + c;
        BigInteger tail = BigInteger.ZERO;
        for (int i = 0; i <= Math.min(b, c); i++) {
            tail = tail.add(ExactBinomial.choose(n, i));
        }
        BigDecimal p = new BigDecimal(tail.shiftLeft(1)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(n)),
                MathContext.DECIMAL64);
        return Math.min(1.0, p.doubleValue());
    }

    /** {@code regressed} cases passed then failed, {@code improved} the reverse, {@code same} passed on both. */
    private static SuiteResult[] runs(int regressed, int improved, int same) {
        List<CaseResult> before = new ArrayList<>();
        List<CaseResult> after = new ArrayList<>();
        for (int i = 0; i < regressed + improved + same; i++) {
            boolean wasPassing = i < regressed || i >= regressed + improved;
            boolean passes = i >= regressed;
            before.add(verdict("c" + i, wasPassing));
            after.add(verdict("c" + i, passes));
        }
        return new SuiteResult[] {result(before), result(after)};
    }

    @Test
    void mcnemar_over_the_pairs_should_be_the_binomial_test_on_the_discordant_verdicts() {
        SuiteResult[] seven = runs(7, 1, 4);
        PairedComparison p = PairedComparison.of(seven[0], seven[1], 0.05);
        assertThat(p.pairs()).isEqualTo(12);
        assertThat(p.regressed()).isEqualTo(7);
        assertThat(p.improved()).isEqualTo(1);
        assertThat(p.mcnemarP()).isCloseTo(binomialTwoSided(7, 1), within(1e-12)).isCloseTo(18.0 / 256, within(1e-12));
        assertThat(p.significant()).isFalse();
        assertThat(PairedComparison.of(seven[0], seven[1], 0.1).significant()).isTrue();

        SuiteResult[] nine = runs(9, 1, 30);
        PairedComparison q = PairedComparison.of(nine[0], nine[1], 0.05);
        assertThat(q.mcnemarP()).isCloseTo(binomialTwoSided(9, 1), within(1e-12)).isCloseTo(22.0 / 1024, within(1e-12));
        assertThat(q.significant()).isTrue();
        assertThat(q.scorers()).isEmpty();

        SuiteResult[] same = runs(0, 0, 5);
        assertThat(PairedComparison.of(same[0], same[1], 0.05).mcnemarP()).isEqualTo(1.0);
    }

    @Test
    void pairs_should_be_the_cases_in_both_runs_not_skipped_on_either_side() {
        CaseResult skipped = CaseResult.skipped(Case.id("skipped").turn("x").build(), "not run");
        SuiteResult before = result(List.of(verdict("both", true), verdict("removed", true), verdict("skipped", true)));
        SuiteResult after = result(List.of(verdict("both", false), verdict("added", false), skipped));

        PairedComparison p = PairedComparison.of(before, after, 0.05);

        assertThat(p.pairs()).isEqualTo(1);
        assertThat(p.regressed()).isEqualTo(1);
        assertThat(p.mcnemarP()).isEqualTo(1.0);
    }

    @Test
    void scorers_should_have_the_mean_paired_difference_the_exact_sign_flip_p_and_holm_across_scorers() {
        // quality: case values (mean over turns and attempts) 0.25 -> 0.75, 0.5 -> 0.75, 1.0 -> 0.75:
        // differences +0.5, +0.25, -0.25, sum 0.5. Of the 8 sign assignments, the sums are
        // 1.0, 0.5, 0.5, 0, 0, -0.5, -0.5, -1.0: six reach |0.5|, so p = 6/8.
        // tone: differences +0.5 three times, sum 1.5: only all + and all - reach it, p = 2/8.
        // Holm: 0.25 * 2 = 0.5, then max(0.5, 0.75 * 1) = 0.75.
        SuiteResult before = result(List.of(
                caseOf("a", true, List.of(turn("quality", 0.25), turn("tone", 0.0))),
                caseOf("b", true, List.of(turn("quality", 0.5), turn("tone", 0.25))),
                caseOf("c", false, List.of(turn("quality", 1.0), turn("tone", 0.5)))));
        SuiteResult after = result(List.of(
                caseOf("a", true, List.of(turn("quality", 1.0), turn("tone", 0.5), turn("new-only", 1.0)),
                        List.of(turn("quality", 0.5), turn("tone", 0.5), turn("quality", null))),
                caseOf("b", true, List.of(turn("quality", 0.75), turn("tone", 0.75))),
                caseOf("c", true, List.of(turn("quality", 0.75), turn("tone", 1.0)))));

        PairedComparison p = PairedComparison.of(before, after, 0.05);

        assertThat(p.improved()).isEqualTo(1);
        assertThat(p.scorers()).extracting(ScorerDelta::id).containsExactly("quality", "tone");
        ScorerDelta quality = p.scorers().get(0);
        assertThat(quality.n()).isEqualTo(3);
        assertThat(quality.meanDelta()).isCloseTo(0.5 / 3, within(1e-12));
        assertThat(quality.p()).isEqualTo(0.75);
        assertThat(quality.pAdjusted()).isEqualTo(0.75);
        assertThat(quality.interval().low()).isBetween(-0.25, quality.meanDelta());
        assertThat(quality.interval().high()).isBetween(quality.meanDelta(), 0.5);
        assertThat(quality.interval().method()).isEqualTo(Interval.BOOTSTRAP);
        ScorerDelta tone = p.scorers().get(1);
        assertThat(tone.meanDelta()).isCloseTo(0.5, within(1e-12));
        assertThat(tone.p()).isEqualTo(0.25);
        assertThat(tone.pAdjusted()).isEqualTo(0.5);
        assertThat(tone.interval().low()).isCloseTo(0.5, within(1e-12));
        assertThat(tone.interval().high()).isCloseTo(0.5, within(1e-12));
        assertThat(PairedComparison.of(before, after, 0.05)).isEqualTo(p);

        // A baseline given the run's --confidence and --seed compares at that level: the 50% interval of
        // the same resamples lies inside the 95% one, and a baseline's default is 95% with the default seed.
        Confidence half = new Confidence(0.5, Bootstrap.DEFAULT_SEED);
        ScorerDelta narrow = Baseline.of(before).withConfidence(half).compare(after).paired().scorers().get(0);
        assertThat(narrow.interval().level()).isEqualTo(0.5);
        assertThat(narrow.interval().low()).isGreaterThanOrEqualTo(quality.interval().low());
        assertThat(narrow.interval().high()).isLessThanOrEqualTo(quality.interval().high());
        assertThat(narrow.interval().high() - narrow.interval().low())
                .isLessThan(quality.interval().high() - quality.interval().low());
        assertThat(Baseline.of(before).compare(after).paired()).isEqualTo(p);
    }

    @Test
    void a_case_value_should_be_the_mean_over_turns_and_attempts_of_the_numeric_scores() {
        CaseResult c = caseOf("a", true, List.of(turn("q", 1.0), turn("q", 0.0)), List.of(turn("q", 0.5), turn("q", null)));
        assertThat(PairedComparison.caseValue(c, "q").getAsDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(PairedComparison.caseValue(c, "other")).isEmpty();
    }

    @Test
    void the_baseline_comparison_should_carry_the_paired_test_and_say_when_the_run_regressed_significantly() {
        SuiteResult[] nine = runs(9, 1, 30);
        BaselineComparison regressed = Baseline.of(nine[0]).compare(nine[1]);
        assertThat(regressed.paired().regressed()).isEqualTo(9);
        assertThat(regressed.hasSignificantRegression()).isTrue();

        BaselineComparison improved = Baseline.of(nine[1]).compare(nine[0]);
        assertThat(improved.paired().significant()).isTrue();
        assertThat(improved.hasSignificantRegression()).isFalse();

        SuiteResult[] seven = runs(7, 1, 4);
        assertThat(Baseline.of(seven[0]).compare(seven[1]).hasSignificantRegression()).isFalse();
        assertThat(Baseline.of(seven[0]).withSignificance(0.1).compare(seven[1]).hasSignificantRegression()).isTrue();
    }

    @Test
    void should_refuse_a_significance_outside_zero_to_one() {
        SuiteResult[] runs = runs(1, 0, 0);
        assertThatThrownBy(() -> PairedComparison.of(runs[0], runs[1], 1.0))
                .hasMessage("significance must be > 0 and < 1 but was 1.0");
    }

    @Test
    void a_scorer_should_be_significant_only_when_its_holm_adjusted_p_is_below_the_significance() {
        PairedComparison.ScorerDelta d = new PairedComparison.ScorerDelta("quality", 12, 0.2,
                new Interval(0.95, "bootstrap", 0.05, 0.35), 0.01, 0.05);
        assertThat(d.significant(0.05)).as("adjusted p equal to the significance").isFalse();
        assertThat(d.significant(0.0501)).isTrue();
        assertThat(d.significant(0.02)).as("the raw p (0.01) does not decide").isFalse();
    }
}
