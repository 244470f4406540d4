package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSONPath assertion: a path plus comparators, all AND-ed, holding when they all hold on at
 * least one data part. Used by {@link Scorers#jsonPath(JsonPathCheck...)} and by
 * {@link Scorers#toolArgs(String, JsonPathCheck...)}.
 *
 * <pre>{@code
 * JsonPathCheck.at("$.items").length(4);
 * JsonPathCheck.at("$.items[*].value").min(0).max(300);
 * }</pre>
 *
 * <p>Comparators: {@code equals}, {@code contains}, {@code length}, {@code count}, {@code min},
 * {@code max}, {@code regex}, {@code exists}.
 */
@API(status = STABLE)
public final class JsonPathCheck {

    /** The comparator names, in the order they are documented. */
    public static final List<String> COMPARATORS =
            List.of("equals", "contains", "length", "count", "min", "max", "regex", "exists");

    private final Map<String, Object> entry;

    private JsonPathCheck(Map<String, Object> entry) {
        this.entry = entry;
    }

    /** Starts an assertion on {@code path}, e.g. {@code $.items[*].type}. */
    public static JsonPathCheck at(String path) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("path", Checks.requireNonBlank(path, "jsonpath path"));
        return new JsonPathCheck(Collections.unmodifiableMap(entry));
    }

    /** Every matched value equals {@code expected} (a scalar), or the matched list equals it. */
    public JsonPathCheck isEqualTo(Object expected) {
        return with("equals", expected);
    }

    /** Every item appears among the matched values. */
    public JsonPathCheck contains(Object... items) {
        return with("contains", Arrays.asList(items));
    }

    /** Collection-aware length: of a single matched list or string, else the number of matches. */
    public JsonPathCheck length(int length) {
        return with("length", length);
    }

    /** The raw number of matched nodes. */
    public JsonPathCheck count(int count) {
        return with("count", count);
    }

    /** Every matched value is a number at least {@code min}. */
    public JsonPathCheck min(Number min) {
        return with("min", min);
    }

    /** Every matched value is a number at most {@code max}. */
    public JsonPathCheck max(Number max) {
        return with("max", max);
    }

    /** Every matched value is a string in which {@code regex} is found. */
    public JsonPathCheck regex(String regex) {
        return with("regex", regex);
    }

    /** Whether any node matches. */
    public JsonPathCheck exists(boolean exists) {
        return with("exists", exists);
    }

    /** The entry as a JSON-like map: {@code path} plus comparators; immutable. */
    public Map<String, Object> toMap() {
        return entry;
    }

    private JsonPathCheck with(String comparator, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(entry);
        copy.put(comparator, JsonValues.copy(value, "jsonpath " + comparator));
        return new JsonPathCheck(Collections.unmodifiableMap(copy));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonPathCheck other && entry.equals(other.entry);
    }

    @Override
    public int hashCode() {
        return entry.hashCode();
    }

    @Override
    public String toString() {
        return entry.toString();
    }
}
