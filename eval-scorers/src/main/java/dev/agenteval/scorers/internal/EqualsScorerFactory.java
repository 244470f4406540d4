package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;

/**
 * {@code equals}: the answer text, trimmed, equals {@code expected} (trimmed too); optional
 * {@code ignoreCase}.
 */
public final class EqualsScorerFactory extends TypedScorerFactory<EqualsScorerFactory.Config> {

    record Config(String expected, boolean ignoreCase) {
    }

    /** Used by {@link java.util.ServiceLoader}. */
    public EqualsScorerFactory() {
        super("equals");
    }

    @Override
    protected Config parse(ScorerParams params) {
        return new Config(params.possiblyBlankString("expected").trim(), params.flag("ignoreCase", false));
    }

    @Override
    protected Scorer scorer(Config config) {
        String expected = config.expected();
        String label = Texts.json(expected);
        return ctx -> {
            String actual = ctx.response().text().trim();
            boolean equal = config.ignoreCase() ? actual.equalsIgnoreCase(expected) : actual.equals(expected);
            Check check = equal
                    ? Check.pass(label, "answer equals it" + (config.ignoreCase() ? " ignoring case" : ""))
                    : Check.fail(label, "expected " + label + " but was " + Texts.json(actual));
            return ScoreResult.ofChecks(id(), check);
        };
    }
}
