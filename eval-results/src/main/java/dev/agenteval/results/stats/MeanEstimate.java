package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.Objects;

/**
 * A sample mean with its standard error and an interval, as {@link Bootstrap#mean} gives it.
 *
 * @param n        the sample size
 * @param mean     the sample mean
 * @param stderr   the standard deviation of the resampled means (the bootstrap standard error)
 * @param interval the percentile interval of the resampled means; never null
 */
@API(status = EXPERIMENTAL)
public record MeanEstimate(int n, double mean, double stderr, Interval interval) {

    /** Checks the interval is present. */
    public MeanEstimate {
        Objects.requireNonNull(interval, "interval");
    }
}
