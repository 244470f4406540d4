package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.internal.JsonValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a {@link ScorerSpec}'s parameters by type, collecting every problem instead of stopping at
 * the first: each a short sentence with the parameter it is about, so the YAML loader reports it
 * at that parameter's file, line and column. A reader that finds a problem records it and returns
 * a harmless placeholder ({@code ""}, {@code 0}, an empty list), so a parse reads every parameter
 * and reports every problem at once. The parameters a reader asked for are the known ones: any
 * other is reported as unknown by {@link TypedScorerFactory}, which gives each parse a fresh
 * reader.
 *
 * <pre>{@code
 * protected Limits parse(ScorerParams params) {
 *     String word = params.string("word");                                       // required
 *     long max = params.has("max") ? params.positiveInteger("max") : 3;          // optional
 *     boolean ignoreCase = params.flag("ignoreCase", false);
 *     if (word.contains(" ")) {
 *         params.problem("'word' must be one word but was '" + word + "'");     // at 'word'
 *     }
 *     return new Limits(word, max, ignoreCase);
 * }
 * }</pre>
 *
 * Not thread-safe: one reader serves one parse.
 */
@API(status = EXPERIMENTAL)
public final class ScorerParams {

    private static final int MAX_RENDERED = 120;

    private final ScorerSpec spec;
    private final Set<String> known = new LinkedHashSet<>();
    private final List<ScorerProblem> problems = new ArrayList<>();

    /** A reader of {@code spec}'s parameters with no problems yet. */
    public ScorerParams(ScorerSpec spec) {
        this.spec = Objects.requireNonNull(spec, "spec");
    }

    /** The spec read; never null. */
    public ScorerSpec spec() {
        return spec;
    }

    /** True when {@code name} is present and not null; {@code name} becomes known. */
    public boolean has(String name) {
        return value(name).isPresent();
    }

    /** A parameter as written (a JSON-like value), if present and not null; {@code name} becomes known. */
    public Optional<Object> value(String name) {
        known.add(name);
        return spec.param(name);
    }

    /** A required, non-blank string. */
    public String string(String name) {
        return required(name, "a non-blank string", "", v -> v instanceof String s && !s.isBlank() ? s : null);
    }

    /** A required string, which may be empty or blank (an expected answer that is empty, say). */
    public String possiblyBlankString(String name) {
        return required(name, "a string", "", v -> v instanceof String s ? s : null);
    }

