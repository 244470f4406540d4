package dev.agenteval.scorers.internal;

import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code must_not_include}: substrings ({@code values}) that must not appear in the full response
 * JSON, serialised like the harness does and without the task history.
 */
public final class MustNotIncludeScorerFactory extends TypedScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MustNotIncludeScorerFactory() {
        super("must_not_include");
    }

    @Override
    protected Substrings.Config parse(ScorerParams params) {
        return Substrings.parse(params, false);
    }

    @Override
    protected Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, false, "response", ctx -> ResponseJson.render(ctx.response()));
    }
}
