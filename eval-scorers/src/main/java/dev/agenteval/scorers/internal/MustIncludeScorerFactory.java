package dev.agenteval.scorers.internal;

import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code must_include}: substrings ({@code values}) that must all appear in the full response JSON,
 * serialised like the harness does and without the task history.
 */
public final class MustIncludeScorerFactory extends TypedScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MustIncludeScorerFactory() {
        super("must_include");
    }

    @Override
    protected Substrings.Config parse(ScorerParams params) {
        return Substrings.parse(params, false);
    }

    @Override
    protected Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, true, "response", ctx -> ResponseJson.render(ctx.response()));
    }
}
