package dev.agenteval.core.internal.scorers;

import dev.agenteval.spi.Scorer;

/**
 * {@code contains}: substrings ({@code values}) that must all appear in the answer text; optional
 * {@code ignoreCase}.
 */
public final class ContainsScorerFactory extends BuiltInScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public ContainsScorerFactory() {
        super("contains");
    }

    @Override
    Substrings.Config parse(Params params) {
        return Substrings.parse(params, true);
    }

    @Override
    Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, true, "answer text", ctx -> ctx.response().text());
    }
}
