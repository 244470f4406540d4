package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/** The outcome of one scorer on one turn. */
@API(status = STABLE)
public enum ScoreStatus {
    /** Every check held. */
    PASSED,
    /** Some check did not hold. */
    FAILED,
    /** The scorer did not apply (e.g. no tools resolved); not a pass. */
    SKIPPED,
    /** The scorer could not be computed (e.g. the judge gave no clear verdict). */
    ERRORED,
    /**
     * The judge's score fell inside the scorer's {@code undecidedBetween} band: neither a pass nor a
     * failure, and never counted as a pass.
     */
    UNDECIDED;

    /** The lower-case name used in reports. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
