package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.ScorerSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One problem with a {@link ScorerSpec}'s parameters: the sentence a user reads and, where known,
 * the parameter it is about, so the YAML loader can point at that parameter's line rather than
 * the scorer's first line. See {@link ScorerFactory#problems(ScorerSpec)}.
 *
 * <pre>{@code
 * ScorerProblem.of("needs 'values'")                                      // the spec as a whole
 * ScorerProblem.at("'values' must not be empty", "values")                // the parameter 'values'
 * ScorerProblem.at("assertion 3 has unknown comparator 'lenght'", "assertions", 2, "lenght")
 * }</pre>
 *
 * @param parameter where in {@link ScorerSpec#params()} the problem is, outermost first: the
 *                  parameter's name, then a {@link String} for each key of a map and an
 *                  {@link Integer} for each index (from 0) of a list; empty for the spec as a whole
 * @param message   the problem as a sentence, such as {@code "needs a path"}; the runner and the
 *                  loader prefix the location
 */
@API(status = STABLE)
public record ScorerProblem(List<Object> parameter, String message) {

    /** Validates: keys are strings, indexes non-negative integers, the first element a name. */
    public ScorerProblem {
        Objects.requireNonNull(parameter, "parameter");
        Objects.requireNonNull(message, "message");
        if (message.isBlank()) {
            throw new IllegalArgumentException("message must not be blank");
        }
        parameter = List.copyOf(parameter);
        for (int i = 0; i < parameter.size(); i++) {
            Object segment = parameter.get(i);
            boolean key = segment instanceof String;
            boolean index = segment instanceof Integer n && n >= 0;
            if (!key && !index || i == 0 && !key) {
                throw new IllegalArgumentException("parameter must be a name followed by map keys (strings) and"
                        + " list indexes (integers >= 0) but was " + parameter);
            }
        }
    }

    /** A problem with the spec as a whole. */
    public static ScorerProblem of(String message) {
        return new ScorerProblem(List.of(), message);
    }

    /**
     * A problem with one parameter or a part of it.
     *
     * @param name the parameter's name
     * @param more map keys ({@link String}) and list indexes ({@link Integer}, from 0) inside it
     */
    public static ScorerProblem at(String message, String name, Object... more) {
        List<Object> path = new ArrayList<>(1 + more.length);
        path.add(Objects.requireNonNull(name, "name"));
        path.addAll(List.of(more));
        return new ScorerProblem(path, message);
    }

    /** The parameter as a field path, such as {@code assertions[2].lenght}; empty for the whole spec. */
    public String path() {
        StringBuilder sb = new StringBuilder();
        for (Object segment : parameter) {
            if (segment instanceof Integer i) {
                sb.append('[').append(i).append(']');
            } else {
                sb.append(sb.length() == 0 ? "" : ".").append(segment);
            }
        }
        return sb.toString();
    }
}
