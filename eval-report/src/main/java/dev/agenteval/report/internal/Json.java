package dev.agenteval.report.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/** Turns JSON-like Java values into Jackson trees and text, shared by the reports. */
final class Json {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter COMPACT = MAPPER.writer();
    private static final ObjectWriter PRETTY = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private Json() {
    }

    /**
     * A tree for a JSON-like value: {@code null}, {@link String}, {@link Boolean}, {@link Number},
     * {@link Map}, {@link Iterable}, arrays, or a Jackson {@link JsonNode}. Anything else is
     * converted by Jackson, or written as its {@code toString()} when Jackson cannot.
     */
    static JsonNode toNode(Object value) {
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

    /** Pretty-printed JSON with two-space indents and {@code \n} line ends, no trailing newline. */
    static String pretty(Object value) {
        try {
            return PRETTY.writeValueAsString(toNode(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A generator writing pretty JSON exactly as {@link #pretty} does; it does not close {@code out}. */
    static com.fasterxml.jackson.core.JsonGenerator prettyGenerator(java.io.Writer out) throws java.io.IOException {
        com.fasterxml.jackson.core.JsonGenerator gen = PRETTY.createGenerator(out);
        gen.setCodec(MAPPER);
        gen.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return gen;
    }

    /** JSON on one line. */
    static String compact(Object value) {
        try {
            return COMPACT.writeValueAsString(toNode(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
