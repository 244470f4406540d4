package dev.agenteval.core.internal.scorers;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.common.settings.TypedReader;
import dev.agenteval.spi.ScorerProblem;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Reads a spec's parameters by type, collecting one short sentence per problem (the runner and
 * the YAML loader prefix the location), each with the parameter it is about so the loader can
 * point at that parameter's line. Readers return a harmless placeholder after recording a
 * problem, so a factory reads every parameter and reports every problem at once. The known
 * names ({@link TypedReader}) are those a reader asked for, so {@link #rejectUnknown()} comes last.
 */
final class Params extends TypedReader<ScorerProblem> {

    private final ScorerSpec spec;

    Params(ScorerSpec spec) {
        super(new LinkedHashSet<>());
        this.spec = spec;
    }

    private Optional<Object> param(String name) {
        know(name);
        return spec.param(name);
    }

    /**
     * Records a problem for every parameter no reader asked for (a misspelled {@code ignorecase}
     * must not be silently ignored). Call after reading every parameter.
     */
    void rejectUnknown() {
        rejectUnknown(spec.params().keySet(), name -> ScorerProblem.at("unknown parameter '" + name + "' (known: "
                + String.join(", ", known()) + ")", name));
    }

    /** The sentences of the problems found so far, in order. */
    List<String> messages() {
        return problems().stream().map(ScorerProblem::message).toList();
    }

    /**
     * Records a problem found by the caller. One that starts with a quoted parameter name of the
     * spec, such as {@code "'fragment' must be an object"}, is about that parameter; any other is
     * about the spec as a whole.
     */
    void problem(String problem) {
        for (String name : spec.params().keySet()) {
            if (problem.startsWith("'" + name + "'")) {
                add(ScorerProblem.at(problem, name));
                return;
            }
        }
        add(ScorerProblem.of(problem));
    }

    /**
     * Records a problem about a part of a parameter: {@code at} is its path, the parameter's
     * name then map keys and list indexes (see {@link ScorerProblem#parameter()}).
     */
    void problem(List<Object> at, String problem) {
        add(new ScorerProblem(at, problem));
    }

    /**
     * Places at {@code at} every problem recorded since there were {@code before} that is about
     * the spec as a whole (those of a shared helper that knows no path).
     */
    void locateSince(int before, List<Object> at) {
        for (int i = before; i < problems().size(); i++) {
            if (problems().get(i).parameter().isEmpty()) {
                replace(i, new ScorerProblem(at, problems().get(i).message()));
            }
        }
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
            add(ScorerProblem.at("needs '" + name + "' (" + what + ")", name));
            return "";
        }
        if (!(v instanceof String s) || (!allowBlank && s.isBlank())) {
            add(ScorerProblem.at("'" + name + "' must be " + what + " but was " + Texts.json(v), name));
            return "";
        }
        return s;
    }

    /** A required, non-empty list of non-blank strings. */
    List<String> strings(String name) {
        String must = "'" + name + "' must be a non-empty list of strings";
        Object v = param(name).orElse(null);
        if (v == null) {
            add(ScorerProblem.at("needs '" + name + "' (a non-empty list of strings)", name));
            return List.of();
        }
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            add(ScorerProblem.at(must + " but was " + Texts.json(v), name));
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String s) || s.isEmpty()) {
                add(ScorerProblem.at(must + ", but item " + (i + 1) + " is " + Texts.json(list.get(i)), name,
                        i));
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
            add(ScorerProblem.at("needs '" + name + "' (a non-empty list of " + itemsAre + ")", name));
            return List.of();
        }
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            add(ScorerProblem.at("'" + name + "' must be a non-empty list of " + itemsAre + " but was "
                    + Texts.json(v), name));
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
            add(ScorerProblem.at("'" + name + "' must be true or false but was " + Texts.json(v), name));
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
            add(ScorerProblem.at("needs '" + name + "' (" + what + ")", name));
            return 0;
        }
        if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue())
                || n.doubleValue() < 0 || (!zeroAllowed && n.doubleValue() == 0)) {
            add(ScorerProblem.at("'" + name + "' must be " + what + " but was " + Texts.json(v), name));
            return 0;
        }
        return n.doubleValue();
    }

    /** A required whole number greater than zero. */
    long positiveInteger(String name) {
        Object v = param(name).orElse(null);
        if (v == null) {
            add(ScorerProblem.at("needs '" + name + "' (a positive integer)", name));
            return 0;
        }
        Long n = wholeNumber(v);
        if (n == null || n <= 0) {
            add(ScorerProblem.at("'" + name + "' must be a positive integer but was " + Texts.json(v), name));
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
