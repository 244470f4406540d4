package dev.agenteval.results.stats.internal;

import dev.agenteval.results.stats.Interval;

import java.util.Arrays;

/**
 * Sums over a sample that the statistics of {@code dev.agenteval.results.stats} share: the mean,
 * the sum of squared deviations, the sample quantile and the percentile interval of resampled
 * values. Not API.
 */
public final class Samples {

    private Samples() {
    }

    /** The {@code p}-quantile of sorted values, interpolated linearly between order statistics (R type 7). */
    public static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
    }

    /**
     * The percentile bootstrap interval at {@code level} of resampled values: their
     * {@code (1-level)/2} and {@code (1+level)/2} quantiles. Sorts {@code resampled} in place.
     */
    public static Interval percentileInterval(double[] resampled, double level) {
        Arrays.sort(resampled);
        double low = quantile(resampled, (1 - level) / 2);
        double high = quantile(resampled, (1 + level) / 2);
        return new Interval(level, Interval.BOOTSTRAP, low, Math.max(low, high));
    }

    /** The mean of {@code values} (NaN when there are none). */
    public static double average(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The sum of the squared deviations of {@code values} from {@code mean}. */
    public static double sumOfSquares(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum;
    }
}