    /** A required, non-empty list of non-empty strings; immutable. */
    public List<String> strings(String name) {
        String what = "a non-empty list of strings";
        List<?> list = required(name, what, List.of(), v -> v instanceof List<?> l && !l.isEmpty() ? l : null);
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String s) || s.isEmpty()) {
                problems.add(ScorerProblem.at("'" + name + "' must be " + what + ", but item " + (i + 1) + " is "
                        + describe(list.get(i)), name, i));
                return List.of();
            }
        }
        return list.stream().map(String.class::cast).toList();
    }

    /**
     * A required, non-empty list of JSON-like values; immutable.
     *
     * @param itemsAre what the items are, for the problem: {@code "JSON values"} reads
     *                 {@code "'fragments' must be a non-empty list of JSON values but was ..."}
     */
    public List<Object> list(String name, String itemsAre) {
        List<?> list = required(name, "a non-empty list of " + itemsAre, List.of(),
                v -> v instanceof List<?> l && !l.isEmpty() ? l : null);
        return Collections.unmodifiableList(new ArrayList<>(list));
    }

    /** An optional boolean: {@code defaultValue} when absent. */
    public boolean flag(String name, boolean defaultValue) {
        Object v = value(name).orElse(null);
        if (v == null) {
            return defaultValue;
        }
        return v instanceof Boolean b ? b : wrong(name, "true or false", v, defaultValue);
    }

    /** A required, finite number greater than zero. */
    public double positiveNumber(String name) {
        return required(name, "a positive number", 0.0, v -> finite(v) > 0 ? finite(v) : null);
    }

    /** A required, finite number of at least zero. */
    public double nonNegativeNumber(String name) {
        return required(name, "a number >= 0", 0.0, v -> finite(v) >= 0 ? finite(v) : null);
    }

    /** {@code v} as a finite double, or -1 when it is no number or not finite. */
    private static double finite(Object v) {
        return v instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue() : -1;
    }

    /** A required whole number greater than zero ({@code 3} or {@code 3.0}, never {@code 3.5}). */
    public long positiveInteger(String name) {
        return required(name, "a positive integer", 0L,
                v -> wholeNumber(v).orElse(0) >= 1 ? wholeNumber(v).orElse(0) : null);
    }

    /** A required whole number of at least zero. */
    public long nonNegativeInteger(String name) {
        return required(name, "a whole number >= 0", 0L,
                v -> wholeNumber(v).orElse(-1) >= 0 ? wholeNumber(v).orElse(-1) : null);
    }

    /**
     * Records a problem found by the parse itself. One that starts with a quoted parameter name of
     * the spec, such as {@code "'fragment' must be an object"}, is about that parameter; any other
     * is about the spec as a whole. Use {@link #problem(ScorerProblem)} to point inside a parameter.
     */
    public void problem(String message) {
        for (String name : spec.params().keySet()) {
            if (message.startsWith("'" + name + "'")) {
                problems.add(ScorerProblem.at(message, name));
                return;
            }
        }
        problems.add(ScorerProblem.of(message));
    }

    /** Records a problem at the parameter it names, such as {@code ScorerProblem.at(msg, "calls", 2, "name")}. */
    public void problem(ScorerProblem problem) {
        problems.add(Objects.requireNonNull(problem, "problem"));
    }

    /** The problems recorded so far, in order; immutable. */
    public List<ScorerProblem> problems() {
        return List.copyOf(problems);
    }

    /** The names asked for so far, in order; immutable. */
    public Set<String> known() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(known));
    }

    /**
     * Records a problem for every parameter no reader asked for, so a misspelled
     * {@code ignorecase} is never silently ignored; after the parse, by {@link TypedScorerFactory}.
     */
    void rejectUnknown() {
        for (String name : spec.params().keySet()) {
            if (!known.contains(name)) {
                problems.add(ScorerProblem.at("unknown parameter '" + name + "' (known: " + String.join(", ", known)
                        + ")", name));
            }
        }
    }

    /**
     * {@code value} as a long when it is a whole number that fits ({@code 3}, {@code 3.0}, a big
     * integer in range); empty for anything else, booleans and {@code 3.5} included. For values
     * nested inside a parameter; top-level ones read with {@link #positiveInteger}.
     */
    public static OptionalLong wholeNumber(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return OptionalLong.of(((Number) value).longValue());
        }
        try {
            if (value instanceof BigInteger i) {
                return OptionalLong.of(i.longValueExact());
            }
            if (value instanceof BigDecimal d) {
                return OptionalLong.of(d.longValueExact());
            }
        } catch (ArithmeticException e) {
            return OptionalLong.empty();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? OptionalLong.of((long) d) : OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /**
     * {@code value} as JSON ({@code ["a", "b"]}, {@code "text"}) cut to a readable length, for a
     * problem's "but was ...".
     */
    public static String describe(Object value) {
        String json = JsonValues.toSpacedJson(value);
        if (json.length() <= MAX_RENDERED) {
            return json;
        }
        int end = MAX_RENDERED - 1;
        return json.substring(0, Character.isHighSurrogate(json.charAt(end - 1)) ? end - 1 : end) + "…";
    }

    /**
     * Reads a required parameter: {@code accept}'s answer for its value, or {@code placeholder}
     * after recording a problem when it is absent or {@code accept} answers null.
     */
    private <T> T required(String name, String what, T placeholder, Function<Object, T> accept) {
        Object v = value(name).orElse(null);
        if (v == null) {
            problems.add(ScorerProblem.at("needs '" + name + "' (" + what + ")", name));
            return placeholder;
        }
        T read = accept.apply(v);
        return read != null ? read : wrong(name, what, v, placeholder);
    }

    private <T> T wrong(String name, String what, Object value, T placeholder) {
        problems.add(ScorerProblem.at("'" + name + "' must be " + what + " but was " + describe(value), name));
        return placeholder;
    }
}
