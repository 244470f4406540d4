package dev.agenteval.testkit.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON for the fakes: one mapper, text to tree and back, with messages that quote the bad text. Not API. */
public final class Json {

    /** The one mapper. */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /**
     * The tree of {@code json}.
     *
     * @throws IllegalArgumentException naming {@code what} and quoting the text, when it is not JSON
     */
    public static JsonNode parse(String what, String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(what + " is not JSON: " + json + " (" + e.getOriginalMessage() + ")", e);
        }
    }

    /** The tree of a request body; null when it is not JSON. */
    public static JsonNode tryParse(byte[] body) {
        try {
            return body.length == 0 ? null : MAPPER.readTree(body);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** A new empty object. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** {@code value} (a tree, or maps, lists and scalars) as JSON text. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code s} as a JSON string literal, quotes included. */
    public static String quote(String s) {
        return MAPPER.getNodeFactory().textNode(s).toString();
    }

    /** The text at {@code field} of {@code node}; null when absent or not text. */
    public static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v != null && v.isTextual() ? v.textValue() : null;
    }
}
