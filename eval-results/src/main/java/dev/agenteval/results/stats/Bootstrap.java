package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.internal.Normal;
import dev.agenteval.results.stats.internal.Samples;
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
        double centre = Samples.average(means);
        double stderr = Math.sqrt(Samples.sumOfSquares(means, centre) / (resamples - 1));
        return new MeanEstimate(n, Samples.average(values), stderr, Samples.percentileInterval(means, level));
    }
}
