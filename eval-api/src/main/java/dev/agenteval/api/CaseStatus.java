package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/** The verdict of a case. */
@API(status = STABLE)
public enum CaseStatus {
    /** The case met its expectation. */
    PASSED,
    /** The case ran but did not meet its expectation. */
    FAILED,
    /** The harness could not evaluate the case (a harness failure on some turn or scorer). */
    ERRORED,
    /** The case was selected but not run (stop-on-failure, interrupted run). */
    SKIPPED,
    /**
     * The case failed no check, but some judge score fell inside its {@code undecidedBetween} band:
     * a person must decide. Never a pass; counted apart from passes and failures.
     */
    UNDECIDED;

    /** The lower-case name used in reports. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
