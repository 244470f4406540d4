package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The undecided band of judge scorers in both dialects: {@code undecidedBetween} (platform) and
 * {@code undecided_between} (harness) give the spec the DSL builds, a bad band is located, and the
 * schemas agree.
 */
class UndecidedBandDialectTest {

    @TempDir
    Path dir;

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    private static List<String> problems(Path file) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(file));
        assertThat(e).as("loading %s must fail", file).isNotNull();
        return e.problems();
    }

    private static ScorerSpec only(Suite suite) {
        return suite.cases().get(0).turns().get(0).scorers().get(0);
    }

    @Test
    void should_read_the_band_in_the_platform_dialect_as_the_dsl_sets_it() throws IOException {
        Path file = write("eval.yaml", """
                cases:
                  - id: capital
                    turns:
                      - input: Capital of France?
                        scorers:
                          - {type: correctness, criteria: Names Paris, undecidedBetween: [0.4, 0.7]}
                """);

        assertThat(only(SuiteLoader.defaults().load(file)))
                .isEqualTo(Scorers.correctness("Names Paris").undecidedBetween(0.4, 0.7));
        assertThat(Fixtures.schemaProblems(file)).isEmpty();
    }

    @Test
    void should_read_the_band_in_the_harness_dialect_for_the_blocks_judge_expectations() throws IOException {
        Path file = write("capital.yaml", """
                evals:
                  - name: capital
                    message: {message: {parts: [{kind: text, text: "Capital of France?"}]}}
                    expectations:
                      expected_output_text: Paris is the capital of France.
                      undecided_between: [0.4, 0.7]
                """);

        assertThat(only(SuiteLoader.defaults().load(file)))
                .isEqualTo(Scorers.expectedOutputText("Paris is the capital of France.").undecidedBetween(0.4, 0.7));
        assertThat(Fixtures.schemaProblems(file)).isEmpty();
    }

    @Test
    void should_locate_a_band_out_of_order_in_the_platform_dialect_and_the_schema_refuses_one_above_one()
            throws IOException {
        Path file = write("eval.yaml", """
                cases:
                  - id: capital
                    turns:
                      - input: Capital of France?
                        scorers:
                          - type: correctness
                            criteria: Names Paris
                            undecidedBetween: [0.7, 1.4]
                """);

        assertThat(problems(file)).containsExactly(file + ":8:31: cases[0].turns[0].scorers[0].undecidedBetween"
                + " (case 'capital'): must satisfy 0 <= low <= high <= 1 but is [0.7, 1.4]");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_locate_a_band_without_two_items_and_a_band_without_judge_expectations_in_the_harness_dialect()
            throws IOException {
        Path file = write("capital.yaml", """
                evals:
                  - name: capital
                    message: {message: {parts: [{kind: text, text: "Capital of France?"}]}}
                    expectations:
                      expected_output_text: Paris is the capital of France.
                      undecided_between: [0.4]
                  - name: plain
                    message: {message: {parts: [{kind: text, text: "Capital of France?"}]}}
                    expectations:
                      must_include: [Paris]
                      undecided_between: [0.4, 0.7]
                """);

        assertThat(problems(file)).containsExactly(
                file + ":6:26: evals[0].expectations.undecided_between (case 'capital'): must be [low, high], two"
                        + " scores from 0 to 1, but has 1 item",
                file + ":11:7: evals[1].expectations.undecided_between (case 'plain'): applies to judge expectations"
                        + " (expected_output_text), and this block has none");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }
}
