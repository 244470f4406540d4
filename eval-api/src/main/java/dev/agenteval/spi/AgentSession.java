package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Message;
import java.util.Optional;

/**
 * One conversation with an agent: the turns of a case, in order, on one thread at a time. The
 * session carries what the protocol needs between turns (context id, task id, cursor).
 */
@API(status = STABLE)
public interface AgentSession extends AutoCloseable {

    /**
     * Sends one message and waits for the answer. Must respond to thread interruption (or to
     * {@link #cancel()}) by abandoning the call.
     *
     * @throws dev.agenteval.api.AgentException with the most precise failure code on failure
     */
    AgentResponse send(Message message) throws InterruptedException;

    /**
     * Sends one turn's message with what the runner knows of the turn: the tool mocks in force
     * and headers to propagate. The runner calls this one; by default it ignores {@code context}
     * and calls {@link #send(Message)}. A client that {@linkplain AgentClient#honoursToolMocks()
     * honours tool mocks} or propagates headers overrides it.
     *
     * @throws dev.agenteval.api.AgentException with the most precise failure code on failure
     */
    default AgentResponse send(Message message, TurnContext context) throws InterruptedException {
        return send(message);
    }

    /**
     * The request payload of the last {@link #send}, as sent on the wire (JSON-like), for the
     * report. Secrets are redacted by the runner. Empty when the client does not expose it.
     */
    default Optional<Object> lastRequest() {
        return Optional.empty();
    }

    /** Cancels an in-flight call from another thread (the case timed out). */
    default void cancel() {
    }

    /** Ends the conversation, e.g. deletes an ephemeral agent. Called once, also after a failure. */
    @Override
    default void close() {
    }
}
