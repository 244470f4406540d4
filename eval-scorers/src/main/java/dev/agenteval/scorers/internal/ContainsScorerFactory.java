package dev.agenteval.scorers.internal;

import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code contains}: substrings ({@code values}) that must all appear in the answer text; optional
 * {@code ignoreCase}.
 */
public final class ContainsScorerFactory extends TypedScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public ContainsScorerFactory() {
        super("contains");
    }

    @Override
    protected Substrings.Config parse(ScorerParams params) {
        return Substrings.parse(params, true);
    }

    @Override
    protected Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, true, "answer text", ctx -> ctx.response().text());
    }
}
