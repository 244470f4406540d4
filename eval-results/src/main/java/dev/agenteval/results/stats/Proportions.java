package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.internal.Normal;

/** Intervals for a proportion of successes in independent trials. */
@API(status = EXPERIMENTAL)
public final class Proportions {

    private Proportions() {
    }

    /** The Wilson score interval of {@code successes} in {@code trials} at 95%. */
    public static Interval wilson(int successes, int trials) {
        return wilson(successes, trials, Normal.DEFAULT_LEVEL);
    }

    /**
     * The Wilson score interval (Wilson 1927; method 3 of Newcombe 1998), which unlike the normal
     * approximation stays inside [0, 1] and keeps its coverage near 0% and 100%: 7 of 7 at 95% gives
     * [0.6457, 1]. The bound at 0 successes is exactly 0 and at all successes exactly 1.
     *
     * @throws IllegalArgumentException unless {@code 0 <= successes <= trials}, {@code trials >= 1}
     *                                  and {@code 0 < level < 1}
     */
    public static Interval wilson(int successes, int trials, double level) {
        if (trials < 1 || successes < 0 || successes > trials) {
            throw new IllegalArgumentException("need 0 <= successes <= trials and trials >= 1 but successes was "
                    + successes + " and trials " + trials);
        }
        double z = Normal.z(level);
        double z2 = z * z;
        double n = trials;
        double centre = (successes + z2 / 2) / (n + z2);
        double half = z / (n + z2) * Math.sqrt(successes * (n - successes) / n + z2 / 4);
        double low = successes == 0 ? 0 : Math.max(0, centre - half);
        double high = successes == trials ? 1 : Math.min(1, centre + half);
        return new Interval(level, Interval.WILSON, low, high);
    }
}
