package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scorer plugin of one class, written against the public {@code TypedScorerFactory} and
 * {@code ScorerParams} only and compiled into a jar at test time (on no class path of this JVM),
 * validates and runs from {@code --plugin-path} in both dialects: the platform dialect's
 * {@code scorers:} and the harness dialect's {@code expectations:}; a bad parameter is reported
 * at its file, line and column.
 */
class ScorerPluginCliTest {

    /** The whole plugin: one class (its registration is the jar's service file). */
    static final String MAX_WORDS = """
            import dev.agenteval.api.Check;
            import dev.agenteval.api.ScoreResult;
            import dev.agenteval.spi.Scorer;
            import dev.agenteval.spi.ScorerParams;
            import dev.agenteval.spi.TypedScorerFactory;

            /** {@code max_words}: the answer has at most {@code words} words. */
            public final class MaxWordsScorerFactory extends TypedScorerFactory<Long> {
                public MaxWordsScorerFactory() {
                    super("max_words");
                }

                @Override
                protected Long parse(ScorerParams params) {
                    return params.positiveInteger("words");
                }

                @Override
                protected Scorer scorer(Long words) {
                    return ctx -> {
                        String text = ctx.response().text().strip();
                        long n = text.isEmpty() ? 0 : text.split("\\\\s+").length;
                        String label = "at most " + words + " words";
                        return ScoreResult.ofChecks(id(), n <= words ? Check.pass(label, n + " words")
                                : Check.fail(label, n + " words"));
                    };
                }
            }
            """;

    /** The test echo agent answers "hello, you said: <input>": 4 words for "hi", 9 for the long input. */
    static final String PLATFORM = """
            cases:
              - id: short
                turns:
                  - input: hi
                    scorers:
                      - type: max_words
                        words: %s
              - id: long
                turns:
                  - input: one two three four five six
                    scorers:
                      - {type: max_words, words: 5}
            """;

    static final String HARNESS = """
            evals:
              - name: short
                message: {message: {parts: [{kind: text, text: hi}]}}
                expectations:
                  max_words:
                    words: %s
              - name: long
                message: {message: {parts: [{kind: text, text: one two three four five six}]}}
                expectations: {max_words: {words: 5}}
            """;

    @TempDir
    static Path build;

    static Path plugins;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildThePlugin() throws IOException {
        plugins = PluginJars.jar(build, "max-words", System.getProperty("java.class.path"), "eval-api",
                Map.of("MaxWordsScorerFactory", MAX_WORDS), Map.of("MaxWordsScorerFactory",
                        "dev.agenteval.spi.ScorerFactory")).getParent();
    }

    private record Outcome(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private Outcome cli(String... args) {
        CommandResult r = CommandRunner.in(dir).run(args);
        return new Outcome(r.exitCode(), r.out(), r.err());
    }

    private String suite(String dialect, String words) throws IOException {
        String text = (dialect.equals("harness") ? HARNESS : PLATFORM).formatted(words);
        Files.writeString(dir.resolve(dialect + ".yaml"), text);
        return dialect + ".yaml";
    }

    private Outcome run(String file, String... more) {
        List<String> args = new ArrayList<>(List.of("run", file, "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--report-dir", "out"));
        args.addAll(List.of(more));
        return cli(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0} dialect")
    @ValueSource(strings = {"platform", "harness"})
    void should_validate_and_run_a_one_class_scorer_plugin_from_the_plugin_path(String dialect) throws IOException {
        String file = suite(dialect, "5");

        Outcome validate = cli("validate", file, "--plugin-path", plugins.toString());
        assertThat(validate.code()).as(validate.all()).isZero();
        assertThat(validate.out()).contains("OK " + dialect + ": 2 cases");

        Outcome run = run(file, "--plugin-path", plugins.toString());
        assertThat(run.code()).as(run.all()).isEqualTo(AgentEvalCli.CASES_FAILED);
        JsonNode results = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        assertThat(results.at("/summary/passed").asInt()).as(run.all()).isEqualTo(1);
        assertThat(results.at("/summary/failed").asInt()).isEqualTo(1);
        assertThat(results.toString()).contains("at most 5 words").contains("4 words").contains("9 words");
    }

    @ParameterizedTest(name = "{0} dialect")
    @ValueSource(strings = {"platform", "harness"})
    void should_report_a_bad_parameter_of_the_plugin_at_its_file_line_and_column(String dialect) throws IOException {
        String file = suite(dialect, "five");
        String at = dialect.equals("harness") ? ":6:9: evals[0].expectations.max_words.words (case 'short')"
                : ":7:13: cases[0].turns[0].scorers[0].words (case 'short')";
        String problem = dir.resolve(file) + at + ": scorer 'max_words': 'words' must be a positive integer but was"
                + " \"five\"";

        Outcome validate = cli("validate", file, "--plugin-path", plugins.toString());
        assertThat(validate.code()).as(validate.all()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(validate.err()).contains(problem);

        Outcome run = run(file, "--plugin-path", plugins.toString());
        assertThat(run.code()).as(run.all()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(run.err()).contains(problem);
    }

    @Test
    void should_not_know_the_plugin_in_the_harness_dialect_without_the_plugin_path() throws IOException {
        Outcome o = cli("validate", suite("harness", "5"));

        assertThat(o.code()).as(o.all()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains(dir.resolve("harness.yaml") + ":5:7: evals[0].expectations.max_words (case"
                + " 'short'): unknown key 'max_words': neither an expectation (").contains("give agent-eval"
                + " --plugin-path DIR");
    }
}
