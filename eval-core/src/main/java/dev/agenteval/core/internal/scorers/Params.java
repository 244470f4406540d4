package dev.agenteval.core.internal.scorers;

import dev.agenteval.api.ScorerSpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Reads a spec's parameters by type, collecting one short sentence per problem (the runner and
 * the YAML loader prefix the location). Readers return a harmless placeholder after recording a
 * problem, so a factory reads every parameter and reports every problem at once.
 */
final class Params {

    private final ScorerSpec spec;
    private final List<String> problems = new ArrayList<>();
    private final java.util.Set<String> known = new java.util.LinkedHashSet<>();

    Params(ScorerSpec spec) {
        this.spec = spec;
    }

    private Optional<Object> param(String name) {
        known.add(name);
        return spec.param(name);
    }

    /**
     * Records a problem for every parameter no reader asked for (a misspelled {@code ignorecase}
     * must not be silently ignored). Call after reading every parameter.
     */
    void rejectUnknown() {
        for (String name : spec.params().keySet()) {
            if (!known.contains(name)) {
                problems.add("unknown parameter '" + name + "' (known: " + String.join(", ", known) + ")");
            }
        }
    }

    /** The problems found so far, in order. */
    List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    /** Records a problem found by the caller. */
    void problem(String problem) {
        problems.add(problem);
    }

    /** True when {@code name} is present and not null. */
    boolean has(String name) {
        return param(name).isPresent();
    }

    /** A parameter as is, if present and not null. */
    Optional<Object> raw(String name) {
        return param(name);
    }

    /** A required string; blank only when {@code allowBlank}. */
    String string(String name, boolean allowBlank) {
        String what = allowBlank ? "a string" : "a non-blank string";
        Object v = param(name).orElse(null);
        if (v == null) {
            problems.add("needs '" + name + "' (" + what + ")");
            return "";
        }
        if (!(v instanceof String s) || (!allowBlank && s.isBlank())) {
            problems.add("'" + name + "' must be " + what + " but was " + Texts.json(v));
            return "";
        }
        return s;
    }

    /** A required, non-empty list of non-blank strings. */
    List<String> strings(String name) {
        String must = "'" + name + "' must be a non-empty list of strings";
        Object v = param(name).orElse(null);
        if (v == null) {
            problems.add("needs '" + name + "' (a non-empty list of strings)");
            return List.of();
        }
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            problems.add(must + " but was " + Texts.json(v));
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String s) || s.isEmpty()) {
                problems.add(must + ", but item " + (i + 1) + " is " + Texts.json(list.get(i)));
                return List.of();
            }
            out.add(s);
        }
        return List.copyOf(out);
    }

    /** A required, non-empty list of JSON values. */
    List<Object> list(String name, String itemsAre) {
        Object v = param(name).orElse(null);
        if (v == null) {
            problems.add("needs '" + name + "' (a non-empty list of " + itemsAre + ")");
            return List.of();
        }
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            problems.add("'" + name + "' must be a non-empty list of " + itemsAre + " but was " + Texts.json(v));
            return List.of();
        }
        return Collections.unmodifiableList(new ArrayList<>(list));
    }

    /** An optional boolean. */
    boolean flag(String name, boolean defaultValue) {
        Object v = param(name).orElse(null);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Boolean b)) {
            problems.add("'" + name + "' must be true or false but was " + Texts.json(v));
            return defaultValue;
        }
        return b;
    }

    /** A required number greater than zero. */
    double positiveNumber(String name) {
        return number(name, false);
    }

    /** A required number of at least zero. */
    double nonNegativeNumber(String name) {
        return number(name, true);
    }

    private double number(String name, boolean zeroAllowed) {
        String what = zeroAllowed ? "a number >= 0" : "a positive number";
        Object v = param(name).orElse(null);
        if (v == null) {
            problems.add("needs '" + name + "' (" + what + ")");
            return 0;
        }
        if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue())
                || n.doubleValue() < 0 || (!zeroAllowed && n.doubleValue() == 0)) {
            problems.add("'" + name + "' must be " + what + " but was " + Texts.json(v));
            return 0;
        }
        return n.doubleValue();
    }

    /** A required whole number greater than zero. */
    long positiveInteger(String name) {
        Object v = param(name).orElse(null);
        if (v == null) {
            problems.add("needs '" + name + "' (a positive integer)");
            return 0;
        }
        Long n = wholeNumber(v);
        if (n == null || n <= 0) {
            problems.add("'" + name + "' must be a positive integer but was " + Texts.json(v));
            return 0;
        }
        return n;
    }

    /** {@code v} as a long when it is a whole number that fits, else null (booleans are not numbers). */
    static Long wholeNumber(Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        try {
            if (v instanceof BigInteger i) {
                return i.longValueExact();
            }
            if (v instanceof BigDecimal d) {
                return d.longValueExact();
            }
            if (v instanceof Double || v instanceof Float) {
                double d = ((Number) v).doubleValue();
                return d == Math.rint(d) && Math.abs(d) < 1e15 ? (long) d : null;
            }
        } catch (ArithmeticException e) {
            return null;
        }
        return null;
    }
}
