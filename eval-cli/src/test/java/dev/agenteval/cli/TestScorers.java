package dev.agenteval.cli;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Test-only scorers, registered through src/test/resources/META-INF/services. */
final class TestScorers {

    private TestScorers() {
    }

    /**
     * {@code test_counted}: passes when the answer holds {@code word}. Counts the instances made
     * (one each time the providers are discovered) and the specs validated and scorers created
     * since the last {@link #reset()}.
     */
    public static final class Counted implements ScorerFactory {
        static final AtomicInteger DISCOVERED = new AtomicInteger();
        static final AtomicInteger VALIDATED = new AtomicInteger();
        static final AtomicInteger CREATED = new AtomicInteger();

        static void reset() {
            DISCOVERED.set(0);
            VALIDATED.set(0);
            CREATED.set(0);
        }

        public Counted() {
            DISCOVERED.incrementAndGet();
        }

        @Override
        public String id() {
            return "test_counted";
        }

        @Override
        public List<String> validate(ScorerSpec spec) {
            VALIDATED.incrementAndGet();
            return spec.params().get("word") instanceof String ? List.of() : List.of("needs a word");
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            CREATED.incrementAndGet();
            String word = (String) spec.params().get("word");
            return ctx -> ScoreResult.ofChecks(id(), ctx.response().text().contains(word) ? Check.pass(word)
                    : Check.fail(word, "missing"));
        }
    }
}
