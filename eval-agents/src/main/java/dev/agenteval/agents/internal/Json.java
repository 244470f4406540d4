package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.common.json.JsonTrees;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent clients' tolerant readers of what agents answer (the first of several field names,
 * numbers written as text), request-body maps and the {@code invalid_response} failure. The
 * mapper, parsing, writing and the tree/value conversions are {@link JsonTrees}'.
 */
final class Json {

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

    /** An object node as a map; anything else wrapped as {@code {"value": ...}}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(JsonNode node) {
        Object v = JsonTrees.toValue(node);
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

    /** An {@code invalid_response} failure. */
    static AgentException invalid(String message, Map<String, ?> context) {
        return new AgentException(FailureCode.INVALID_RESPONSE, message, context, null);
    }
}
