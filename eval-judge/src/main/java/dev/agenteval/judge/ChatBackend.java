package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.Usage;
import java.util.List;
import java.util.Objects;

/**
 * The chat model a judge or a simulated user talks to: messages in, one reply out. The built-in
 * one speaks the OpenAI chat completions API; {@code eval-langchain4j} and {@code eval-spring-ai}
 * give one over any of their frameworks' chat models (Anthropic, Gemini, Azure OpenAI, Bedrock,
 * Ollama, ...). {@link LlmJudge} and {@link LlmUserSimulator} take any backend: the judge's prompts,
 * verdict parsing, undecided band, majority vote and cache are the same whatever the backend
 * ({@link OpenAiJudge} is {@link LlmJudge} over the built-in one). Implementations must be
 * thread-safe and ask for temperature 0 where the model allows it; whatever they throw besides a
 * {@link dev.agenteval.api.JudgeException} reaches the run as one naming the model.
 */
@API(status = EXPERIMENTAL)
public interface ChatBackend {

    /**
     * One reply to {@code messages}.
     *
     * @throws dev.agenteval.api.JudgeException when the model cannot be asked (naming the model and the cause)
     */
    Reply complete(List<Message> messages) throws InterruptedException;

    /** The model's name, shown in scores and in the judge's cache key. */
    String model();

    /**
     * Checks the model can be asked before any agent call (key present, endpoint answers); by
     * default nothing.
     *
     * @throws dev.agenteval.api.JudgeException with a clear message when it cannot
     */
    default void preflight() throws InterruptedException {
    }

    /**
     * One chat message.
     *
     * @param role    {@code system}, {@code user} or {@code assistant}
     * @param content the text
     */
    record Message(String role, String content) {
        /** Checks both are present. */
        public Message {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(content, "content");
        }
    }

    /**
     * One reply.
     *
     * @param content      the reply's text, or null when it had none (refused, filtered)
     * @param finishReason why the model stopped ({@code stop}, {@code length}, {@code content_filter}, ...), or null
     * @param usage        the tokens used, with the model that answered, or null when not reported
     */
    record Reply(String content, String finishReason, Usage usage) {
        /** A plain text reply. */
        public static Reply of(String content) {
            return new Reply(content, "stop", null);
        }
    }
}
