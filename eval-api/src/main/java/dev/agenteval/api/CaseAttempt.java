package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;
import java.time.Duration;
import java.util.List;

/**
 * One run of a case on a fresh session. A case repeated N times has N attempts.
 *
 * @param attempt  1-based attempt number
 * @param status   the verdict of this attempt; never null
 * @param reason   why it did not pass (empty when it passed); never null
 * @param duration the wall time of this attempt; never null
 * @param usage    the agent's usage summed over turns, or null when none was reported
 * @param turns    the turns that ran; never null
 */
public record CaseAttempt(int attempt, CaseStatus status, String reason, Duration duration, Usage usage,
                          List<TurnResult> turns) {

    /** Validates and copies. */
    public CaseAttempt {
        Checks.requireNonNull(status, "status");
        Checks.requireNonNull(reason, "reason");
        Checks.requireNonNull(duration, "duration");
        turns = List.copyOf(Checks.requireNonNull(turns, "turns"));
    }

    /** True when the attempt passed. */
    public boolean passed() {
        return status == CaseStatus.PASSED;
    }
}
