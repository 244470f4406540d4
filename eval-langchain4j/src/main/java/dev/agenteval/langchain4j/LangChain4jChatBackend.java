package dev.agenteval.langchain4j;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.JudgeException;
import dev.agenteval.judge.ChatBackend;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Any LangChain4j {@link ChatModel} (OpenAI, Anthropic, Gemini, Azure OpenAI, Bedrock, Ollama,
 * ...) as the model of agent-eval's judge and simulated user: the judge keeps its prompts,
 * parsing, undecided band, majority vote and cache; only the call goes through LangChain4j.
 *
 * <pre>{@code
 * ChatModel claude = AnthropicChatModel.builder().apiKey(key).modelName("claude-sonnet-4-5").build();
 * ChatBackend backend = LangChain4jChatBackend.of(claude);
 * }</pre>
 *
 * Each request asks for temperature 0 unless {@linkplain Builder#temperature told otherwise}
 * (some reasoning models refuse a temperature: give {@code null} to send none). The usage is the
 * response's {@code tokenUsage()}, with the model the response names. A failure of the model is a
 * {@link JudgeException} naming the model. Thread-safe when the chat model is (LangChain4j's are).
 */
@API(status = EXPERIMENTAL)
public final class LangChain4jChatBackend implements ChatBackend {

    private final ChatModel chatModel;
    private final String modelName;
    private final Double temperature;

    private LangChain4jChatBackend(Builder builder) {
        this.chatModel = builder.chatModel;
        this.modelName = builder.modelName != null ? builder.modelName : nameOf(builder.chatModel);
        this.temperature = builder.temperature;
    }

    /** A backend over {@code chatModel} at temperature 0, named as the model's default parameters name it. */
    public static LangChain4jChatBackend of(ChatModel chatModel) {
        return builder(chatModel).build();
    }

    /** A builder of a backend over {@code chatModel}. */
    public static Builder builder(ChatModel chatModel) {
        return new Builder(chatModel);
    }

    @Override
    public Reply complete(List<Message> messages) throws InterruptedException {
        List<ChatMessage> chat = new ArrayList<>();
        for (Message m : messages) {
            chat.add(switch (m.role()) {
                case "system" -> SystemMessage.from(m.content());
                case "user" -> UserMessage.from(m.content());
                case "assistant" -> AiMessage.from(m.content());
                default -> throw new JudgeException("LangChain4j chat model " + modelName + ": unknown message role '"
                        + m.role() + "' (system, user or assistant)");
            });
        }
        ChatRequest.Builder request = ChatRequest.builder().messages(chat);
        if (temperature != null) {
            request.parameters(ChatRequestParameters.builder().temperature(temperature).build());
        }
        ChatResponse response;
        try {
            response = chatModel.chat(request.build());
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted() || causedByInterrupt(e)) {
                InterruptedException interrupted = new InterruptedException("LangChain4j chat model " + modelName
                        + " interrupted");
                interrupted.initCause(e);
                throw interrupted;
            }
            throw new JudgeException("LangChain4j chat model " + modelName + " failed: " + e.getClass().getSimpleName()
                    + ": " + e.getMessage(), Map.of("model", modelName), e);
        }
        AiMessage answer = response.aiMessage();
        dev.agenteval.api.Usage usage = Conversations.UsageCounter.usage(response);
        return new Reply(answer == null ? null : answer.text(), finishReason(response.finishReason()),
                usage == null || usage.model() != null ? usage : usage.withModel(modelName));
    }

    @Override
    public String model() {
        return modelName;
    }

    @Override
    public String toString() {
        return "LangChain4jChatBackend[" + modelName + "]";
    }

    /** OpenAI's names for LangChain4j's finish reasons ({@code stop}, {@code length}, ...), or null. */
    static String finishReason(FinishReason reason) {
        if (reason == null) {
            return null;
        }
        return switch (reason) {
            case STOP -> "stop";
            case LENGTH -> "length";
            case TOOL_EXECUTION -> "tool_calls";
            case CONTENT_FILTER -> "content_filter";
            case OTHER -> "other";
        };
    }

    private static String nameOf(ChatModel model) {
        ChatRequestParameters defaults = model.defaultRequestParameters();
        String name = defaults == null ? null : defaults.modelName();
        return name != null && !name.isBlank() ? name : model.getClass().getSimpleName();
    }

    private static boolean causedByInterrupt(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException) {
                return true;
            }
        }
        return false;
    }

    /** How a {@link LangChain4jChatBackend} is built. */
    @API(status = EXPERIMENTAL)
    public static final class Builder {
        private final ChatModel chatModel;
        private String modelName;
        private Double temperature = 0.0;

        private Builder(ChatModel chatModel) {
            this.chatModel = Objects.requireNonNull(chatModel, "chatModel");
        }

        /** The name shown in scores and in the judge's cache key (default: the model's default parameters' model name, else its class). */
        public Builder modelName(String modelName) {
            this.modelName = Objects.requireNonNull(modelName, "modelName");
            return this;
        }

        /** The temperature each request asks for (default 0); null sends none, leaving the model's own. */
        public Builder temperature(Double temperature) {
            this.temperature = temperature;
            return this;
        }

        /** The backend. */
        public LangChain4jChatBackend build() {
            return new LangChain4jChatBackend(this);
        }
    }
}
