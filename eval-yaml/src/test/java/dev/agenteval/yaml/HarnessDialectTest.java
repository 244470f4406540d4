package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.expectedState;
import static dev.agenteval.api.Scorers.maxDuration;
import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustNotInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessDialectTest {

    private final Suite suite = TestScorers.loader().load(Fixtures.path("valid/harness/details.yaml"));

    private Case find(String id) {
        return suite.find(id).orElseThrow();
    }

    @Test
    void should_read_globals_and_variables_as_suite_defaults() {
        assertThat(suite.name()).isEqualTo("details");
        assertThat(suite.concurrency()).contains(4);
        assertThat(suite.timeout()).contains(Duration.ofSeconds(300));
        assertThat(suite.variables()).containsExactly(
                Map.entry("agent_name", Variable.literal("Triage Agent")),
                Map.entry("api_token", Variable.env("API_TOKEN")),
                Map.entry("port", Variable.literal("8080")));
    }

    @Test
    void should_give_an_eval_without_its_own_target_the_global_agent_with_placeholders_verbatim() {
        assertThat(find("uses-global-agent").agent()).isEqualTo(Map.of(
                "name", "{{ agent_name }}",
                "systemPrompt", "Greet {{ user_name }} by name.\nKey: value {{ not_a_map }}\n"));
        assertThat(find("uses-global-agent").agentId()).isEmpty();
    }

    @Test
    void should_let_an_evals_own_agent_id_replace_the_global_target_wholesale() {
        Case c = find("own-agent-id");

        assertThat(c.agentId()).contains("{{ agent_identifier }}");
        assertThat(c.agent()).isEmpty();
        assertThat(c.timeout()).contains(Duration.ofSeconds(600));
        assertThat(c.turns().get(0).delay()).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void should_read_bare_placeholders_inside_flow_collections_as_strings() {
        assertThat(find("no-expectations").agent()).isEqualTo(Map.of("name", "Other", "tags", List.of("a", "{{b}}")));
        assertThat(find("uses-global-agent").turns().get(0).scorers().get(2))
                .isEqualTo(mustInclude("{{ agent_name }}", "Hello"));
    }

    @Test
    void should_map_the_a2a_message_with_data_parts_and_metadata_and_drop_kind() {
        Map<String, Object> patient = new LinkedHashMap<>();
        patient.put("id", 7L);
        patient.put("weight", 71.5);
        patient.put("active", true);
        patient.put("notes", null);
        Message expected = new Message("user",
                List.of(Part.text("Token {{ api_token }}"), Part.data(Map.of("patient", patient))),
                Map.of("source", "ci"));

        assertThat(find("uses-global-agent").turns().get(0).input()).isEqualTo(expected);
    }

    @Test
    void should_read_absent_null_and_empty_expectations_alike_and_any_state_spelling_and_fragment() {
        Suite rules = TestScorers.loader().load(Fixtures.path("valid/harness/verdict-rules.yaml"));

        for (String id : List.of("no-expectations", "null-expectations", "empty-expectations")) {
            assertThat(rules.find(id).orElseThrow().turns().get(0).scorers()).as(id).isEmpty();
        }
        Turn spaced = rules.find("spaced-state").orElseThrow().turns().get(0);
        assertThat(spaced.scorers()).containsExactly(expectedState("  Input-Required  "));
        assertThat(spaced.expectedState()).contains(dev.agenteval.api.TaskState.INPUT_REQUIRED);
        assertThat(rules.find("any-fragment").orElseThrow().turns().get(0).scorers()).containsExactly(
                dev.agenteval.api.Scorers.mustIncludeJson(Map.of("items", List.of(Map.of("type", "TEMP"))),
                        List.of("cardio", 1L), List.of(), 120L, true, "38.5", null));
    }

    @Test
    void should_map_expectations_in_the_order_they_are_written() {
        assertThat(find("uses-global-agent").turns().get(0).scorers()).containsExactly(
                mustNotInclude("error"),
                maxDuration(Duration.ofMillis(2500)),
                mustInclude("{{ agent_name }}", "Hello"),
                expectedState("TASK_STATE_COMPLETED"));
    }

    /** As in the harness, an eval without expectations is held to the state guard alone: no answer is required. */
    @Test
    void should_allow_an_eval_without_expectations() {
        assertThat(find("no-expectations")).isEqualTo(Case.id("no-expectations").answerRequired(false)
                .agent(Map.of("name", "Other", "tags", Arrays.asList("a", "{{b}}")))
                .turn(Turn.of("Are you there?")).build());
    }

    @Test
    void should_map_whole_and_fractional_max_durations_exactly_as_the_dsl(@TempDir Path dir) throws IOException {
        for (String seconds : List.of("5", "5.0", "0.1", "120", "2.25")) {
            Path file = dir.resolve("d.yaml");
            Files.writeString(file, "evals:\n  - name: d\n    message: {message: {parts: [{kind: text, text: Hi}]}}\n"
                    + "    expectations:\n      max_duration_seconds: " + seconds + "\n");
            Duration duration = Duration.ofNanos(new java.math.BigDecimal(seconds).movePointRight(9).longValueExact());

            assertThat(SuiteLoader.defaults().load(file).cases().get(0).turns().get(0).scorers())
                    .as(seconds).containsExactly(maxDuration(duration));
        }
    }

    @Test
    void should_report_every_problem_of_a_file_in_line_order(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("many.yaml");
        Files.writeString(file, """
                evals:
                  - name: first
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                    expectations:
                      max_duration_seconds: -1
                      must_include: [_agent]
                globals:
                  concurrency: 0
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(file));

        assertThat(e.problems()).containsExactly(
                file + ":5:29: evals[0].expectations.max_duration_seconds (case 'first'): must be between 0.001 and"
                        + " 31536000 seconds (one year) but is -1",
                file + ":6:22: evals[0].expectations.must_include[0] (case 'first'): '_agent' references the internal"
                        + " task-metadata key '_agent': expectations must not depend on internal task metadata, which the"
                        + " substring checks would see in the full serialized task JSON and which changes between"
                        + " agent-service versions",
                file + ":8:16: globals.concurrency: must be a whole number between 1 and 1000 but is 0");
        assertThat(e.getMessage()).startsWith("3 problems:");
    }

    @Test
    void should_not_mistake_ordinary_words_for_internal_metadata_keys(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("words.yaml");
        Files.writeString(file, """
                evals:
                  - name: words
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                    expectations:
                      must_include: [create_agent, my_meter_reading, expertIds, opikx]
                """);

        assertThat(SuiteLoader.defaults().load(file).cases()).hasSize(1);
    }
}
