package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.Usage;

/**
 * A {@link UserSimulator}'s answer: the user's next message, or that the goal is met.
 *
 * @param message the message to send to the agent, or null when the goal is met
 * @param goalMet true when the user considers its goal met and sends nothing more
 * @param reason  the simulator's reason for ending, or null
 * @param usage   the simulator's own usage, or null
 */
@API(status = STABLE)
public record SimulatedTurn(String message, boolean goalMet, String reason, Usage usage) {

    /** Validates: a message unless the goal is met, and no message when it is. */
    public SimulatedTurn {
        if (goalMet && message != null) {
            throw new IllegalArgumentException("a simulated turn whose goal is met has no message");
        }
        if (!goalMet && (message == null || message.isBlank())) {
            throw new IllegalArgumentException("a simulated turn needs a non-blank message unless its goal is met");
        }
    }

    /** The user says {@code message}. */
    public static SimulatedTurn say(String message) {
        return new SimulatedTurn(message, false, null, null);
    }

    /** The user's goal is met, for {@code reason} (may be null). */
    public static SimulatedTurn goalMet(String reason) {
        return new SimulatedTurn(null, true, reason, null);
    }
}
