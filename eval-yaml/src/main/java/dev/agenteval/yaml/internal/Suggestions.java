package dev.agenteval.yaml.internal;

import java.util.Collection;

/**
 * Forwards to {@link dev.agenteval.core.text.Suggestions}, the one did-you-mean implementation.
 * Kept only for {@code ScorerCatalog}, which refers to it unqualified and is being changed on
 * another branch; delete this class once {@code ScorerCatalog} imports the eval-core class.
 */
final class Suggestions {

    private Suggestions() {
    }

    /** See {@link dev.agenteval.core.text.Suggestions#didYouMean}. */
    static String didYouMean(String input, Collection<String> candidates) {
        return dev.agenteval.core.text.Suggestions.didYouMean(input, candidates);
    }
}
