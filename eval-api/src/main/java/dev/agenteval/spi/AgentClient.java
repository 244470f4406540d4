package dev.agenteval.spi;

/**
 * Talks to an agent over its protocol. One client serves a whole run and must be thread-safe:
 * the runner opens one {@link AgentSession} per case attempt, concurrently.
 */
public interface AgentClient extends AutoCloseable {

    /**
     * Opens a conversation for one case attempt. Clients that create agents (ephemeral agents)
     * may create one here, or lazily on the first message.
     *
     * @throws dev.agenteval.api.AgentException when the session cannot be opened
     */
    AgentSession openSession(SessionRequest request);

    /** Releases resources held by the client. */
    @Override
    default void close() {
    }
}
