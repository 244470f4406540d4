package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LabelsLoader}: labelled turns into {@link LabelledTurn}s, and every problem located. */
class LabelsLoaderTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("labels.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private List<String> problems(String yaml) throws IOException {
        Path file = write(yaml);
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> LabelsLoader.defaults().load(file));
        assertThat(e).as("loading must fail").isNotNull();
        return e.problems().stream().map(p -> p.replace(file.toString(), "labels.yaml")).toList();
    }

    @Test
    void should_load_labels_with_scorers_written_as_in_suites() throws IOException {
        Path file = write("""
                labels:
                  - id: capital
                    question: What is the capital of France?
                    answer: Paris is the capital of France.
                    scorer: {type: correctness, criteria: Names Paris, undecidedBetween: [0.4, 0.7]}
                    human: pass
                    humanScore: 0.9
                  - id: pumps
                    question: Find pumps
                    answer: Found P-101.
                    toolCalls:
                      - name: find_assets
                        arguments: {filter: pump}
                        result: {items: [P-101]}
                    scorer:
                      type: toolSelection
                      tools: [{name: find_assets, description: Find assets}]
                    human: fail
                """);

        List<LabelledTurn> labels = LabelsLoader.defaults().load(file);
        assertThat(Fixtures.labelsSchemaProblems(file)).isEmpty();

        assertThat(labels).hasSize(2);
        LabelledTurn capital = labels.get(0);
        assertThat(capital.id()).isEqualTo("capital");
        assertThat(capital.turn().input()).isEqualTo("What is the capital of France?");
        assertThat(capital.turn().answer()).isEqualTo("Paris is the capital of France.");
        assertThat(capital.scorer()).isEqualTo(Scorers.correctness("Names Paris").undecidedBetween(0.4, 0.7));
        assertThat(capital.humanPassed()).isTrue();
        assertThat(capital.humanScore()).isEqualTo(0.9);
        LabelledTurn pumps = labels.get(1);
        assertThat(pumps.humanPassed()).isFalse();
        assertThat(pumps.turn().toolCalls()).containsExactly(
                new ToolCall("find_assets", Map.of("filter", "pump"), Map.of("items", List.of("P-101"))));
        assertThat(pumps.scorer().tools()).contains(List.of(ToolSpec.of("find_assets", "Find assets")));
    }

    @Test
    void should_locate_every_problem_with_file_line_column_and_item() throws IOException {
        List<String> problems = problems("""
                labels:
                  - id: a
                    question: Q?
                    answer: A.
                    scorer: {type: correctness, criteria: C, undecidedBetween: [0.8, 0.2]}
                    human: maybe
                  - id: a
                    question: Q?
                    answer: A.
                    scorer: {type: must_include, values: [A]}
                    human: pass
                    humanScore: 2
                    colour: red
                  - id: c
                    answer: A.
                    scorer: {type: correctness}
                    human: fail
                """);

        assertThat(problems).containsExactly(
                "labels.yaml:5:64: labels[0].scorer.undecidedBetween: must satisfy 0 <= low <= high <= 1 but is [0.8, 0.2]",
                "labels.yaml:6:12: labels[0].human: must be pass or fail but is 'maybe'",
                "labels.yaml:7:9: labels[1].id: duplicate label id 'a' (first at line 2)",
                "labels.yaml:10:14: labels[1].scorer.type: scorer 'must_include' is not a judge scorer: only judge"
                        + " scorers (correctness, faithfulness, rubric, expected_output_text, toolSelection,"
                        + " toolInvocation) are calibrated",
                "labels.yaml:12:17: labels[1].humanScore: must be a score from 0 to 1 but is 2",
                "labels.yaml:13:5: labels[1].colour: unknown key 'colour' (allowed: id, question, answer, toolCalls,"
                        + " scorer, human, humanScore)",
                "labels.yaml:14:5: labels[2].question: missing required key 'question'",
                "labels.yaml:16:13: labels[2].scorer.criteria: missing required key 'criteria' for scorer type"
                        + " 'correctness'");
    }

    @Test
    void should_report_an_unknown_top_level_key_together_with_the_labels_problems() throws IOException {
        List<String> problems = problems("""
                lables: []
                labels:
                  - id: a
                    question: Q?
                    answer: A.
                    toolCalls: [{name: find, args: {}}, {arguments: {}}]
                    scorer: {type: correctness, criteria: C}
                    human: maybe
                """);

        assertThat(problems).containsExactly(
                "labels.yaml:1:1: lables: unknown key 'lables' — did you mean 'labels'?",
                "labels.yaml:6:30: labels[0].toolCalls[0].args: unknown key 'args' (allowed: name, arguments,"
                        + " result)",
                "labels.yaml:6:41: labels[0].toolCalls[1].name: missing required key 'name'",
                "labels.yaml:8:12: labels[0].human: must be pass or fail but is 'maybe'");
    }

    @Test
    void should_refuse_in_the_schema_too_what_the_loader_refuses() throws IOException {
        Path file = write("""
                labels:
                  - id: a
                    question: Q?
                    answer: A.
                    scorer: {type: correctness, criteria: C, undecidedBetween: [0.4, 1.5]}
                    human: maybe
                  - id: b
                    question: Q?
                    answer: A.
                    scorer: {type: must_include, values: [A]}
                    human: pass
                """);

        assertThat(Fixtures.labelsSchemaProblems(file)).containsExactlyInAnyOrder("must have a maximum value of 1",
                "does not have a value in the enumeration [\"pass\", \"fail\"]",
                "does not have a value in the enumeration [\"correctness\", \"faithfulness\", \"expected_output_text\","
                        + " \"rubric\", \"toolSelection\", \"toolInvocation\"]");
    }

    @Test
    void should_define_the_labels_schemas_scorers_with_the_platform_schemas_own_definitions() throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode platform = json.readTree(SuiteSchemas.platform()).path("$defs");
        com.fasterxml.jackson.databind.JsonNode labels = json.readTree(SuiteSchemas.labels()).path("$defs");
        for (String name : List.of("nonBlankString", "tools", "correctnessScorer", "faithfulnessScorer",
                "expected_output_textScorer", "rubricScorer", "samples", "undecidedBetween")) {
            assertThat(labels.get(name)).as("$defs.%s of labels.schema.json", name).isEqualTo(platform.get(name));
        }
    }

    @Test
    void should_refuse_a_file_without_labels() throws IOException {
        assertThat(problems("labels: []\n")).singleElement().asString().contains("labels.yaml:1:9: labels:",
                "must list at least one labelled turn");
        assertThat(problems("cases: []\n")).anyMatch(p -> p.contains("unknown key 'cases'"));
    }
}
