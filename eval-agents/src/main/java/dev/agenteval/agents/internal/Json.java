package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small helpers over Jackson trees; values come out as plain JSON-like Java values. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** The first of {@code fields} that is a non-empty string, or null. */
    static String text(JsonNode node, String... fields) {
        if (node == null) {
            return null;
        }
        for (String f : fields) {
            JsonNode v = node.get(f);
            if (v != null && v.isTextual() && !v.textValue().isEmpty()) {
                return v.textValue();
            }
        }
        return null;
    }

    /** The first of {@code fields} that is present and not null, or null. */
    static JsonNode field(JsonNode node, String... fields) {
        if (node == null || !node.isObject()) {
            return null;
        }
        for (String f : fields) {
            JsonNode v = node.get(f);
            if (v != null && !v.isNull() && !v.isMissingNode()) {
                return v;
            }
        }
        return null;
    }

    /** The first of {@code fields} that is a number, as Long; null otherwise. */
    static Long whole(JsonNode node, String... fields) {
        JsonNode v = field(node, fields);
        if (v != null && v.isNumber()) {
            return v.asLong();
        }
        if (v != null && v.isTextual()) {
            try {
                return Long.parseLong(v.textValue().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** The first of {@code fields} that is a number, as Double; null otherwise. */
    static Double decimal(JsonNode node, String... fields) {
        JsonNode v = field(node, fields);
        if (v != null && v.isNumber()) {
            return v.asDouble();
        }
        if (v != null && v.isTextual()) {
            try {
                return Double.parseDouble(v.textValue().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** The elements of an array node; empty for anything else. */
    static List<JsonNode> items(JsonNode node) {
        if (node == null || !node.isArray()) {
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>(node.size());
        node.forEach(out::add);
        return out;
    }

    /** A JSON-like value (maps keep their order, integers are Long). */
    static Object value(JsonNode node) {
        return dev.agenteval.core.json.JsonTrees.toValue(node);
    }

    /** An object node as a map; anything else wrapped as {@code {"value": ...}}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(JsonNode node) {
        Object v = value(node);
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("value", v);
        return Collections.unmodifiableMap(wrapped);
    }

    /** An insertion-ordered map from alternating keys and values, so request bodies serialize predictably. */
    static Map<String, Object> obj(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** Parses JSON text; null when it is not JSON. */
    static JsonNode parseOrNull(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }

    /** The node as a JSON tree (for JSON-like values built in code). */
    static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** An {@code invalid_response} failure. */
    static AgentException invalid(String message, Map<String, ?> context) {
        return new AgentException(FailureCode.INVALID_RESPONSE, message, context, null);
    }
}
