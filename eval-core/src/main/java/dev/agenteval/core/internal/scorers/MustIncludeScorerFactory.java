package dev.agenteval.core.internal.scorers;

import dev.agenteval.spi.Scorer;

/**
 * {@code must_include}: substrings ({@code values}) that must all appear in the full response JSON,
 * serialised like the harness does and without the task history.
 */
public final class MustIncludeScorerFactory extends BuiltInScorerFactory<Substrings.Config> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MustIncludeScorerFactory() {
        super("must_include");
    }

    @Override
    Substrings.Config parse(Params params) {
        return Substrings.parse(params, false);
    }

    @Override
    Scorer scorer(Substrings.Config config) {
        return Substrings.scorer(id(), config, true, "response", ctx -> ResponseJson.render(ctx.response()));
    }
}
