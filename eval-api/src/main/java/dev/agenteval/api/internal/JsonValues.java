package dev.agenteval.api.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep, immutable copies of JSON-like values: {@code null}, {@link String}, {@link Boolean},
 * {@link Number}, {@code Map<String, ?>} and {@code List<?>}. Maps keep their insertion order,
 * and unlike {@code Map.copyOf} they may hold {@code null} values (JSON {@code null}).
 */
public final class JsonValues {

    private JsonValues() {
    }

    /** Copies a JSON-like value, rejecting anything else with a message naming {@code field}. */
    public static Object copy(Object value, String field) {
        if (value == null || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Number number) {
            return normalizeNumber(number, field);
        }
        if (value instanceof Map<?, ?> map) {
            return copyMap(map, field);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                copy.add(copy(list.get(i), field + "[" + i + "]"));
            }
            return Collections.unmodifiableList(copy);
        }
        throw new IllegalArgumentException(field + " must be a JSON value (string, number, boolean, null, map or list)"
                + " but was a " + value.getClass().getName());
    }

    /** Copies a JSON object; {@code null} becomes an empty map. */
    public static Map<String, Object> copyMap(Map<?, ?> map, String field) {
        if (map == null) {
            return Map.of();
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw new IllegalArgumentException(field + " must have string keys but had " + e.getKey());
            }
            copy.put(key, copy(e.getValue(), field + "." + key));
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * A JSON-like value as compact JSON text ({@code {"asset":"P-101","depth":2}}), map entries in
     * their order. For display: the wire is written by each client's own JSON library.
     */
    public static String toJson(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb, ",", ":");
        return sb.toString();
    }

    /**
     * Like {@link #toJson} with a space after each comma and colon ({@code {"asset": "P-101",
     * "depth": 2}}), as the built-in scorers render values in their messages.
     */
    public static String toSpacedJson(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb, ", ", ": ");
        return sb.toString();
    }

    private static void write(Object value, StringBuilder sb, String comma, String colon) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            sb.append('"').append(escaped(s, false)).append('"');
        } else if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            sb.append('"').append(d).append('"');
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else if (value instanceof Map<?, ?> map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                sb.append(first ? "" : comma);
                first = false;
                sb.append('"').append(escaped(String.valueOf(e.getKey()), false)).append('"');
                sb.append(colon);
                write(e.getValue(), sb, comma, colon);
            }
            sb.append('}');
        } else if (value instanceof List<?> list) {
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                sb.append(i == 0 ? "" : comma);
                write(list.get(i), sb, comma, colon);
            }
            sb.append(']');
        } else {
            sb.append('"').append(escaped(value.toString(), false)).append('"');
        }
    }

    /**
     * {@code s} escaped for the inside of a JSON string: quote, backslash and control characters,
     * and with {@code asciiOnly} every character above U+007E as {@code \\uXXXX}. The one JSON
     * string escaper of agent-eval: without {@code asciiOnly} it is Python's
     * {@code json.dumps(ensure_ascii=False)}, which the harness dialect's {@code must_include}
     * matches against; with it, one of the forms a secret is redacted in.
     */
    public static String escaped(String s, boolean asciiOnly) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || asciiOnly && c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }

    private static Object normalizeNumber(Number number, String field) {
        // Integral numbers become Long (or BigInteger), others Double (or BigDecimal), so that a
        // value read from YAML and the same value written in Java compare equal.
        if (number instanceof Integer || number instanceof Short || number instanceof Byte) {
            return number.longValue();
        }
        if (number instanceof Float) {
            return Double.valueOf(number.toString());
        }
        if (number instanceof Long || number instanceof Double || number instanceof BigInteger
                || number instanceof BigDecimal) {
            return number;
        }
        throw new IllegalArgumentException(field + " has an unsupported number type " + number.getClass().getName());
    }

    /**
     * True when {@code actual} includes {@code expected}: an object when every declared key exists
     * and matches recursively (extra keys ignored), a list when every declared element matches some
     * element of the actual list in any order, scalars by {@link #equal}. The {@code must_include_json}
     * rule, also the built-in scorers' (their {@code JsonSubset} delegates here) and {@link
     * dev.agenteval.api.ToolMock}'s.
     */
    public static boolean includes(Object expected, Object actual) {
        if (expected instanceof Map<?, ?> want) {
            if (!(actual instanceof Map<?, ?> have)) {
                return false;
            }
            for (Map.Entry<?, ?> e : want.entrySet()) {
                if (!have.containsKey(e.getKey()) || !includes(e.getValue(), have.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (expected instanceof List<?> want) {
            return actual instanceof List<?> have
                    && want.stream().allMatch(element -> have.stream().anyMatch(a -> includes(element, a)));
        }
        return equal(expected, actual);
    }

    /**
     * True when {@code a} and {@code b} are the same JSON value, as the harness seed defines it:
     * type-sensitive ({@code 38.5} is not {@code "38.5"}, {@code true} is not {@code 1}), objects
     * with the same keys, lists in order, except that numbers compare by value whatever their Java
     * type ({@link #compareNumbers}).
     */
    public static boolean equal(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return compareNumbers(x, y) == 0;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !equal(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equal(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /**
     * Compares two numbers by value ({@code 120} equals {@code 120.0}, a {@link Long} equals a
     * {@link BigDecimal}); booleans are not numbers (Java never makes them one). A
     * {@link BigDecimal} meeting a double compares as the double Python would have parsed it to;
     * NaN compares unequal to everything.
     */
    public static int compareNumbers(Number a, Number b) {
        boolean floatA = a instanceof Double || a instanceof Float;
        boolean floatB = b instanceof Double || b instanceof Float;
        boolean nonFinite = floatA && !Double.isFinite(a.doubleValue()) || floatB && !Double.isFinite(b.doubleValue());
        if (nonFinite || floatA && b instanceof BigDecimal || floatB && a instanceof BigDecimal) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x < y ? -1 : x > y ? 1 : x == y ? 0 : 1;
        }
        if (exactAsDouble(a) && exactAsDouble(b)) {
            // Both values are exactly doubles: the same answer as BigDecimal, at a fraction of the cost
            // (must_include_json compares every number of a large response).
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x < y ? -1 : x > y ? 1 : 0;
        }
        return toBigDecimal(a).compareTo(toBigDecimal(b));
    }

    /** True when {@code n.doubleValue()} is exactly {@code n}: a float, or a whole number of at most 53 bits. */
    private static boolean exactAsDouble(Number n) {
        if (n instanceof Double || n instanceof Float) {
            return true;
        }
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            long v = n.longValue();
            return v >= -(1L << 53) && v <= 1L << 53;
        }
        return false;
    }

    private static BigDecimal toBigDecimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double || n instanceof Float) {
            return new BigDecimal(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }
}
