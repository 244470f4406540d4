package dev.agenteval.cli;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Test-only scorers, registered through src/test/resources/META-INF/services. */
final class TestScorers {

    private TestScorers() {
    }

    /**
     * {@code test_counted}: passes when the answer holds {@code word}. Counts the instances made
     * (one each time the providers are discovered), the parses (one per validation and one per
     * creation) and the scorers created since the last {@link #reset()}.
     */
    public static final class Counted extends TypedScorerFactory<String> {
        static final AtomicInteger DISCOVERED = new AtomicInteger();
        static final AtomicInteger PARSED = new AtomicInteger();
        static final AtomicInteger CREATED = new AtomicInteger();

        static void reset() {
            DISCOVERED.set(0);
            PARSED.set(0);
            CREATED.set(0);
        }

        public Counted() {
            super("test_counted");
            DISCOVERED.incrementAndGet();
        }

        @Override
        protected String parse(ScorerParams params) {
            PARSED.incrementAndGet();
            return params.string("word");
        }

        @Override
        protected Scorer scorer(String word) {
            CREATED.incrementAndGet();
            return ctx -> ScoreResult.ofChecks(id(), ctx.response().text().contains(word) ? Check.pass(word)
                    : Check.fail(word, "missing"));
        }
    }
}
