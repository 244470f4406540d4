package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One message a {@link FakeA2aAgent} received, as a test reads it.
 *
 * <pre>{@code
 * A2aRequest first = agent.takeRequest();
 * assertThat(first.method()).isEqualTo("message/send");
 * assertThat(first.text()).isEqualTo("Find pumps");
 * assertThat(first.header("authorization")).contains("Bearer t0ken");
 * }</pre>
 *
 * @param number    1 for the first request the agent received, 2 for the next, ...
 * @param path      the request's path, such as {@code /} or {@code /v1/message:send}
 * @param method    the JSON-RPC method ({@code message/send}, {@code SendMessage}), or
 *                  {@code message:send} for the REST binding
 * @param headers   the HTTP headers, names in lower case
 * @param body      the request body as received
 * @param text      the text parts of the message, joined with new lines; empty when none
 * @param contextId the message's {@code contextId}, if it has one
 * @param taskId    the message's {@code taskId}, if it has one
 * @param messageId the message's {@code messageId}, if it has one
 */
@API(status = EXPERIMENTAL)
public record A2aRequest(int number, String path, String method, Map<String, List<String>> headers, String body,
                         String text, Optional<String> contextId, Optional<String> taskId,
                         Optional<String> messageId) {

    /** Validates and copies. */
    public A2aRequest {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(method, "method");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(contextId, "contextId");
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(messageId, "messageId");
    }

    /** The first value of the header {@code name} (any case), if sent. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }
}
