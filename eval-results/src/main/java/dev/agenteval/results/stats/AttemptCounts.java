package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

/**
 * How many attempts of one case ran and how many passed.
 *
 * @param attempts attempts run, {@code >= 0}
 * @param passed   attempts that passed, {@code 0..attempts}
 */
@API(status = EXPERIMENTAL)
public record AttemptCounts(int attempts, int passed) {

    /** Checks {@code 0 <= passed <= attempts}. */
    public AttemptCounts {
        if (attempts < 0 || passed < 0 || passed > attempts) {
            throw new IllegalArgumentException("need 0 <= passed <= attempts but passed was " + passed
                    + " and attempts " + attempts);
        }
    }

    /** The share of attempts that passed; 0 without attempts. */
    public double fraction() {
        return attempts == 0 ? 0 : (double) passed / attempts;
    }
}
