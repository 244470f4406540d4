package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ToolCall;
import dev.agenteval.scorers.internal.TrajectoryScorerFactory.Expected;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The graded term of {@code trajectory} ({@code score} with {@code threshold}): how close the
 * calls came to the expected ones, as four scores in 0..1, one of which must reach the threshold.
 *
 * <ul>
 * <li>{@code precision} = m / actual calls (0 without calls) and {@code recall} = m / expected
 *     calls, where m is the size of a maximum one-to-one matching of expected to actual calls
 *     ({@link CallMatching}, a call matching an expected call by name, argument mode and
 *     assertions, as in the verdict modes): Ragas' ToolCallF1 and Dokimos' PRECISION and RECALL,
 *     but as multisets (a call made twice and expected once is one match and one extra);</li>
 * <li>{@code f1} = 2PR / (P + R), 0 when both are 0;</li>
 * <li>{@code in_order} = the length of the longest common subsequence of the expected and the
 *     actual calls (with the same matching relation) divided by the longer list's length: Dokimos'
 *     IN_ORDER. 1 only when the calls are exactly the expected ones in order; an extra, a missing
 *     or a misplaced call each cost.</li>
 * </ul>
 *
 * {@code max_pairs} bounds the matching as in the verdict modes, and the in-order table
 * (expected × actual calls); beyond it the graded check fails naming the limit (or, when another
 * score is graded, the detail says in_order was not computed).
 */
final class TrajectoryScores {

    /** The score {@code score} names. */
    enum Score {
        PRECISION, RECALL, F1, IN_ORDER;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The ids of {@link Score}, in order. */
    static final List<String> IDS = Arrays.stream(Score.values()).map(Score::id).toList();

    private TrajectoryScores() {
    }

    /** A graded check and its score, null when it could not be computed. */
    record Graded(Check check, Double value) {
    }

    /**
     * The counts behind the scores.
     *
     * @param matched  m, the calls in a maximum one-to-one matching
     * @param expected the expected calls (at least one)
     * @param actual   the actual calls
     * @param lcs      the longest common subsequence, or -1 when not computed
     */
    record Counts(int matched, int expected, int actual, int lcs) {
        double precision() {
            return actual == 0 ? 0 : (double) matched / actual;
        }

        double recall() {
            return (double) matched / expected;
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        double inOrder() {
            return (double) lcs / Math.max(expected, actual);
        }

        double of(Score score) {
            return switch (score) {
                case PRECISION -> precision();
                case RECALL -> recall();
                case F1 -> f1();
                case IN_ORDER -> inOrder();
            };
        }

        String describe(Score score) {
            return switch (score) {
                case PRECISION -> "precision " + format(precision()) + " (" + matched + " of " + actual + " calls matched)";
                case RECALL -> "recall " + format(recall()) + " (" + matched + " of " + expected
                        + " expected calls made)";
                case F1 -> "f1 " + format(f1());
                case IN_ORDER -> lcs < 0 ? "in_order not computed (" + expected + " × " + actual
                        + " calls is more than max_pairs)"
                        : "in_order " + format(inOrder()) + " (LCS " + lcs + " of max(" + expected + ", " + actual + "))";
            };
        }
    }

    /** The graded check of {@code expected} against {@code actual}: {@code score} at least {@code threshold}. */
    static Graded check(Score score, double threshold, List<Expected> expected, List<ToolCall> actual, long maxPairs,
            String label, String calls) {
        CallMatching.Result matching = CallMatching.maximum(expected, actual, maxPairs, Expected::matches);
        boolean lcsFits = (long) expected.size() * actual.size() <= maxPairs;
        if (matching.overLimit() || score == Score.IN_ORDER && !lcsFits) {
            long pairs = matching.overLimit() ? matching.pairs() : (long) expected.size() * actual.size();
            return new Graded(Check.fail(label, "not checked: scoring " + expected.size() + " expected with "
                    + actual.size() + " actual calls means comparing " + pairs + " pairs, more than max_pairs "
                    + maxPairs + "; raise 'max_pairs' on this trajectory scorer to score them"), null);
        }
        int matched = (int) Arrays.stream(matching.expectedOfActual()).filter(e -> e >= 0).count();
        Counts counts = new Counts(matched, expected.size(), actual.size(), lcsFits ? lcs(expected, actual) : -1);
        double value = counts.of(score);
        boolean passed = value >= threshold;
        List<String> parts = new ArrayList<>();
        String first = counts.describe(score);
        String shown = score.id() + " " + format(value);
        parts.add(passed ? first : shown + " below " + format(threshold) + first.substring(shown.length()));
        for (Score other : Score.values()) {
            if (other != score) {
                parts.add(counts.describe(other));
            }
        }
        String detail = String.join("; ", parts) + " (" + calls + ")";
        return new Graded(passed ? Check.pass(label, detail) : Check.fail(label, detail), value);
    }

    /** The longest common subsequence of the expected and the actual calls, two rows of the table at a time. */
    static int lcs(List<Expected> expected, List<ToolCall> actual) {
        int[] previous = new int[actual.size() + 1];
        int[] current = new int[actual.size() + 1];
        for (Expected want : expected) {
            for (int j = 1; j <= actual.size(); j++) {
                ToolCall call = actual.get(j - 1);
                current[j] = call.name().equals(want.name()) && want.matches(call) ? previous[j - 1] + 1
                        : Math.max(previous[j], current[j - 1]);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[actual.size()];
    }

    /** A score or threshold with at most three decimals: {@code 0.571}, {@code 0.5}, {@code 1}. */
    static String format(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
