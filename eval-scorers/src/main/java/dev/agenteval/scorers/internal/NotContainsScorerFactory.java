package dev.agenteval.scorers.internal;

import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code not_contains}: substrings ({@code values}) that must not appear in the answer text;
 * optional {@code ignoreCase}.
 */
public final class NotContainsScorerFactory extends TypedScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public NotContainsScorerFactory() {
        super("not_contains");
    }

    @Override
    protected Substrings.Config parse(ScorerParams params) {
        return Substrings.parse(params, true);
    }

    @Override
    protected Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, false, "answer text", ctx -> ctx.response().text());
    }
}
