package dev.agenteval.scorers.internal;

import dev.agenteval.api.internal.JsonValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * Serialises JSON-like values exactly as Python's {@code json.dumps(obj, ensure_ascii=False)}
 * does, because the harness seed's {@code must_include} rule is a substring test over that text:
 * a suite asserting {@code "state": "input-required"} or {@code °C} must match byte for byte.
 *
 * <p>Separators {@code ", "} and {@code ": "}; map order kept; non-ASCII kept; strings escaped like
 * Python; integers as digits; floats (including {@link BigDecimal}, which Python would have parsed
 * as a float) like Python's {@code repr(float)}.
 */
final class HarnessJson {

    private static final RoundingMode[] CANDIDATE_ROUNDINGS =
            {RoundingMode.HALF_EVEN, RoundingMode.UP, RoundingMode.DOWN};

    private HarnessJson() {
    }

    /** The Python rendering of {@code value}; never null. */
    static String dumps(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb);
        return sb.toString();
    }

    private static void write(Object value, StringBuilder sb) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            writeString(s, sb);
        } else if (value instanceof Boolean b) {
            sb.append(b ? "true" : "false");
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte || value instanceof BigInteger) {
            sb.append(value);
        } else if (value instanceof Number n) {
            sb.append(pythonFloat(n.doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            writeMap(map, sb);
        } else if (value instanceof List<?> list) {
            writeList(list, sb);
        } else {
            throw new IllegalArgumentException("not a JSON value: a " + value.getClass().getName());
        }
    }

    private static void writeMap(Map<?, ?> map, StringBuilder sb) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            writeString(String.valueOf(e.getKey()), sb);
            sb.append(": ");
            write(e.getValue(), sb);
        }
        sb.append('}');
    }

    private static void writeList(List<?> list, StringBuilder sb) {
        sb.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            write(list.get(i), sb);
        }
        sb.append(']');
    }

    private static void writeString(String s, StringBuilder sb) {
        sb.append('"').append(JsonValues.escaped(s, false)).append('"');
    }

    /**
     * Python's {@code repr(float)}: the shortest digits that read back as the same double, in
     * positional notation for decimal exponents -4..15 (always with a fraction, {@code 120.0}),
     * else scientific ({@code 1e-05}, {@code 1e+16}). JSON's allow_nan spellings for the rest.
     */
    static String pythonFloat(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        boolean negative = (Double.doubleToRawLongBits(d) & Long.MIN_VALUE) != 0;
        String sign = negative ? "-" : "";
        if (d == 0) {
            return sign + "0.0";
        }
        BigDecimal shortest = shortestDigits(Math.abs(d));
        String digits = shortest.unscaledValue().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        if (exponent < -4 || exponent >= 16) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            String exp = String.format("%02d", Math.abs(exponent));
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + exp;
        }
        String plain = shortest.toPlainString();
        return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
    }

    /**
     * The shortest decimal that reads back as {@code positive}. Java 17's {@code Double.toString}
     * always reads back but is not always the shortest (fixed only in 19). For a normal double,
     * when it has at most 15 significant digits it is the shortest: two decimals of at most 15
     * digits are further apart than the double's spacing (relative 2^-52), so at most one of them
     * reads back as {@code positive}. Subnormals (spacing not relative) and longer forms need the
     * search, which is far slower: a must_include over a 1 MB response with 8,000 numbers spent
     * most of its time there (BENCHMARKS.md).
     */
    static BigDecimal shortestDigits(double positive) {
        if (positive >= Double.MIN_NORMAL) {
            BigDecimal fast = new BigDecimal(Double.toString(positive)).stripTrailingZeros();
            if (fast.precision() <= 15) {
                return fast;
            }
        }
        return searchShortest(positive);
    }

    // Searches the precisions directly: the first precision at which some rounding of the exact
    // binary value reads back as d, choosing the candidate nearest to the exact value.
    static BigDecimal searchShortest(double positive) {
        BigDecimal exact = new BigDecimal(positive);
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal best = null;
            for (RoundingMode mode : CANDIDATE_ROUNDINGS) {
                BigDecimal candidate = exact.round(new MathContext(precision, mode));
                if (Double.parseDouble(candidate.toString()) == positive
                        && (best == null || distance(candidate, exact).compareTo(distance(best, exact)) < 0)) {
                    best = candidate;
                }
            }
            if (best != null) {
                return best.stripTrailingZeros();
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    private static BigDecimal distance(BigDecimal a, BigDecimal b) {
        return a.subtract(b).abs();
    }
}
