package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.internal.Normal;
import java.util.Objects;

/**
 * A confidence interval, as results.json writes it: {@code {"level": 0.95, "method": "wilson",
 * "low": 0.6457, "high": 1.0}}.
 *
 * @param level  the confidence level, in (0, 1), e.g. 0.95
 * @param method how it was computed: {@code wilson}, {@code normal} or {@code bootstrap}; never null
 * @param low    the lower bound, {@code <= high}
 * @param high   the upper bound
 */
@API(status = EXPERIMENTAL)
public record Interval(double level, String method, double low, double high) {

    /** The method of {@link Proportions#wilson}. */
    public static final String WILSON = "wilson";
    /** A normal (Wald) interval around an estimate and its standard error. */
    public static final String NORMAL = "normal";
    /** The percentile interval of {@link Bootstrap}. */
    public static final String BOOTSTRAP = "bootstrap";

    /** Checks the level and that {@code low <= high}. */
    public Interval {
        Normal.checkLevel(level);
        Objects.requireNonNull(method, "method");
        if (!(low <= high)) {
            throw new IllegalArgumentException("low must be <= high but was " + low + " > " + high);
        }
    }

    /** True when {@code value} lies inside, bounds included. */
    public boolean contains(double value) {
        return low <= value && value <= high;
    }
}
