package dev.agenteval.core.internal.scorers;

import dev.agenteval.spi.Scorer;

/**
 * {@code not_contains}: substrings ({@code values}) that must not appear in the answer text;
 * optional {@code ignoreCase}.
 */
public final class NotContainsScorerFactory extends BuiltInScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public NotContainsScorerFactory() {
        super("not_contains");
    }

    @Override
    Substrings.Config parse(Params params) {
        return Substrings.parse(params, true);
    }

    @Override
    Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, false, "answer text", ctx -> ctx.response().text());
    }
}
