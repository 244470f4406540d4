package dev.agenteval.results.stats.internal;

/**
 * How many attempts of one case ran and how many passed: what {@link AttemptPassRate} and
 * {@link PassAtK} are computed from ({@link RunStatistics} counts them).
 *
 * @param attempts attempts run, {@code >= 0}
 * @param passed   attempts that passed, {@code 0..attempts}
 */
record AttemptCounts(int attempts, int passed) {

    /** Checks {@code 0 <= passed <= attempts}. */
    AttemptCounts {
        if (attempts < 0 || passed < 0 || passed > attempts) {
            throw new IllegalArgumentException("need 0 <= passed <= attempts but passed was " + passed
                    + " and attempts " + attempts);
        }
    }

    /** The share of attempts that passed; 0 without attempts. */
    double fraction() {
        return attempts == 0 ? 0 : (double) passed / attempts;
    }
}
