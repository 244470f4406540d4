package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.calls;
import static dev.agenteval.scorers.internal.ScorerTesting.named;
import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The graded terms of {@code trajectory}: {@code score} (precision, recall, f1 or in_order) with
 * {@code threshold}, and {@code min_calls}. Every expected value below is worked out by hand in
 * the comments, from the definitions in the README, not from the code:
 *
 * <ul>
 * <li>m = the size of a maximum one-to-one matching of expected to actual calls (a call matches
 *     an expected call by name and argument mode);</li>
 * <li>precision = m / actual calls (0 without calls), recall = m / expected calls,
 *     F1 = 2PR / (P + R) (0 when both are 0);</li>
 * <li>in_order = LCS / max(expected, actual), the LCS taken with the same matching relation
 *     (Dokimos' IN_ORDER).</li>
 * </ul>
 */
class TrajectoryScoresTest {

    private final TrajectoryScorerFactory factory = new TrajectoryScorerFactory();

    // expected: search{q: pumps}, book{date: 2026-12-06}, email
    private static final List<Object> EXPECTED = List.of(obj("name", "search", "args", obj("q", "pumps")),
            obj("name", "book", "args", obj("date", "2026-12-06")), "email");
    // actual: search{q: pumps, limit: 5} (matches, subset), lookup (unexpected),
    //         book{date: 2026-12-07} (wrong date: no match), email (matches)
    private static final AgentResponse ACTUAL = calls(ToolCall.of("search", obj("q", "pumps", "limit", 5L)),
            ToolCall.of("lookup", Map.of()), ToolCall.of("book", obj("date", "2026-12-07")),
            ToolCall.of("email", Map.of()));

    private ScoreResult graded(String score, double threshold, List<Object> expected, AgentResponse actual)
            throws Exception {
        return score(factory, ScorerSpec.of("trajectory", obj("calls", expected, "score", score,
                "threshold", threshold)), actual);
    }

    @Test
    void f1_of_a_trajectory_with_an_extra_call_and_a_wrong_argument() throws Exception {
        // m = 2 (search, email). precision = 2/4 = 0.5; recall = 2/3 = 0.6667;
        // F1 = 2 * 0.5 * 0.6667 / (0.5 + 0.6667) = 0.6667 / 1.1667 = 4/7 = 0.5714.
        // LCS of [search, book, email] and [search, lookup, book', email] = 2 (search, email);
        // in_order = 2 / max(3, 4) = 0.5.
        ScoreResult r = graded("f1", 0.5, EXPECTED, ACTUAL);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.value()).isCloseTo(4.0 / 7, within(1e-9));
        assertThat(r.checks()).singleElement().isEqualTo(Check.pass("trajectory f1 >= 0.5: search, book, email",
                "f1 0.571; precision 0.5 (2 of 4 calls matched); recall 0.667 (2 of 3 expected calls made);"
                        + " in_order 0.5 (LCS 2 of max(3, 4)) (calls: search, lookup, book, email)"));

        ScoreResult strict = graded("f1", 0.6, EXPECTED, ACTUAL);
        assertThat(strict.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(strict.value()).as("the value is the score, not the share of checks").isCloseTo(4.0 / 7, within(1e-9));
        assertThat(strict.reason()).startsWith("trajectory f1 >= 0.6: search, book, email: f1 0.571 below 0.6; precision 0.5");
    }

    @Test
    void each_score_can_be_the_graded_one() throws Exception {
        // Same example: precision 0.5, recall 2/3, in_order 0.5.
        assertThat(graded("precision", 0.5, EXPECTED, ACTUAL).value()).isCloseTo(0.5, within(1e-9));
        assertThat(graded("recall", 0.5, EXPECTED, ACTUAL).value()).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(graded("in_order", 0.5, EXPECTED, ACTUAL).value()).isCloseTo(0.5, within(1e-9));
        assertThat(graded("in_order", 0.51, EXPECTED, ACTUAL).passed()).isFalse();
    }

    @Test
    void in_order_is_the_longest_common_subsequence_over_the_longer_list() throws Exception {
        // expected [a, b, c], actual [c, a, b]: every call matches (precision = recall = F1 = 1),
        // but the longest order kept is a, b: LCS 2, in_order = 2 / max(3, 3) = 0.6667.
        ScoreResult r = graded("in_order", 0.6, List.of("a", "b", "c"), named("c", "a", "b"));
        assertThat(r.value()).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(r.checks().get(0).detail()).isEqualTo("in_order 0.667 (LCS 2 of max(3, 3)); precision 1"
                + " (3 of 3 calls matched); recall 1 (3 of 3 expected calls made); f1 1 (calls: c, a, b)");
        // expected [a, b], actual [a, x, y, b]: LCS 2, in_order = 2 / max(2, 4) = 0.5; precision 2/4 = 0.5.
        assertThat(graded("in_order", 0.5, List.of("a", "b"), named("a", "x", "y", "b")).value())
                .isCloseTo(0.5, within(1e-9));
    }

    @Test
    void matching_is_one_to_one() throws Exception {
        // expected [a, a], actual [a]: m = 1 (the one call serves one expectation).
        // precision = 1/1 = 1; recall = 1/2 = 0.5; F1 = 2 * 1 * 0.5 / 1.5 = 0.6667; LCS 1, in_order 1/2.
        assertThat(graded("f1", 0, List.of("a", "a"), named("a")).value()).isCloseTo(2.0 / 3, within(1e-9));
        // expected [a], actual [a, a]: m = 1; precision 1/2, recall 1/1, F1 = 2 * 0.5 / 1.5 = 0.6667.
        assertThat(graded("precision", 0, List.of("a"), named("a", "a")).value()).isCloseTo(0.5, within(1e-9));
        assertThat(graded("f1", 0, List.of("a"), named("a", "a")).value()).isCloseTo(2.0 / 3, within(1e-9));
    }

    @Test
    void no_calls_score_zero() throws Exception {
        // expected [a], no calls: m = 0, precision 0 (none made), recall 0/1, F1 0, in_order 0/1.
        for (String s : List.of("precision", "recall", "f1", "in_order")) {
            ScoreResult r = graded(s, 0.1, List.of("a"), named());
            assertThat(r.value()).as(s).isZero();
            assertThat(r.passed()).as(s).isFalse();
        }
        assertThat(graded("f1", 0, List.of("a"), named()).passed()).as("threshold 0 passes any score").isTrue();
    }

    @Test
    void the_argument_mode_decides_what_matches_in_the_scores() throws Exception {
        // With arg_mode exact, search{q: pumps, limit: 5} no longer matches search{q: pumps}:
        // m = 1 (email); precision 1/4 = 0.25, recall 1/3, F1 = 2 * 0.25 * 0.3333 / 0.5833 = 0.2857 (2/7).
        ScoreResult r = score(factory, ScorerSpec.of("trajectory", obj("calls", EXPECTED, "score", "f1",
                "threshold", 0.2, "arg_mode", "exact")), ACTUAL);
        assertThat(r.value()).isCloseTo(2.0 / 7, within(1e-9));
        assertThat(r.passed()).isTrue();
    }

    @Test
    void default_threshold_is_a_perfect_score_and_a_mode_stays_a_check_of_its_own() throws Exception {
        ScoreResult perfect = score(factory, ScorerSpec.of("trajectory", obj("calls", List.of("a", "b"),
                "score", "recall")), named("b", "a", "x"));
        assertThat(perfect.passed()).isTrue();
        assertThat(perfect.checks()).extracting(Check::label).containsExactly("trajectory recall >= 1: a, b");

        ScoreResult both = score(factory, ScorerSpec.of("trajectory", obj("mode", "strict", "calls", List.of("a", "b"),
                "score", "recall", "threshold", 1.0)), named("b", "a"));
        assertThat(both.checks()).extracting(Check::label, Check::passed).containsExactly(
                org.assertj.core.groups.Tuple.tuple("trajectory strict: a, b", false),
                org.assertj.core.groups.Tuple.tuple("trajectory recall >= 1: a, b", true));
        assertThat(both.value()).as("the graded score, even when another check fails").isEqualTo(1.0);
        assertThat(both.status()).isEqualTo(ScoreStatus.FAILED);
    }

    @Test
    void min_calls_counts_every_call() throws Exception {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("min_calls", 2L));
        assertThat(score(factory, spec, named("a")).checks()).singleElement()
                .isEqualTo(Check.fail("min_calls 2", "1 call, min_calls 2"));
        assertThat(score(factory, spec, named("a", "b")).checks()).singleElement()
                .isEqualTo(Check.pass("min_calls 2", "2 calls"));
    }

    @Test
    void old_verdicts_and_values_are_unchanged_without_a_score() throws Exception {
        ScoreResult r = score(factory, ScorerSpec.of("trajectory", obj("mode", "in_order", "calls", List.of("a", "b"),
                "max_calls", 1L)), named("a", "b"));
        assertThat(r.value()).as("the share of checks held, as before").isEqualTo(0.5);
    }

    @Test
    void should_report_bad_graded_parameters() {
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("calls", List.of("a"), "score", "f2"))))
                .containsExactly("'score' must be one of precision, recall, f1, in_order but was \"f2\""
                        + " — did you mean 'f1'?");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("calls", List.of("a"), "score", "f1",
                "threshold", 1.5)))).containsExactly("'threshold' must be a number from 0 to 1 but was 1.5");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("calls", List.of("a"), "threshold", 0.5))))
                .containsExactly("'threshold' needs 'score' (the score it applies to)");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("score", "f1", "max_calls", 3L))))
                .containsExactly("'score' needs 'calls' (the expected calls it scores against)");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("min_calls", 0L))))
                .containsExactly("'min_calls' must be a positive integer but was 0");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("min_calls", 3L, "max_calls", 2L))))
                .containsExactly("'min_calls' 3 is more than 'max_calls' 2: no trajectory passes");
    }
}
