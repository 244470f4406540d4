package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load validates each distinct scorer spec once, and reports its problems wherever it is written. */
class ValidatedOnceTest {

    @TempDir
    Path dir;

    /** {@code counted}: needs {@code word}; counts the specs it is asked to validate. */
    private static final class Counted implements ScorerFactory {
        final AtomicInteger validated = new AtomicInteger();

        @Override
        public String id() {
            return "counted";
        }

        @Override
        public List<ScorerProblem> problems(ScorerSpec spec) {
            validated.incrementAndGet();
            return spec.param("word").isPresent() ? List.of() : List.of(ScorerProblem.of("needs a word"));
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }

    private static String suite(String scorer) {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (String id : List.of("a", "b", "c")) {
            yaml.append("  - id: ").append(id).append("\n    turns:\n");
            for (String input : List.of("Hi", "Again")) {
                yaml.append("      - input: ").append(input).append("\n        scorers: [").append(scorer).append("]\n");
            }
        }
        return yaml.toString();
    }

    @Test
    void should_validate_a_spec_written_in_every_turn_of_every_case_once() throws IOException {
        Counted factory = new Counted();
        Path file = Files.writeString(dir.resolve("shared.yaml"), suite("{type: counted, word: hello}"));

        Suite suite = SuiteLoader.builder().providers(Providers.empty().withScorer(factory)).build().load(file);

        assertThat(suite.cases()).hasSize(3);
        assertThat(factory.validated.get()).isEqualTo(1);
    }

    @Test
    void should_report_the_problem_of_a_shared_spec_at_each_place_it_is_written_having_validated_it_once()
            throws IOException {
        Counted factory = new Counted();
        Path file = Files.writeString(dir.resolve("shared.yaml"), suite("{type: counted}"));

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.builder().providers(Providers.empty().withScorer(factory)).build().load(file));

        assertThat(e.problems()).hasSize(6).allSatisfy(p -> assertThat(p).startsWith(file + ":")
                .endsWith("scorer 'counted': needs a word"));
        assertThat(e.problems()).extracting(p -> p.substring(file.toString().length() + 1, p.indexOf(": ", file.toString().length())))
                .doesNotHaveDuplicates();
        assertThat(factory.validated.get()).isEqualTo(1);
    }
}
