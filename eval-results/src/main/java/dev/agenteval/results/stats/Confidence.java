package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.internal.Normal;

/**
 * How a run's error bars are computed, as {@code --confidence} and {@code --seed} set them: the
 * confidence level of every interval and the seed of every bootstrap, so that the same results and
 * seed give the same numbers on every run. A report option
 * ({@code ReportOptions.none().with(Confidence.class, new Confidence(0.9, 7))}).
 *
 * @param level the confidence level of the intervals, in (0, 1), e.g. 0.95
 * @param seed  the seed of the bootstrap resamples
 */
@API(status = EXPERIMENTAL)
public record Confidence(double level, long seed) {

    /** 95% with {@link Bootstrap#DEFAULT_SEED}. */
    public static final Confidence DEFAULT = new Confidence(Normal.DEFAULT_LEVEL, Bootstrap.DEFAULT_SEED);

    /**
     * Checks the level.
     *
     * @throws IllegalArgumentException unless {@code 0 < level < 1}
     */
    public Confidence {
        Normal.checkLevel(level);
    }
}
