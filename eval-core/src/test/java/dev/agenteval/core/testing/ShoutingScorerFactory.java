package dev.agenteval.core.testing;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.Locale;

/**
 * A plugin scorer registered only through a test-only META-INF/services file: the answer is in
 * upper case, and at least {@code minLength} characters long when given.
 */
public final class ShoutingScorerFactory extends TypedScorerFactory<Long> {

    public ShoutingScorerFactory() {
        super("shouting");
    }

    @Override
    protected Long parse(ScorerParams params) {
        return params.has("minLength") ? params.positiveInteger("minLength") : 0L;
    }

    @Override
    protected Scorer scorer(Long minLength) {
        return ctx -> {
            String text = ctx.response().text();
            boolean loud = text.length() >= Math.max(1, minLength) && text.equals(text.toUpperCase(Locale.ROOT));
            return ScoreResult.ofChecks(id(), loud ? Check.pass("upper case") : Check.fail("upper case", "not shouting: " + text));
        };
    }
}
