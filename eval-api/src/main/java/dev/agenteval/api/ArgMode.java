package dev.agenteval.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.List;

/**
 * How an expected tool call's arguments ({@link ExpectedCall#withArgs}) are compared with an
 * actual call's, written {@code arg_mode} in YAML. Set per expected call
 * ({@link ExpectedCall#argMode}), per tool or for a whole {@link Trajectory}
 * ({@link Trajectory#argMode(String, ArgMode)}, {@link Trajectory#argMode(ArgMode)}), or for
 * {@code tool_args} ({@link Scorers#toolArgsMatching(String, java.util.Map, ArgMode)}).
 *
 * <ul>
 * <li>{@link #EXACT}: the same keys with equal values, no other key (nested objects alike, lists
 *     in order, numbers by value: {@code 1} equals {@code 1.0});</li>
 * <li>{@link #SUBSET} (the default): the expected arguments are a subset of the call's, as
 *     {@code must_include_json} matches: extra keys allowed, lists in any order;</li>
 * <li>{@link #SUPERSET}: the call's arguments are a subset of the expected ones: no key outside
 *     them, expected keys may be missing;</li>
 * <li>{@link #IGNORE}: the tool name alone;</li>
 * <li>{@link #keys}: only the values at these key paths compared ({@code $.date} or {@code date},
 *     {@code $.who.id} for a nested key), each equal; every path must be in the expected arguments.</li>
 * </ul>
 *
 * <p>The names say what the expected arguments are to the call's, as Dokimos' {@code ArgMatchMode}
 * does; LangChain agentevals' {@code tool_args_match_mode} names the other side, so its
 * {@code superset} is this {@code SUBSET} and its {@code subset} this {@code SUPERSET}. Immutable.
 */
@API(status = EXPERIMENTAL)
public final class ArgMode {

    /** The same keys and equal values, no other key. */
    public static final ArgMode EXACT = new ArgMode("exact", null);
    /** The call's arguments include the expected ones (the default). */
    public static final ArgMode SUBSET = new ArgMode("subset", null);
    /** The call's arguments are within the expected ones. */
    public static final ArgMode SUPERSET = new ArgMode("superset", null);
    /** The tool name alone; arguments not compared. */
    public static final ArgMode IGNORE = new ArgMode("ignore", null);

    private final String name;
    private final List<String> paths;

    private ArgMode(String name, List<String> paths) {
        this.name = name;
        this.paths = paths;
    }

    /** Only the values at these key paths compared ({@code "$.date"}, {@code "who.id"}). */
    public static ArgMode keys(String... paths) {
        if (paths.length == 0) {
            throw new IllegalArgumentException("ArgMode.keys needs at least one key path");
        }
        for (String p : paths) {
            String keys = p != null && p.startsWith("$.") ? p.substring(2) : p;
            if (keys == null || keys.isEmpty() || p.equals("$")
                    || Arrays.stream(keys.split("\\.", -1)).anyMatch(String::isBlank)) {
                throw new IllegalArgumentException("key path " + (p == null ? "null" : "\"" + p + "\"")
                        + " is not a dotted path of keys ($.a.b or a.b)");
            }
        }
        return new ArgMode(null, List.of(paths));
    }

    /** The parameter value: the mode's name ({@code "exact"}) or the list of key paths. */
    public Object toValue() {
        return name != null ? name : paths;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArgMode m && m.toValue().equals(toValue());
    }

    @Override
    public int hashCode() {
        return toValue().hashCode();
    }

    @Override
    public String toString() {
        return "ArgMode[" + (name != null ? name : String.join(", ", paths)) + "]";
    }
}
