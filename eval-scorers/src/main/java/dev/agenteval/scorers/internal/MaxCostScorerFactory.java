package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/** {@code max_cost}: the turn's reported cost is at most {@code cost}; skipped when no cost was reported. */
public final class MaxCostScorerFactory extends TypedScorerFactory<Double> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MaxCostScorerFactory() {
        super("max_cost");
    }

    @Override
    protected Double parse(ScorerParams params) {
        return params.nonNegativeNumber("cost");
    }

    @Override
    protected Scorer scorer(Double limit) {
        String label = "cost <= " + HarnessJson.pythonFloat(limit);
        return ctx -> {
            Usage usage = ctx.response().usage().orElse(Usage.NONE);
            Double cost = usage.cost();
            if (cost == null) {
                return ScoreResult.skipped(id(), "agent reported no cost");
            }
            String spent = "cost " + HarnessJson.pythonFloat(cost) + (usage.costEstimated() ? " (estimated)" : "");
            Check check = cost <= limit ? Check.pass(label, spent)
                    : Check.fail(label, spent + ", limit " + HarnessJson.pythonFloat(limit));
            return ScoreResult.ofChecks(id(), check);
        };
    }
}
