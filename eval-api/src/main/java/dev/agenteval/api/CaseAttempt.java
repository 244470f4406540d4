package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

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
 * @param stopReason for a simulated conversation, why it stopped: {@code goal_met},
 *                 {@code task_completed}, {@code contains} or {@code max_turns}; null for scripted
 *                 turns and for a conversation cut off by a failure
 */
@API(status = STABLE)
public record CaseAttempt(int attempt, CaseStatus status, String reason, Duration duration, Usage usage,
                          List<TurnResult> turns, String stopReason) {

    /** The stop reason of a conversation that ran {@code maxTurns} turns without another condition holding. */
    public static final String MAX_TURNS = "max_turns";

    /** Validates and copies. */
    public CaseAttempt {
        Checks.requireNonNull(status, "status");
        Checks.requireNonNull(reason, "reason");
        Checks.requireNonNull(duration, "duration");
        turns = List.copyOf(Checks.requireNonNull(turns, "turns"));
    }

    /** An attempt of scripted turns (no stop reason). */
    public CaseAttempt(int attempt, CaseStatus status, String reason, Duration duration, Usage usage,
                       List<TurnResult> turns) {
        this(attempt, status, reason, duration, usage, turns, null);
    }

    /** A copy with the given stop reason. */
    public CaseAttempt withStopReason(String stopReason) {
        return new CaseAttempt(attempt, status, reason, duration, usage, turns, stopReason);
    }

    /** True when the attempt passed. */
    public boolean passed() {
        return status == CaseStatus.PASSED;
    }
}
