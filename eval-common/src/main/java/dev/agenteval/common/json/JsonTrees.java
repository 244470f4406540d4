package dev.agenteval.common.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of agent-eval in one place: the shared Jackson mapper and the forms JSON is written
 * in, and the conversions between Jackson trees and the immutable JSON-like values the model
 * stores (raw responses, data parts, tool arguments): {@code null}, {@link String},
 * {@link Boolean}, {@link Number}, {@link Map} and {@link List}. Maps keep their key order,
 * integers are {@code Long} (or {@code BigInteger}).
 *
 * <p>Every constant is configured once and thread-safe; none is to be configured further, as
 * reports (golden files), cache keys and fingerprints depend on their output. The one mapper
 * configured otherwise, the verdict parser's lenient one, is private to it.
 */
public final class JsonTrees {

    /** The mapper for everything: Jackson's defaults (map entries in insertion order, no indentation). */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    /** The factory of tree nodes (the one {@link #MAPPER} uses). */
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * Pretty JSON as the reports write it: two-space indents, {@code \n} line ends on every
     * platform, {@code "key": value}, one array element a line.
     */
    public static final ObjectWriter PRETTY = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    /**
     * Compact JSON with the entries of every {@link Map} sorted by key, so that the same content
     * gives the same text (and hash) whatever order it was built in; for the suite fingerprint.
     */
    public static final ObjectWriter CANONICAL = MAPPER.writer().with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private static final ObjectWriter COMPACT = MAPPER.writer();

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

    /**
     * A tree for a JSON-like value: {@code null}, {@link String}, {@link Boolean}, {@link Number},
     * {@link Map}, {@link Iterable}, arrays, or a Jackson {@link JsonNode} (copied). Anything else
     * is converted by Jackson, or written as its {@code toString()} when Jackson cannot.
     */
    public static JsonNode toNode(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node.deepCopy();
        }
        if (value instanceof CharSequence s) {
            return NODES.textNode(s.toString());
        }
        if (value instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (value instanceof Number n) {
            return number(n);
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                object.set(String.valueOf(e.getKey()), toNode(e.getValue()));
            }
            return object;
        }
        if (value instanceof Iterable<?> items) {
            ArrayNode array = NODES.arrayNode();
            for (Object item : items) {
                array.add(toNode(item));
            }
            return array;
        }
        if (value instanceof Object[] items) {
            ArrayNode array = NODES.arrayNode();
            for (Object item : items) {
                array.add(toNode(item));
            }
            return array;
        }
        try {
            return MAPPER.valueToTree(value);
        } catch (RuntimeException e) {
            // Not a JSON-like value (e.g. an object Jackson cannot introspect): keep what we can.
            return NODES.textNode(String.valueOf(value));
        }
    }

    private static JsonNode number(Number n) {
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return NODES.numberNode(n.longValue());
        }
        if (n instanceof Double d) {
            return NODES.numberNode(d);
        }
        if (n instanceof Float f) {
            return NODES.numberNode(Double.valueOf(f.toString()));
        }
        if (n instanceof BigInteger i) {
            return NODES.numberNode(i);
        }
        if (n instanceof BigDecimal d) {
            return NODES.numberNode(d);
        }
        return NODES.numberNode(n.doubleValue());
    }

    /** A JSON-like value ({@link #toNode}) as JSON on one line. */
    public static String compact(Object value) {
        return write(COMPACT, value);
    }

    /** A JSON-like value ({@link #toNode}) as {@link #PRETTY} JSON, with no trailing newline. */
    public static String pretty(Object value) {
        return write(PRETTY, value);
    }

    private static String write(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsString(toNode(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A generator writing {@link #PRETTY} JSON exactly as {@link #pretty} does; it does not close {@code out}. */
    public static JsonGenerator prettyGenerator(Writer out) throws IOException {
        JsonGenerator gen = PRETTY.createGenerator(out);
        gen.setCodec(MAPPER);
        gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return gen;
    }

    /** Parses JSON text; null when it is not JSON (a {@code MissingNode} when it is empty). */
    public static JsonNode parseOrNull(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }
}
