package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.containsIgnoringCase;
import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.expectedOutputText;
import static dev.agenteval.api.Scorers.faithfulness;
import static dev.agenteval.api.Scorers.rubric;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformDialectTest {

    private static final String ONE_CASE = """
            cases:
              - id: greeting
                turns:
                  - input: Hi
                    scorers:
                      - type: correctness
                        criteria: Greets.
            """;

    @Test
    void should_send_a_mapping_input_as_one_data_part_and_a_string_as_text() {
        Suite suite = TestScorers.loader().load(Fixtures.path("valid/platform/feature-input.yaml"));

        Map<String, Object> expected = new java.util.LinkedHashMap<>();
        expected.put("asset", "P-101");
        expected.put("fields", java.util.List.of("status", "lastInspection"));
        expected.put("depth", 2L);
        assertThat(suite.cases().get(0).turns().get(0).input())
                .isEqualTo(dev.agenteval.api.Message.user(dev.agenteval.api.Part.data(expected)));
        assertThat(suite.cases().get(1).turns().get(0).input().parts())
                .containsExactly(dev.agenteval.api.Part.data(Map.of("asset", "P-102")));
        assertThat(TestScorers.loader().load(Fixtures.path("valid/platform/smoke.yaml")).cases().get(0).turns().get(0)
                .input().parts()).allMatch(dev.agenteval.api.Part.Text.class::isInstance);
    }

    @Test
    void should_refuse_a_boolean_or_empty_input_naming_both_allowed_shapes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, """
                cases:
                  - id: flags
                    turns:
                      - input: true
                        scorers: [{type: contains, values: [x]}]
                      - input:
                        scorers: [{type: contains, values: [x]}]
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().load(file));

        assertThat(e.problems()).containsExactly(
                file + ":4:16: cases[0].turns[0].input (case 'flags'): must be a string (the user's message) or a mapping"
                        + " (a JSON feature input, sent as a data part) but is a boolean (quote it for a text message: \"true\")",
                file + ":6:15: cases[0].turns[1].input (case 'flags'): must be a string (the user's message) or a mapping"
                        + " (a JSON feature input, sent as a data part) but is empty (null)");
    }

    @Test
    void should_map_judge_scorers_and_registered_plugin_scorers_with_their_parameters() {
        Case c = TestScorers.loader().load(Fixtures.path("valid/platform/scorers.yaml")).cases().get(0);

        assertThat(c.expectPass()).isFalse();
        assertThat(c.turns().get(0).scorers()).containsExactly(
                correctness("The answer should mention Paris"),
                faithfulness("Paris is the capital of France.\n"),
                expectedOutputText("Paris is the capital of France."),
                rubric("Accurate, short, polite."),
                containsIgnoringCase("Paris", "France"));
    }

    @Test
    void should_accept_the_judge_scorers_with_only_their_factories_registered_and_default_expect_pass_to_true() {
        Suite suite = SuiteLoader.builder().providers(TestScorers.withJudgeScorers(Providers.empty())).build()
                .load(Fixtures.path("seeds/platform/asset-agent"));

        assertThat(suite.cases().get(0).expectPass()).isTrue();
    }

    @Test
    void should_refuse_a_judge_scorer_type_whose_factory_is_not_registered_like_any_plugin(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("judge.yaml");
        Files.writeString(file, """
                cases:
                  - id: c
                    turns:
                      - input: Hi
                        scorers:
                          - type: correctness
                            criteria: Greets the user.
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.builder().providers(Providers.empty().withScorer(new TestScorers.ValuesFactory(
                        "contains"))).build().load(file));

        assertThat(e.problems()).containsExactly(file + ":6:19: cases[0].turns[0].scorers[0].type (case 'c'): unknown"
                + " scorer type 'correctness' (known: contains)" + PLUGIN_HINT);
    }

    @Test
    void should_refuse_a_plugin_scorer_type_that_is_not_registered_and_list_the_known_types(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("plugin.yaml");
        Files.writeString(file, """
                cases:
                  - id: c
                    turns:
                      - input: Hi
                        scorers:
                          - type: contains
                            values: [hello]
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.builder().providers(TestScorers.withJudgeScorers(Providers.empty())).build()
                        .load(file));

        assertThat(e.problems()).containsExactly(file + ":6:19: cases[0].turns[0].scorers[0].type (case 'c'): unknown"
                + " scorer type 'contains' (known: correctness, expected_output_text, faithfulness, goal_completion,"
                + " knowledge_retention, role_adherence, rubric, toolInvocation, toolSelection)" + PLUGIN_HINT);
    }

    /** What every unknown scorer type's message ends with: how a plugin's types are added. */
    private static final String PLUGIN_HINT = "; a plugin's scorer types come from its jar: give agent-eval --plugin-path"
            + " DIR (or AGENT_EVAL_PLUGIN_PATH), or put the jar on the class path of an embedded run";

    @Test
    void should_suggest_the_closest_known_scorer_type_and_say_how_plugins_add_types(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("typo.yaml");
        Files.writeString(file, """
                cases:
                  - id: c
                    turns:
                      - input: Hi
                        scorers:
                          - type: contians
                            values: [hello]
                          - type: shouting
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.builder().providers(Providers.empty().withScorer(new TestScorers.ValuesFactory(
                        "contains"))).build().load(file));

        assertThat(e.problems()).containsExactly(
                file + ":6:19: cases[0].turns[0].scorers[0].type (case 'c'): unknown scorer type 'contians'"
                        + " — did you mean 'contains'? (known: contains)" + PLUGIN_HINT,
                file + ":8:19: cases[0].turns[0].scorers[1].type (case 'c'): unknown scorer type 'shouting'"
                        + " (known: contains)" + PLUGIN_HINT);
    }

    @Test
    void should_name_a_platform_suite_after_its_agent_project_or_its_file(@TempDir Path dir) throws IOException {
        Path eval = Files.createDirectories(dir.resolve("pump-agent/eval"));
        Files.writeString(eval.resolve("eval.yaml"), ONE_CASE);
        Path other = Files.createDirectories(dir.resolve("suites/nightly"));
        Files.writeString(other.resolve("eval.yaml"), ONE_CASE);
        Files.writeString(other.resolve("smoke.yaml"), ONE_CASE);

        assertThat(SuiteLoader.defaults().load(dir.resolve("pump-agent")).name()).isEqualTo("pump-agent");
        assertThat(SuiteLoader.defaults().load(eval).name()).isEqualTo("pump-agent");
        assertThat(SuiteLoader.defaults().load(eval.resolve("eval.yaml")).name()).isEqualTo("pump-agent");
        assertThat(SuiteLoader.defaults().load(other).name()).isEqualTo("nightly");
        assertThat(SuiteLoader.defaults().load(other.resolve("smoke.yaml")).name()).isEqualTo("smoke");
    }

    @Test
    void should_refuse_a_folder_without_eval_yaml_and_a_missing_path(@TempDir Path dir) {
        assertThatThrownBy(() -> SuiteLoader.defaults().load(dir))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage(dir + ": the folder holds no eval.yaml (nor eval/eval.yaml); to load every suite file in a"
                        + " folder use loadAll");
        assertThatThrownBy(() -> SuiteLoader.defaults().load(dir.resolve("nope.yaml")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage(dir.resolve("nope.yaml") + ": no such file or folder");
    }

    @Test
    void should_report_problems_file_by_file_root_first(@TempDir Path dir) throws IOException {
        Path eval = Files.createDirectories(dir.resolve("eval"));
        Files.createDirectories(eval.resolve("cases"));
        Files.writeString(eval.resolve("cases/a.yaml"), """
                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers: [{type: rubric}]
                """);
        Files.writeString(eval.resolve("eval.yaml"), """
                include: [cases/a.yaml]
                cases:
                  - id: root
                    turn: []
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(eval));

        assertThat(e.problems()).containsExactly(
                eval.resolve("eval.yaml") + ":3:5: cases[0].turns (case 'root'): missing required key 'turns': a case"
                        + " needs at least one turn",
                eval.resolve("eval.yaml") + ":4:5: cases[0].turn (case 'root'): unknown key 'turn' — did you mean"
                        + " 'turns'?",
                eval.resolve("cases/a.yaml") + ":5:19: cases[0].turns[0].scorers[0].rubric (case 'a'): missing"
                        + " required key 'rubric' for scorer type 'rubric'");
    }

    /** A custom judge-like scorer, known to the loader only through the scorer SPI. */
    private static final class ToneFactory implements ScorerFactory {
        @Override
        public String id() {
            return "tone";
        }

        @Override
        public Optional<String> textParameter() {
            return Optional.of("style");
        }

        @Override
        public boolean needsJudge() {
            return true;
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }

    private static SuiteLoader toneLoader() {
        return SuiteLoader.builder().providers(Providers.empty().withScorer(new ToneFactory())).build();
    }

    @Test
    void should_read_a_custom_scorer_with_a_text_parameter_from_the_short_form(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("tone.yaml");
        Files.writeString(file, """
                cases:
                  - id: c
                    turns:
                      - input: Hi
                        scorers:
                          - {type: tone, style: "Formal and friendly."}
                          - {type: tone, style: Curt., samples: 3}
                """);

        Case c = toneLoader().load(file).cases().get(0);

        assertThat(c.turns().get(0).scorers()).containsExactly(
                ScorerSpec.of("tone", Map.of("style", "Formal and friendly.")),
                ScorerSpec.of("tone", Map.of("style", "Curt.", "samples", 3)));
    }

    @Test
    void should_report_a_custom_scorer_text_parameter_that_is_missing_blank_or_misspelled_where_it_is(
            @TempDir Path dir) throws IOException {
        Path file = dir.resolve("tone.yaml");
        Files.writeString(file, """
                cases:
                  - id: c
                    turns:
                      - input: Hi
                        scorers:
                          - type: tone
                          - type: tone
                            style: "  "
                          - type: tone
                            styel: Formal.
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> toneLoader().load(file));

        assertThat(e.problems()).containsExactly(
                file + ":6:13: cases[0].turns[0].scorers[0].style (case 'c'): missing required key 'style' for scorer"
                        + " type 'tone'",
                file + ":8:20: cases[0].turns[0].scorers[1].style (case 'c'): must not be blank",
                file + ":9:13: cases[0].turns[0].scorers[2].style (case 'c'): missing required key 'style' for scorer"
                        + " type 'tone'",
                file + ":10:13: cases[0].turns[0].scorers[2].styel (case 'c'): unknown key 'styel' — did you mean"
                        + " 'style'?");
    }
}
