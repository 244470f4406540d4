package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.Usage;

/**
 * A Java agent built with an agent framework (LangChain4j, Spring AI, Google ADK, Embabel,
 * Koog, ...), seen the way agent-eval needs it: one class per framework. The adapter opens one
 * conversation per case attempt with its own chat memory, sends it the user's messages, routes
 * every tool execution the framework performs through the given {@link ToolGate} (which answers
 * mocked calls, runs the others and records them all, in order), and reports the model's token
 * usage from the framework's own hooks. {@code dev.agenteval.agents.FrameworkAgentClient} turns
 * it into an {@link AgentClient} whose responses carry the recorded tool calls and usage.
 *
 * <p>Implementations must be thread-safe: conversations of different cases run concurrently.
 */
@API(status = EXPERIMENTAL)
public interface FrameworkAgent {

    /**
     * Opens a conversation for one case attempt, sharing no history with any other.
     *
     * @param request what the runner opened the session with (case id, attempt, tools, ...)
     * @param tools   where every tool execution of this conversation must go
     * @throws Exception when the agent cannot be built; recorded as the case's failure
     */
    Conversation open(SessionRequest request, ToolGate tools) throws Exception;

    /** The agent, for the run's fingerprint (e.g. {@code langchain4j Assistant}); never a secret. */
    default String description() {
        return getClass().getName();
    }

    /** One conversation: the turns of one case attempt, on one thread at a time. */
    interface Conversation extends AutoCloseable {

        /**
         * The agent's answer to one user message, after the framework's tool loop.
         *
         * @throws Exception when the framework fails; recorded as the turn's failure
         */
        Reply send(String message) throws Exception;

        /** Releases the conversation's memory. */
        @Override
        default void close() {
        }
    }

    /**
     * One answer.
     *
     * @param text  the final text; never null
     * @param usage the tokens the model used for this message (every model call of the tool loop
     *              added up), or null when the framework reported none
     */
    record Reply(String text, Usage usage) {
        /** Checks the text. */
        public Reply {
            java.util.Objects.requireNonNull(text, "text");
        }

        /** An answer with no usage. */
        public static Reply of(String text) {
            return new Reply(text, null);
        }
    }
}
