package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scorer that is no built-in expectation of the harness dialect (a plugin's, a judge's) is used
 * under {@code expectations:} by its id: a mapping of its parameters, {@code true} for none, or
 * the text of its one text parameter; its problems are located as in the platform dialect.
 */
class PluginExpectationsTest {

    /** {@code polite}: a plugin without parameters. */
    static final class Polite extends TypedScorerFactory<Boolean> {
        Polite() {
            super("polite");
        }

        @Override
        protected Boolean parse(ScorerParams params) {
            return true;
        }

        @Override
        protected Scorer scorer(Boolean spec) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }

    private final SuiteLoader loader = SuiteLoader.builder()
            .providers(TestScorers.providers().withScorer(new Polite())).build();

    @TempDir
    Path dir;

    private Path harness(String expectations) throws IOException {
        return Files.writeString(dir.resolve("plugins.yaml"), """
                evals:
                  - name: hello
                    agent_id: a1
                    message:
                      message:
                        role: user
                        parts: [{kind: text, text: Hi}]
                    expectations:
                """ + expectations.indent(6));
    }

    private List<String> problems(Path file) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> loader.load(file));
        assertThat(e).as("loading %s must fail", file).isNotNull();
        return e.problems();
    }

    @Test
    void should_read_a_plugin_scorer_by_its_id_in_each_value_shape_in_the_order_written() throws IOException {
        Path file = harness("""
                must_include: [hello]
                contains: {values: [ok], ignoreCase: true}
                polite: true
                knowledge_retention: false
                correctness: Greets the user
                """);
        Suite suite = loader.load(file);

        assertThat(suite.cases().get(0).turns().get(0).scorers()).containsExactly(
                ScorerSpec.of("must_include", Map.of("values", List.of("hello"))),
                ScorerSpec.of("contains", Map.of("values", List.of("ok"), "ignoreCase", true)),
                ScorerSpec.of("polite"),
                ScorerSpec.of("correctness", Map.of("criteria", "Greets the user")));
        assertThat(Fixtures.schemaProblems(file)).as("the published schema accepts a scorer by its id").isEmpty();
    }

    @Test
    void should_report_a_bad_parameter_of_a_plugin_scorer_at_its_line_and_column() throws IOException {
        Path file = harness("""
                contains:
                  values: [ok, 42]
                  ignorecase: true
                """);

        assertThat(problems(file)).containsExactly(
                file + ":10:22: evals[0].expectations.contains.values[1] (case 'hello'): scorer 'contains': 'values'"
                        + " must be a non-empty list of strings, but item 2 is 42",
                file + ":11:9: evals[0].expectations.contains.ignorecase (case 'hello'): scorer 'contains': unknown"
                        + " parameter 'ignorecase' (known: values, ignoreCase)");
    }

    @Test
    void should_refuse_a_value_shape_the_scorer_cannot_take_naming_the_shapes() throws IOException {
        Path file = harness("""
                contains: ok
                polite: [yes]
                """);

        assertThat(problems(file)).containsExactly(
                file + ":9:17: evals[0].expectations.contains (case 'hello'): scorer 'contains' has no text parameter:"
                        + " write its parameters as a mapping ({name: value}), or true for none",
                file + ":10:15: evals[0].expectations.polite (case 'hello'): must be a mapping of the scorer's"
                        + " parameters, true (none) or false (left out) but is a list");
    }

    @Test
    void should_refuse_an_unknown_id_with_a_did_you_mean_over_built_in_and_plugin_ids() throws IOException {
        Path file = harness("""
                containz: {values: [ok]}
                polit: true
                zzzzzz: true
                """);

        List<String> problems = problems(file);
        assertThat(problems).hasSize(3);
        assertThat(problems.get(0)).isEqualTo(file + ":9:7: evals[0].expectations.containz (case 'hello'): unknown"
                + " key 'containz' — did you mean 'contains'?");
        assertThat(problems.get(1)).endsWith("unknown key 'polit' — did you mean 'polite'?");
        assertThat(problems.get(2)).startsWith(file + ":11:7: evals[0].expectations.zzzzzz (case 'hello'): unknown key"
                + " 'zzzzzz': neither an expectation (must_include, must_not_include, max_duration_seconds,")
                .contains(" nor a scorer type (known: contains, correctness,").contains(", polite,")
                .endsWith("; a plugin's scorer types come from its jar: give agent-eval --plugin-path DIR (or"
                        + " AGENT_EVAL_PLUGIN_PATH), or put the jar on the class path of an embedded run");
    }
}
