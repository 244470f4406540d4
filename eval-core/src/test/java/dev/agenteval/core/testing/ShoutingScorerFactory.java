package dev.agenteval.core.testing;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;

/** A plugin scorer registered only through a test-only META-INF/services file. */
public final class ShoutingScorerFactory implements ScorerFactory {

    @Override
    public String id() {
        return "shouting";
    }

    @Override
    public List<String> validate(ScorerSpec spec) {
        return spec.param("minLength").isPresent() && !(spec.params().get("minLength") instanceof Long)
                ? List.of("'minLength' must be an integer") : List.of();
    }

    @Override
    public Scorer create(ScorerSpec spec) {
        return ctx -> {
            String text = ctx.response().text();
            boolean loud = !text.isEmpty() && text.equals(text.toUpperCase(java.util.Locale.ROOT));
            return ScoreResult.ofChecks(id(), loud ? Check.pass("upper case") : Check.fail("upper case", "not shouting: " + text));
        };
    }
}
