package dev.agenteval.api;

/** The outcome of one scorer on one turn. */
public enum ScoreStatus {
    /** Every check held. */
    PASSED,
    /** Some check did not hold. */
    FAILED,
    /** The scorer did not apply (e.g. no tools resolved); not a pass. */
    SKIPPED,
    /** The scorer could not be computed (e.g. the judge gave no clear verdict). */
    ERRORED;

    /** The lower-case name used in reports. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
