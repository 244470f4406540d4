package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/** Test helpers for checking requests on the wire and building responses. */
final class Wire {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private Wire() {
    }

    /** Settings that keep tests fast: short timeouts, millisecond backoff. */
    static Map<String, String> fast(String... keysAndValues) {
        Map<String, String> m = new HashMap<>();
        m.put("requestTimeoutSeconds", "2");
        m.put("initialBackoffMillis", "1");
        m.put("maxBackoffMillis", "20");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    static Function<String, String> env(String... keysAndValues) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m::get;
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
    }

    static MockResponse json(String body) {
        return json(200, body);
    }

    static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode body(RecordedRequest r) {
        return tree(r.getBody().utf8());
    }

    /**
     * The A2A request body with params.message.messageId checked to be a UUID and replaced by
     * {@code "<uuid>"}, so the rest can be compared exactly.
     */
    static JsonNode withoutMessageId(JsonNode body, String... pathToMessage) {
        JsonNode node = body;
        for (String p : pathToMessage) {
            node = node.get(p);
        }
        assertThat(node.get("messageId").asText()).matches(UUID);
        ((ObjectNode) node).put("messageId", "<uuid>");
        return body;
    }

    static String messageId(JsonNode body, String... pathToMessage) {
        JsonNode node = body;
        for (String p : pathToMessage) {
            node = node.get(p);
        }
        return node.get("messageId").asText();
    }
}
