package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.ScorerSpec;
import java.util.List;
import java.util.Optional;

/**
 * Creates scorers of one type id from specs. Found through {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/dev.agenteval.spi.ScorerFactory}) or registered
 * explicitly. The id is the type id written in YAML and in {@link ScorerSpec#type()}, e.g.
 * {@code must_include} or {@code toolSelection}.
 *
 * <p>Extend {@link TypedScorerFactory} rather than implementing this directly: it reads the
 * parameters once with a {@link ScorerParams} into a typed spec, so {@link #problems} and
 * {@link #create} never disagree and every problem is located at its parameter. The built-in and
 * judge scorers do.
 */
@API(status = STABLE)
public interface ScorerFactory {

    /** The scorer type id; non-blank, letters, digits, {@code _} and {@code -}. */
    String id();

    /**
     * Problems with a spec's parameters, each a sentence such as {@code "needs a path"}; empty
     * when valid. The runner and the YAML loader prefix the location.
     */
    default List<String> validate(ScorerSpec spec) {
        return List.of();
    }

    /**
     * The problems of {@link #validate}, each with the parameter it is about where known (such as
     * {@code assertions[2].lenght}), so the YAML loader points at that parameter's line; empty
     * when valid. By default {@link #validate}'s sentences, each about the spec as a whole. A
     * factory that overrides this returns the same sentences from {@link #validate}, which the
     * runner reads.
     */
    default List<ScorerProblem> problems(ScorerSpec spec) {
        return validate(spec).stream().map(ScorerProblem::of).toList();
    }

    /** Creates a scorer for a valid spec. */
    Scorer create(ScorerSpec spec);

    /** True when the scorer asks a {@link Judge} (the runner checks a judge is configured). */
    default boolean needsJudge() {
        return false;
    }

    /**
     * The one required text parameter of this scorer, such as {@code criteria} for
     * {@code correctness}, when it has one: the YAML platform dialect then reads the short form
     * {@code {type: <id>, <parameter>: "..."}}, reporting a missing or blank parameter at its
     * line, and accepts no other key but {@code samples} (when {@link #needsJudge()}). Empty by
     * default: every key but {@code type} is then a parameter, checked by {@link #problems}.
     */
    default Optional<String> textParameter() {
        return Optional.empty();
    }

    /**
     * True when the scorer judges the tool calls against declared tools, as {@code toolSelection}
     * does: the YAML platform dialect then reads {@code tools} on the scorer (a list of
     * {@code {name, description}}), and falls back to the agent project's tools when no level
     * declares any. False by default.
     */
    default boolean usesTools() {
        return false;
    }

    /**
     * True when the scorer reads the response's tool calls: a runner then completes them from the
     * agent's own traces when the response reports none ({@code TurnHook.TurnInfo#needsToolCalls}).
     * By default {@link #usesTools()}, or the built-in {@code trajectory}, {@code tools_in_order}
     * and {@code tool_args}; a plugin scorer that reads tool calls overrides it.
     */
    default boolean readsToolCalls() {
        return usesTools() || java.util.Set.of("trajectory", "tools_in_order", "tool_args").contains(id());
    }

    /**
     * True when the scorer reads the response's token usage or cost: by default the built-in
     * {@code max_tokens} and {@code max_cost}; a plugin scorer that reads usage overrides it.
     */
    default boolean readsUsage() {
        return java.util.Set.of("max_tokens", "max_cost").contains(id());
    }

    /**
     * True when the scorer reads the agent's own spans of the turn ({@code AgentResponse#traceSpans}):
     * a runner with a trace receiver then waits for them ({@code TurnHook.TurnInfo#needsSpans}). By
     * default the built-in {@code trace_spans}; a plugin scorer that reads spans overrides it.
     */
    default boolean readsSpans() {
        return "trace_spans".equals(id());
    }
}
