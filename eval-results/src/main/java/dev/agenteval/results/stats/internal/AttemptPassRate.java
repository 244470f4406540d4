package dev.agenteval.results.stats.internal;

import dev.agenteval.results.stats.Interval;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The attempt-level pass rate of repeated cases: the mean over cases of each case's share of
 * passed attempts, with a standard error clustered by case (a case's attempts share its
 * difficulty, so they are not independent trials; the cases are the sample) and its normal
 * interval, clipped to [0, 1].
 *
 * @param mean     the mean of the per-case pass fractions, 0..1
 * @param stderr   the sample standard deviation of the per-case fractions over the square root of
 *                 the number of cases (the cluster-robust standard error with the m/(m-1) correction
 *                 when every case ran as many attempts); empty with one case, from which no spread
 *                 can be estimated
 * @param interval {@code mean ± z·stderr} clipped to [0, 1], method {@code normal}; empty with one case
 * @param cases    the cases counted (those with at least one attempt), {@code >= 1}
 */
public record AttemptPassRate(double mean, OptionalDouble stderr, Optional<Interval> interval, int cases) {

    /** Checks for nulls. */
    public AttemptPassRate {
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(interval, "interval");
    }

    /**
     * The attempt pass rate over the cases that ran at least one attempt; empty when none did.
     *
     * @throws IllegalArgumentException unless {@code 0 < level < 1}
     */
    static Optional<AttemptPassRate> of(List<AttemptCounts> counts, double level) {
        Normal.checkLevel(level);
        double[] fractions = counts.stream().filter(c -> c.attempts() > 0).mapToDouble(AttemptCounts::fraction).toArray();
        if (fractions.length == 0) {
            return Optional.empty();
        }
        double mean = Samples.average(fractions);
        if (fractions.length == 1) {
            return Optional.of(new AttemptPassRate(mean, OptionalDouble.empty(), Optional.empty(), 1));
        }
        double stderr = Math.sqrt(Samples.sumOfSquares(fractions, mean) / (fractions.length - 1) / fractions.length);
        double z = Normal.z(level);
        Interval interval = new Interval(level, Interval.NORMAL, Math.max(0, mean - z * stderr),
                Math.min(1, mean + z * stderr));
        return Optional.of(new AttemptPassRate(mean, OptionalDouble.of(stderr), Optional.of(interval), fractions.length));
    }
}
