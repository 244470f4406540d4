package dev.agenteval.scorers.internal;

import dev.agenteval.common.text.Suggestions;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How an expected call's {@code args} are compared with an actual call's arguments, written
 * {@code arg_mode}: {@code exact}, {@code subset} (the default), {@code superset}, {@code ignore}
 * or a list of key paths.
 *
 * <ul>
 * <li>{@code exact}: the same keys with equal values ({@link JsonEquality}: nested objects with
 *     the same keys, lists in order, numbers by value), no other key;</li>
 * <li>{@code subset}: the expected arguments are a subset of the call's, the
 *     {@code must_include_json} rule ({@link JsonSubset}): every expected key present and
 *     matching recursively, extra keys allowed, lists in any order;</li>
 * <li>{@code superset}: the call's arguments are a subset of the expected ones (the same rule
 *     with the roles swapped): no key outside the expected ones, expected keys may be missing;</li>
 * <li>{@code ignore}: the name alone;</li>
 * <li>key paths ({@code [$.date, who.id]}): only the values at these paths compared, each equal
 *     ({@link JsonEquality}) or absent on both sides.</li>
 * </ul>
 *
 * @param kind  the mode
 * @param paths the key paths of {@link Kind#KEYS}, each as segments; empty otherwise
 */
record ArgumentMode(Kind kind, List<List<String>> paths) {

    /** The modes. */
    enum Kind {
        EXACT, SUBSET, SUPERSET, IGNORE, KEYS;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The default: today's rule. */
    static final ArgumentMode SUBSET = new ArgumentMode(Kind.SUBSET, List.of());

    private static final List<String> NAMED = List.of("exact", "subset", "superset", "ignore");
    private static final String EXPECTED = "must be exact, subset, superset, ignore or a list of key paths";

    /**
     * The mode written as {@code value}, or null after recording a located problem.
     *
     * @param what how the problem names the parameter, e.g. {@code "'arg_mode'"} or
     *             {@code "call 2: 'arg_mode'"}
     * @param at   the parameter's path in the spec
     */
    static ArgumentMode parse(Object value, String what, List<Object> at, ScorerParams params) {
        if (value instanceof String s) {
            for (Kind k : Kind.values()) {
                if (k != Kind.KEYS && k.id().equals(s)) {
                    return new ArgumentMode(k, List.of());
                }
            }
            params.problem(new ScorerProblem(at, what + " " + EXPECTED + " but was " + Texts.json(s)
                    + Suggestions.didYouMean(s, NAMED)));
            return null;
        }
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            params.problem(new ScorerProblem(at, what + " " + EXPECTED + " but was " + Texts.json(value)));
            return null;
        }
        List<List<String>> paths = new ArrayList<>();
        boolean ok = true;
        for (Object p : list) {
            List<String> segments = p instanceof String s ? segments(s) : null;
            if (segments == null) {
                params.problem(new ScorerProblem(at, what + " has a key path that is not a dotted path of keys"
                        + " ($.a.b or a.b): " + Texts.json(p)));
                ok = false;
            } else {
                paths.add(segments);
            }
        }
        return ok ? new ArgumentMode(Kind.KEYS, List.copyOf(paths)) : null;
    }

    /** {@code $.a.b} or {@code a.b} as its keys, or null when it is not a dotted path of non-blank keys. */
    private static List<String> segments(String path) {
        String keys = path.startsWith("$.") ? path.substring(2) : path;
        if (keys.isEmpty() || path.equals("$")) {
            return null;
        }
        List<String> out = List.of(keys.split("\\.", -1));
        return out.stream().anyMatch(String::isBlank) ? null : out;
    }

    /** A key path as written in messages: {@code $.who.id}. */
    static String display(List<String> path) {
        return "$." + String.join(".", path);
    }

    /** True when a call must have each top-level string or boolean value of the args (so an index may skip the others). */
    boolean requiresExpectedValues() {
        return kind == Kind.SUBSET || kind == Kind.EXACT;
    }

    /** True when the arguments of a call match {@code expected} in this mode. */
    boolean matches(Map<?, ?> expected, Map<String, Object> actual) {
        return kind == Kind.SUBSET ? JsonSubset.matches(expected, actual) : mismatch(expected, actual) == null;
    }

    /** Why the arguments {@code actual} do not match {@code expected} in this mode (e.g. {@code $.note: not expected}), or null. */
    String mismatch(Map<?, ?> expected, Map<String, Object> actual) {
        return switch (kind) {
            case SUBSET -> JsonSubset.mismatch(expected, actual);
            case IGNORE -> null;
            case EXACT -> exact(expected, actual);
            case SUPERSET -> superset(expected, actual);
            case KEYS -> keys(expected, actual);
        };
    }

    private static String exact(Map<?, ?> expected, Map<String, Object> actual) {
        for (Map.Entry<?, ?> e : expected.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (!actual.containsKey(key)) {
                return JsonSubset.child("$", key) + ": missing";
            }
            if (!JsonEquality.equal(e.getValue(), actual.get(key))) {
                return differs(JsonSubset.child("$", key), e.getValue(), actual.get(key));
            }
        }
        for (String key : actual.keySet()) {
            if (!expected.containsKey(key)) {
                return JsonSubset.child("$", key) + ": not expected (arg_mode exact)";
            }
        }
        return null;
    }

    private static String superset(Map<?, ?> expected, Map<String, Object> actual) {
        for (Map.Entry<String, Object> a : actual.entrySet()) {
            String child = JsonSubset.child("$", a.getKey());
            if (!expected.containsKey(a.getKey())) {
                return child + ": not among the expected arguments (arg_mode superset)";
            }
            Object want = expected.get(a.getKey());
            if (!JsonSubset.matches(a.getValue(), want)) {
                return differs(child, want, a.getValue());
            }
        }
        return null;
    }

    private String keys(Map<?, ?> expected, Map<String, Object> actual) {
        for (List<String> path : paths) {
            Object want = at(expected, path);
            Object have = at(actual, path);
            if (want == ABSENT && have == ABSENT) {
                continue;
            }
            if (have == ABSENT) {
                return display(path) + ": missing";
            }
            if (want == ABSENT) {
                return display(path) + ": not expected";
            }
            if (!JsonEquality.equal(want, have)) {
                return differs(display(path), want, have);
            }
        }
        return null;
    }

    private static String differs(String path, Object expected, Object actual) {
        return path + ": expected " + Texts.json(expected) + " but was " + Texts.json(actual);
    }

    private static final Object ABSENT = new Object();

    /** The value at {@code path} in {@code args}, or {@link #ABSENT}. */
    private static Object at(Object args, List<String> path) {
        Object current = args;
        for (String key : path) {
            if (!(current instanceof Map<?, ?> map) || !map.containsKey(key)) {
                return ABSENT;
            }
            current = map.get(key);
        }
        return current;
    }

    /** True when {@code args} has a value (maybe null) at {@code path}. */
    static boolean has(Map<?, ?> args, List<String> path) {
        return at(args, path) != ABSENT;
    }

    /** How the mode is written in labels: {@code exact}, {@code [$.date, $.who.id]}. */
    String describe() {
        return kind == Kind.KEYS ? paths.stream().map(ArgumentMode::display).toList().toString() : kind.id();
    }
}
