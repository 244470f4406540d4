package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One chat completion request a {@link FakeChatModel} received, as a test reads it.
 *
 * <pre>{@code
 * ChatRequest asked = model.takeRequest();
 * assertThat(asked.model()).isEqualTo("judge-mini");
 * assertThat(asked.lastUserMessage()).contains("Describes capabilities");
 * assertThat(asked.header("authorization")).contains("Bearer judge-key");
 * }</pre>
 *
 * @param number   1 for the first request the model received, 2 for the next, ...
 * @param path     the request's path, such as {@code /v1/chat/completions}
 * @param headers  the HTTP headers, names in lower case
 * @param body     the request body as received
 * @param model    the {@code model} asked for; empty when the body names none
 * @param messages the {@code messages}, in order (a content given as parts is their texts joined)
 */
@API(status = EXPERIMENTAL)
public record ChatRequest(int number, String path, Map<String, List<String>> headers, String body, String model,
                          List<Message> messages) {

    /**
     * One message of the conversation sent.
     *
     * @param role    {@code system}, {@code user}, {@code assistant} or {@code tool}
     * @param content its text; empty when it has none (an assistant's tool calls)
     */
    public record Message(String role, String content) {
        /** Validates. */
        public Message {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(content, "content");
        }
    }

    /** Validates and copies. */
    public ChatRequest {
        Objects.requireNonNull(path, "path");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(model, "model");
        messages = List.copyOf(messages);
    }

    /** The first value of the header {@code name} (any case), if sent. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The content of the first {@code system} message; empty when there is none. */
    public String systemMessage() {
        return messages.stream().filter(m -> m.role().equals("system")).map(Message::content).findFirst().orElse("");
    }

    /** The content of the last {@code user} message; empty when there is none. */
    public String lastUserMessage() {
        String last = "";
        for (Message m : messages) {
            if (m.role().equals("user")) {
                last = m.content();
            }
        }
        return last;
    }

    /** Every message's content, joined with new lines: what a rule matching "the prompt mentions X" reads. */
    public String prompt() {
        return String.join("\n", messages.stream().map(Message::content).toList());
    }
}
