package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.Locale;

/** {@code max_duration_seconds}: the turn's round trip took at most {@code seconds}. */
public final class MaxDurationScorerFactory extends TypedScorerFactory<Double> {

    /** Used by {@link java.util.ServiceLoader}. */
    public MaxDurationScorerFactory() {
        super("max_duration_seconds");
    }

    @Override
    protected Double parse(ScorerParams params) {
        return params.positiveNumber("seconds");
    }

    @Override
    protected Scorer scorer(Double limit) {
        String label = "duration <= " + HarnessJson.pythonFloat(limit) + "s";
        return ctx -> {
            double seconds = ctx.duration().toNanos() / 1e9;
            String took = String.format(Locale.ROOT, "took %.3fs", seconds);
            Check check = seconds <= limit ? Check.pass(label, took)
                    : Check.fail(label, took + ", limit " + HarnessJson.pythonFloat(limit) + "s");
            return ScoreResult.ofChecks(id(), check);
        };
    }
}
