package dev.agenteval.report.stats;

import java.util.List;
import java.util.Optional;

/**
 * The attempt-level pass rate of repeated cases: the mean over cases of each case's share of
 * passed attempts, with a standard error clustered by case (a case's attempts share its
 * difficulty, so they are not independent trials; the cases are the sample) and its normal
 * interval, clipped to [0, 1].
 *
 * @param mean     the mean of the per-case pass fractions, 0..1
 * @param stderr   the sample standard deviation of the per-case fractions over the square root of
 *                 the number of cases (the cluster-robust standard error with the m/(m-1) correction
 *                 when every case ran as many attempts)
 * @param interval {@code mean ± z·stderr} clipped to [0, 1], method {@code normal}
 * @param cases    the cases counted (those with at least one attempt), {@code >= 2}
 */
public record AttemptPassRate(double mean, double stderr, Interval interval, int cases) {

    /**
     * The attempt pass rate over the cases that ran at least one attempt; empty when fewer than two
     * did (no standard error can be estimated from one case).
     */
    public static Optional<AttemptPassRate> of(List<AttemptCounts> counts, double level) {
        double[] fractions = counts.stream().filter(c -> c.attempts() > 0).mapToDouble(AttemptCounts::fraction).toArray();
        Normal.checkLevel(level);
        if (fractions.length < 2) {
            return Optional.empty();
        }
        double mean = Bootstrap.average(fractions);
        double stderr = Math.sqrt(Bootstrap.sumOfSquares(fractions, mean) / (fractions.length - 1) / fractions.length);
        double z = Normal.z(level);
        Interval interval = new Interval(level, Interval.NORMAL, Math.max(0, mean - z * stderr),
                Math.min(1, mean + z * stderr));
        return Optional.of(new AttemptPassRate(mean, stderr, interval, fractions.length));
    }
}
