package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Plays the user of a {@link dev.agenteval.api.Simulation simulated conversation}: given the
 * persona, the goal and the conversation so far, says the user's next message, or that the goal
 * is met. Must be thread-safe. A simulator that cannot answer throws an
 * {@link dev.agenteval.api.AgentException} (usually a {@link dev.agenteval.api.JudgeException},
 * recorded as {@code judge_error} on the turn it was asked for): never an invented message.
 *
 * <pre>{@code
 * UserSimulator scripted = request -> request.turn() <= 2
 *         ? SimulatedTurn.say(List.of("Hi, where is my refund?", "Order 42").get(request.turn() - 1))
 *         : SimulatedTurn.goalMet("the refund was confirmed");
 * }</pre>
 */
@FunctionalInterface
@API(status = STABLE)
public interface UserSimulator {

    /**
     * The user's next turn.
     *
     * @throws dev.agenteval.api.AgentException when no usable reply was obtained
     */
    SimulatedTurn next(SimulationRequest request) throws InterruptedException;

    /**
     * Checks the simulator can work before any agent call; the runner calls it once per run when a
     * selected case is simulated.
     *
     * @throws dev.agenteval.api.AgentException with a clear message when it cannot
     */
    default void preflight() throws InterruptedException {
    }

    /** A name shown in results, e.g. the model; defaults to the class name. */
    default String name() {
        return getClass().getSimpleName();
    }
}
