package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import dev.agenteval.spi.Scorer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What to score a turn with: a scorer type id plus parameters. The implementation comes from the
 * {@link dev.agenteval.spi.ScorerFactory} registered under that id, so the same spec works for
 * built-in scorers, judge scorers and plugins, from the DSL and from YAML. Build specs with
 * {@link Scorers}; {@link #of(String, Map)} is the general form.
 *
 * <p>A spec may also hold a {@link Scorer} written in code ({@link #inline(String, Scorer)}),
 * which is used as is instead of a factory.
 */
@API(status = STABLE)
public final class ScorerSpec {

    /** The parameter of judge scorers that holds the undecided band, {@code [low, high]}. */
    public static final String UNDECIDED_BETWEEN = "undecidedBetween";

    private final String type;
    private final Map<String, Object> params;
    private final List<ToolSpec> tools;
    private final Scorer inline;

    private ScorerSpec(String type, Map<String, Object> params, List<ToolSpec> tools, Scorer inline) {
        this.type = Checks.requireNonBlank(type, "scorer type");
        this.params = JsonValues.copyMap(params, "scorer '" + type + "' parameters");
        if (tools != null && tools.isEmpty()) {
            throw new IllegalArgumentException("scorer '" + type + "': tools must not be empty when set");
        }
        this.tools = tools == null ? null : List.copyOf(tools);
        this.inline = inline;
    }

    /** A spec for the scorer registered under {@code type}, with JSON-like parameters. */
    public static ScorerSpec of(String type, Map<String, ?> params) {
        return new ScorerSpec(type, params == null ? Map.of() : new LinkedHashMap<>(params), null, null);
    }

    /** A spec without parameters. */
    public static ScorerSpec of(String type) {
        return of(type, Map.of());
    }

    /** A scorer written in code, reported under {@code name}. */
    public static ScorerSpec inline(String name, Scorer scorer) {
        return new ScorerSpec(name, Map.of(), null, Checks.requireNonNull(scorer, "scorer"));
    }

    /** The scorer type id, e.g. {@code jsonpath} or {@code correctness}; never blank. */
    public String type() {
        return type;
    }

    /** The parameters; immutable, insertion-ordered, never null. */
    public Map<String, Object> params() {
        return params;
    }

    /** One parameter, if present and not null. */
    public Optional<Object> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    /** The tools declared on this scorer, overriding the case's; empty when not declared here. */
    public Optional<List<ToolSpec>> tools() {
        return Optional.ofNullable(tools);
    }

    /** The scorer written in code, if this spec is inline. */
    public Optional<Scorer> inline() {
        return Optional.ofNullable(inline);
    }

    /** A copy with one parameter set (or replaced). */
    public ScorerSpec with(String name, Object value) {
        Checks.requireNonBlank(name, "parameter name");
        Map<String, Object> copy = new LinkedHashMap<>(params);
        copy.put(name, value);
        return new ScorerSpec(type, copy, tools, inline);
    }

    /**
     * A copy whose judge score, when it falls within {@code [low, high]}, gives the status
     * {@link ScoreStatus#UNDECIDED} instead of a pass or a failure: a person must decide, and the
     * case does not pass because of it. For judge scorers that give a score (correctness,
     * faithfulness, rubric, expectedOutputText, toolSelection, toolInvocation); sets the parameter
     * {@value #UNDECIDED_BETWEEN}.
     *
     * <pre>{@code Scorers.correctness("Names the capital").undecidedBetween(0.4, 0.7)}</pre>
     *
     * @throws IllegalArgumentException unless {@code 0 <= low <= high <= 1}
     */
    public ScorerSpec undecidedBetween(double low, double high) {
        if (!(low >= 0 && low <= high && high <= 1)) {
            throw new IllegalArgumentException("scorer '" + type + "': undecidedBetween must satisfy"
                    + " 0 <= low <= high <= 1 but was [" + low + ", " + high + "]");
        }
        return with(UNDECIDED_BETWEEN, List.of(low, high));
    }

    /** A copy whose tools override the case's tools for this scorer only. */
    public ScorerSpec withTools(List<ToolSpec> tools) {
        return new ScorerSpec(type, params, Checks.requireNonNull(tools, "tools"), inline);
    }

    /** A copy with the given tools. */
    public ScorerSpec withTools(ToolSpec... tools) {
        return withTools(List.of(tools));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScorerSpec other
                && type.equals(other.type)
                && params.equals(other.params)
                && Objects.equals(tools, other.tools)
                && Objects.equals(inline, other.inline);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, params, tools);
    }

    @Override
    public String toString() {
        return "ScorerSpec[" + type + (params.isEmpty() ? "" : " " + params)
                + (tools == null ? "" : " tools=" + tools) + (inline == null ? "" : " inline") + "]";
    }
}
