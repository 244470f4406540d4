package dev.agenteval.scorers.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Equality of JSON-like values as the harness seed defines it: type-sensitive ({@code 38.5} is not
 * {@code "38.5"}, {@code true} is not {@code 1}), except that numbers compare by value whatever
 * their Java type ({@code 120} equals {@code 120.0}, a {@link Long} equals a {@link BigDecimal}).
 */
final class JsonEquality {

    private JsonEquality() {
    }

    /** True when {@code a} and {@code b} are the same JSON value. */
    static boolean equal(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof Number x && b instanceof Number y) {
            return compare(x, y) == 0;
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
     * Compares two numbers by value; booleans are not numbers (Java never makes them one). A
     * {@link BigDecimal} meeting a double compares as the double Python would have parsed it to;
     * NaN compares unequal to everything.
     */
    static int compare(Number a, Number b) {
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
