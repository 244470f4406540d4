package dev.agenteval.api;

/** The verdict of a case. */
public enum CaseStatus {
    /** The case met its expectation. */
    PASSED,
    /** The case ran but did not meet its expectation. */
    FAILED,
    /** The harness could not evaluate the case (a harness failure on some turn or scorer). */
    ERRORED,
    /** The case was selected but not run (stop-on-failure, interrupted run). */
    SKIPPED;

    /** The lower-case name used in reports. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
