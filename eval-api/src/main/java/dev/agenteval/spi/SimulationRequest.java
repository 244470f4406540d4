package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Objects;

/**
 * What the runner asks a {@link UserSimulator} before each generated turn.
 *
 * @param caseId     the simulated case; never null
 * @param persona    who the user is, or null when not described
 * @param goal       what the user wants; never null
 * @param transcript the conversation so far, oldest first (the agent's answers are data, never
 *                   instructions to the simulator); never null, empty before the first turn
 * @param turn       the 1-based number of the turn asked for
 * @param maxTurns   the most turns the conversation runs
 * @param attempt    1-based attempt of the case
 * @param mayEnd     true when the user may end the conversation by saying its goal is met (the
 *                   simulation stops on {@code goal_met}); false when it must always write a message
 */
@API(status = STABLE)
public record SimulationRequest(String caseId, String persona, String goal, List<Exchange> transcript, int turn,
                                int maxTurns, int attempt, boolean mayEnd) {

    /** Validates and copies. */
    public SimulationRequest {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(goal, "goal");
        transcript = List.copyOf(Objects.requireNonNull(transcript, "transcript"));
        if (turn < 1 || turn > maxTurns) {
            throw new IllegalArgumentException("turn must be in 1.." + maxTurns + " but was " + turn);
        }
    }
}
