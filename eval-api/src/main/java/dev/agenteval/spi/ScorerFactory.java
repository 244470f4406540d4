package dev.agenteval.spi;

import dev.agenteval.api.ScorerSpec;
import java.util.List;

/**
 * Creates scorers of one type id from specs. Found through {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/dev.agenteval.spi.ScorerFactory}) or registered
 * explicitly. The id is the type id written in YAML and in {@link ScorerSpec#type()}, e.g.
 * {@code must_include} or {@code toolSelection}.
 */
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
}
