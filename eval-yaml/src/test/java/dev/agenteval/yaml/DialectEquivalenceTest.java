package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.expectedOutputText;
import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One model: the same suite in the platform dialect, the harness dialect and the DSL is equal. */
class DialectEquivalenceTest {

    private final Suite dsl = Suite.named("smoke")
            .add(Case.id("greeting").turn(Turn.of("Hi there").expect(
                    mustInclude("hello"), expectedOutputText("A friendly greeting."))))
            .add(Case.id("follow-up")
                    .turn(Turn.of("What can you do?").expect(mustInclude("help")))
                    .turn(Turn.of("Tell me more").expect(expectedOutputText("More detail on the first capability."))))
            .build();

    @Test
    void should_load_the_platform_dialect_into_the_suite_the_dsl_builds() {
        assertThat(TestScorers.loader().load(Fixtures.path("valid/platform/smoke.yaml"))).isEqualTo(dsl);
    }

    @Test
    void should_load_the_harness_dialect_into_the_suite_the_dsl_builds() {
        assertThat(TestScorers.loader().load(Fixtures.path("valid/harness/smoke.yaml"))).isEqualTo(dsl);
    }

    /**
     * A harness eval without expectations is held to the state guard alone, as the harness holds
     * it: the DSL says so with {@code answerRequired(false)}; one with expectations keeps the default.
     */
    @Test
    void should_load_a_harness_eval_without_expectations_into_a_case_that_requires_no_answer(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("quiet.yaml"), """
                evals:
                  - name: quiet
                    message: {message: {parts: [{kind: text, text: Hi there}]}}
                  - name: quiet-steps
                    type: sequential
                    steps:
                      - message: {message: {parts: [{kind: text, text: One}]}}
                      - message: {message: {parts: [{kind: text, text: Two}]}}
                        expectations: {}
                  - name: checked
                    message: {message: {parts: [{kind: text, text: Hi there}]}}
                    expectations: {must_include: [hello]}
                """);
        Suite expected = Suite.named("quiet")
                .add(Case.id("quiet").answerRequired(false).turn(Turn.of("Hi there")))
                .add(Case.id("quiet-steps").answerRequired(false).turn(Turn.of("One")).turn(Turn.of("Two")))
                .add(Case.id("checked").turn(Turn.of("Hi there").expect(mustInclude("hello"))))
                .build();

        Suite loaded = TestScorers.loader().load(file);

        assertThat(loaded).isEqualTo(expected).hasSameHashCodeAs(expected);
        assertThat(loaded.cases()).extracting(Case::answerRequired).containsExactly(false, false, true);
    }

    @Test
    void should_tell_the_dialect_the_model_does_not_keep() {
        SuiteLoader loader = TestScorers.loader();

        assertThat(loader.dialect(Fixtures.path("valid/platform/smoke.yaml"))).isEqualTo(SuiteDialect.PLATFORM);
        assertThat(loader.dialect(Fixtures.path("valid/harness/smoke.yaml"))).isEqualTo(SuiteDialect.HARNESS);
        assertThat(loader.dialect(Fixtures.path("valid/platform"))).as("a folder is a platform suite")
                .isEqualTo(SuiteDialect.PLATFORM);
    }

    @Test
    void should_refuse_to_tell_the_dialect_of_a_file_that_names_none(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("odd.yaml"), "evalz: []\n");

        assertThatThrownBy(() -> TestScorers.loader().dialect(file))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("odd.yaml:1:1").hasMessageContaining("did you mean 'evals'");
    }

    @Test
    void should_load_both_dialects_into_equal_suites_with_equal_hash_codes() {
        Suite platform = TestScorers.loader().load(Fixtures.path("valid/platform/smoke.yaml"));
        Suite harness = TestScorers.loader().load(Fixtures.path("valid/harness/smoke.yaml"));

        assertThat(platform).isEqualTo(harness).hasSameHashCodeAs(harness);
    }
}
