package dev.agenteval.core.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jackson trees to the immutable JSON-like values the model stores (raw responses, data parts,
 * tool arguments): maps keep their key order, integers are {@code Long} (or {@code BigInteger}).
 */
public final class JsonTrees {

    private JsonTrees() {
    }

    /** The value of a node; {@code null} for JSON null and missing nodes. */
    public static Object toValue(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(e -> map.put(e.getKey(), toValue(e.getValue())));
            return Collections.unmodifiableMap(map);
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>(node.size());
            node.forEach(n -> list.add(toValue(n)));
            return Collections.unmodifiableList(list);
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isBigDecimal()) {
            return node.decimalValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return node.asText();
    }
}
