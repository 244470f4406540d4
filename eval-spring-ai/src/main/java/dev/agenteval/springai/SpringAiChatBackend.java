package dev.agenteval.springai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.JudgeException;
import dev.agenteval.judge.ChatBackend;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * The judge's and the simulated user's model through any Spring AI {@link ChatModel} (OpenAI,
 * Anthropic, Gemini, Azure OpenAI, Bedrock, Ollama, ...): the client the team already configured,
 * with the same prompts, parsing, undecided band, majority vote and cache as the built-in judge.
 *
 * <pre>{@code
 * ChatBackend judgeModel = SpringAiChatBackend.of(anthropicChatModel);
 * }</pre>
 *
 * Asks for temperature 0 unless {@linkplain Builder#modelTemperature() told to keep the model's};
 * the usage comes from the response's metadata, with the model that answered. Thread-safe as the
 * {@code ChatModel} is.
 */
@API(status = EXPERIMENTAL)
public final class SpringAiChatBackend implements ChatBackend {

    private final ChatModel chatModel;
    private final String model;
    private final Double temperature;

    private SpringAiChatBackend(Builder b) {
        this.chatModel = b.chatModel;
        this.model = b.model;
        this.temperature = b.temperature;
    }

    /** A backend over {@code chatModel} with its default model, at temperature 0. */
    public static SpringAiChatBackend of(ChatModel chatModel) {
        return builder(chatModel).build();
    }

    /** A builder over {@code chatModel}. */
    public static Builder builder(ChatModel chatModel) {
        return new Builder(Objects.requireNonNull(chatModel, "chatModel"));
    }

    @Override
    public Reply complete(List<ChatBackend.Message> messages) throws InterruptedException {
        List<org.springframework.ai.chat.messages.Message> asked = messages.stream()
                .map(SpringAiChatBackend::message).toList();
        Prompt prompt = new Prompt(asked, ChatOptions.builder().model(model).temperature(temperature).build());
        ChatResponse response;
        try {
            response = chatModel.call(prompt);
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("interrupted while asking the Spring AI chat model " + model());
            }
            throw new JudgeException("the Spring AI chat model " + model() + " failed: " + e.getClass().getSimpleName()
                    + ": " + e.getMessage(), Map.of("model", model()), e);
        }
        Generation result = response == null ? null : response.getResult();
        String content = result == null || result.getOutput() == null ? null : result.getOutput().getText();
        String finish = result == null || result.getMetadata() == null ? null : result.getMetadata().getFinishReason();
        return new Reply(content, finish == null || finish.isBlank() ? null : finish.toLowerCase(Locale.ROOT),
                Usages.of(response));
    }

    /**
     * The model asked for: the one given to the builder, else the {@code ChatModel}'s default
     * options' model, else the {@code ChatModel}'s class name.
     */
    @Override
    public String model() {
        if (model != null) {
            return model;
        }
        ChatOptions defaults = chatModel.getDefaultOptions();
        String configured = defaults == null ? null : defaults.getModel();
        return configured == null || configured.isBlank() ? chatModel.getClass().getSimpleName() : configured;
    }

    /** Spring AI's message for {@code m} (the name {@code Message} is ChatBackend's here). */
    private static org.springframework.ai.chat.messages.Message message(ChatBackend.Message m) {
        return switch (m.role()) {
            case "system" -> new SystemMessage(m.content());
            case "user" -> new UserMessage(m.content());
            case "assistant" -> new AssistantMessage(m.content());
            default -> throw new IllegalArgumentException("unknown chat role '" + m.role()
                    + "' (expected system, user or assistant)");
        };
    }

    @Override
    public String toString() {
        return "SpringAiChatBackend[" + model() + "]";
    }

    /** Builds a {@link SpringAiChatBackend}. */
    public static final class Builder {
        private final ChatModel chatModel;
        private String model;
        private Double temperature = 0.0;

        private Builder(ChatModel chatModel) {
            this.chatModel = chatModel;
        }

        /** The model to ask for (at first the {@code ChatModel}'s default). */
        public Builder model(String model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /** The temperature to ask for (at first 0). */
        public Builder temperature(double temperature) {
            this.temperature = temperature;
            return this;
        }

        /** Asks for no temperature, keeping the model's: for models that refuse one (reasoning models). */
        public Builder modelTemperature() {
            this.temperature = null;
            return this;
        }

        /** The backend. */
        public SpringAiChatBackend build() {
            return new SpringAiChatBackend(this);
        }
    }
}
