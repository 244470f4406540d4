package dev.agenteval.scorers.internal;

import dev.agenteval.api.internal.JsonValues;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Partial matching of JSON values, the harness seed's {@code must_include_json} rule, also used
 * by {@code tool_args} and trajectory's {@code subset} argument mode: an object matches when every
 * declared key exists and matches recursively (extra keys ignored); a list matches when every
 * declared element matches some element of the actual list, in any order; scalars compare with
 * {@link JsonEquality}. The rule itself is {@link JsonValues#includes} (tool mocks match their
 * arguments with it too); this class adds the in-order variant and the explanations.
 */
final class JsonSubset {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private JsonSubset() {
    }

    /** True when {@code actual} contains {@code expected}, lists in any order ({@link JsonValues#includes}). */
    static boolean matches(Object expected, Object actual) {
        return JsonValues.includes(expected, actual);
    }

    /**
     * True when {@code actual} matches {@code expected} with objects as subsets but lists exactly:
     * the same length, element by element in order. The rule of the {@code jsonpath} comparators
     * {@code equals} and {@code contains}.
     */
    static boolean matchesInOrder(Object expected, Object actual) {
        if (expected instanceof Map<?, ?> want) {
            if (!(actual instanceof Map<?, ?> have)) {
                return false;
            }
            for (Map.Entry<?, ?> e : want.entrySet()) {
                if (!have.containsKey(e.getKey()) || !matchesInOrder(e.getValue(), have.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (expected instanceof List<?> want) {
            if (!(actual instanceof List<?> have) || have.size() != want.size()) {
                return false;
            }
            for (int i = 0; i < want.size(); i++) {
                if (!matchesInOrder(want.get(i), have.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return JsonEquality.equal(expected, actual);
    }

    /**
     * Where and why {@code actual} does not contain {@code expected}, e.g.
     * {@code $.items[0].value: expected 38.5 but was "38.5"}; null when it does.
     */
    static String mismatch(Object expected, Object actual) {
        return mismatch(expected, actual, "$");
    }

    /** The path of {@code key} under {@code path}: {@code $.unit} or {@code $["unit name"]}. */
    static String child(String path, String key) {
        return IDENTIFIER.matcher(key).matches() ? path + "." + key : path + "[" + HarnessJson.dumps(key) + "]";
    }

    private static String mismatch(Object expected, Object actual, String path) {
        if (expected instanceof Map<?, ?> want) {
            if (!(actual instanceof Map<?, ?> have)) {
                return path + ": expected an object but was " + Texts.json(actual);
            }
            for (Map.Entry<?, ?> e : want.entrySet()) {
                String key = String.valueOf(e.getKey());
                String child = child(path, key);
                if (!have.containsKey(key)) {
                    return child + ": missing";
                }
                String m = mismatch(e.getValue(), have.get(key), child);
                if (m != null) {
                    return m;
                }
            }
            return null;
        }
        if (expected instanceof List<?> want) {
            if (!(actual instanceof List<?> have)) {
                return path + ": expected a list but was " + Texts.json(actual);
            }
            for (Object element : want) {
                if (have.stream().noneMatch(a -> matches(element, a))) {
                    return have.size() == 1
                            ? mismatch(element, have.get(0), path + "[0]")
                            : path + ": no element matches " + Texts.json(element)
                                    + (have.isEmpty() ? " (the list is empty)" : "");
                }
            }
            return null;
        }
        return JsonEquality.equal(expected, actual) ? null
                : path + ": expected " + Texts.json(expected) + " but was " + Texts.json(actual);
    }
}
