package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code max_tokens}: the turn's input plus output tokens are at most {@code tokens}; skipped when
 * the agent reported no token usage.
 */
public final class MaxTokensScorerFactory extends TypedScorerFactory<Long> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MaxTokensScorerFactory() {
        super("max_tokens");
    }

    @Override
    protected Long parse(ScorerParams params) {
        return params.positiveInteger("tokens");
    }

    @Override
    protected Scorer scorer(Long limit) {
        String label = "tokens <= " + limit;
        return ctx -> {
            Usage usage = ctx.response().usage().orElse(Usage.NONE);
            Long total = usage.totalTokens();
            if (total == null) {
                return ScoreResult.skipped(id(), "agent reported no token usage");
            }
            String used = "used " + total + " (input " + describe(usage.inputTokens())
                    + " + output " + describe(usage.outputTokens()) + ")";
            Check check = total <= limit ? Check.pass(label, used) : Check.fail(label, used + ", limit " + limit);
            return ScoreResult.ofChecks(id(), check);
        };
    }

    private static String describe(Long tokens) {
        return tokens == null ? "not reported" : tokens.toString();
    }
}
