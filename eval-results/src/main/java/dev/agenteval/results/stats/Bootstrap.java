package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap of a mean (Efron 1979): the sample is resampled with replacement, the
 * mean of each resample taken, and the interval read from the quantiles of those means. Seeded
 * with {@link SplittableRandom}: the same values, resamples and seed give the same numbers on every
 * run and every JVM.
 */
@API(status = EXPERIMENTAL)
public final class Bootstrap {

    /** Resamples used when none are given. */
    public static final int DEFAULT_RESAMPLES = 10_000;
    /** The seed used when none is given. */
    public static final long DEFAULT_SEED = 20_240_529L;

    private Bootstrap() {
    }

    /** {@link #mean(double[], double, int, long)} at 95% with the default resamples and seed. */
    public static MeanEstimate mean(double[] values) {
        return mean(values, Normal.DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED);
    }

    /**
     * The mean of {@code values} with its bootstrap standard error and percentile interval at
     * {@code level} (the {@code (1-level)/2} and {@code (1+level)/2} quantiles of the resampled
     * means, interpolated linearly as R's type 7).
     *
     * @throws IllegalArgumentException when {@code values} is empty or holds a NaN or infinity,
     *                                  {@code resamples < 2}, or the level is not in (0, 1)
     */
    public static MeanEstimate mean(double[] values, double level, int resamples, long seed) {
        Normal.checkLevel(level);
        if (values.length == 0) {
            throw new IllegalArgumentException("values must not be empty");
        }
        if (resamples < 2) {
            throw new IllegalArgumentException("resamples must be >= 2 but was " + resamples);
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values must be finite numbers but one was " + v);
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        int n = values.length;
        double[] means = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            means[r] = sum / n;
        }
        double centre = average(means);
        double stderr = Math.sqrt(sumOfSquares(means, centre) / (resamples - 1));
        Arrays.sort(means);
        double low = quantile(means, (1 - level) / 2);
        double high = quantile(means, (1 + level) / 2);
        return new MeanEstimate(n, average(values), stderr, new Interval(level, Interval.BOOTSTRAP, low, Math.max(low, high)));
    }

    /** The {@code p}-quantile of sorted values, interpolated linearly between order statistics (R type 7). */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
    }

    static double average(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    static double sumOfSquares(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum;
    }
}
