package dev.agenteval.api;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DslTest {

    @Test
    void should_build_a_suite_that_reads_like_the_yaml() {
        Suite suite = Suite.named("support")
                .add(Case.id("follow-up").tag("ci")
                        .turn(Turn.of("What can you help me with?").expect(correctness("Describes the agent's capabilities.")))
                        .turn(Turn.of("Can you elaborate on the first thing you mentioned?")
                                .expect(correctness("Expands on a capability mentioned in the previous response."))))
                .build();

        Case c = suite.cases().get(0);
        assertThat(c.id()).isEqualTo("follow-up");
        assertThat(c.tags()).containsExactly("ci");
        assertThat(c.expectPass()).isTrue();
        assertThat(c.turns()).hasSize(2);
        assertThat(c.turns().get(0).input()).isEqualTo(Message.user("What can you help me with?"));
        assertThat(c.turns().get(0).scorers().get(0).type()).isEqualTo("correctness");
        assertThat(c.turns().get(0).scorers().get(0).params()).containsEntry("criteria", "Describes the agent's capabilities.");
    }

    @Test
    void should_compare_equal_when_built_twice_the_same_way() {
        Suite a = Suite.named("s").add(Case.id("c").turn(Turn.of("hi").expect(mustInclude("hello"), contains("x")))).build();
        Suite b = Suite.named("s").add(Case.id("c").turn(Turn.of("hi").expect(mustInclude("hello"), contains("x")))).build();
        Suite other = Suite.named("s").add(Case.id("c").turn(Turn.of("hi").expect(mustInclude("hullo"), contains("x")))).build();

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(other);
    }

    @Test
    void should_normalise_parameter_numbers_so_yaml_and_java_values_compare_equal() {
        ScorerSpec fromJava = ScorerSpec.of("max_tokens", Map.of("tokens", 100));
        ScorerSpec fromYaml = ScorerSpec.of("max_tokens", Map.of("tokens", 100L));

        assertThat(fromJava).isEqualTo(fromYaml);
    }

    @Test
    void should_reject_a_case_without_turns_naming_the_case() {
        assertThatThrownBy(() -> Case.id("empty").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("case 'empty': needs at least one turn");
    }

    @Test
    void should_reject_a_blank_case_id() {
        assertThatThrownBy(() -> Case.id(" ")).hasMessage("case id must not be blank");
    }

    @Test
    void should_reject_duplicate_case_ids_naming_the_suite_and_id() {
        Suite.Builder b = Suite.named("support").add(Case.id("greeting").turn(Turn.of("hi")));

        assertThatThrownBy(() -> b.add(Case.id("greeting").turn(Turn.of("hello"))))
                .hasMessage("suite 'support': duplicate case id 'greeting'");
    }

    @Test
    void should_reject_blank_turn_input() {
        assertThatThrownBy(() -> Turn.of("  ")).hasMessage("turn input must not be blank");
    }

    @Test
    void should_name_case_and_field_for_invalid_case_values() {
        assertThatThrownBy(() -> Case.id("vitals").timeout(Duration.ZERO))
                .hasMessage("case 'vitals': timeout must be > 0 but was PT0S");
        assertThatThrownBy(() -> Case.id("vitals").tools(List.of()))
                .hasMessage("case 'vitals': tools must not be empty");
        assertThatThrownBy(() -> Case.id("vitals").tag(""))
                .hasMessage("case 'vitals': tag must not be blank");
    }

    @Test
    void should_reject_invalid_scorer_parameters_in_the_dsl() {
        assertThatThrownBy(() -> JsonPathCheck.at("")).hasMessage("jsonpath path must not be blank");
        assertThatThrownBy(Scorers::mustInclude).hasMessage("scorer 'must_include' needs at least one value");
        assertThatThrownBy(() -> Scorers.correctness(" ")).hasMessage("criteria must not be blank");
        assertThatThrownBy(() -> ScorerSpec.of("x", Map.of("bad", new Object())))
                .hasMessageStartingWith("scorer 'x' parameters.bad must be a JSON value");
    }

    @Test
    void should_enforce_the_data_models_and_instance_spaces_pairing() {
        assertThatThrownBy(() -> new SessionContext(List.of(new DataModelRef("sp", "m", "v1")), null, null))
                .hasMessage("dataModels and instanceSpaces must both be present or both absent");
        assertThat(new SessionContext(null, null, "Plant A").appContextIfSet()).contains("Plant A");
    }

    @Test
    void should_keep_tags_unique_and_in_order() {
        Case c = Case.id("c").tag("b", "a").tag("b").turn(Turn.of("x")).build();

        assertThat(c.tags()).containsExactly("b", "a");
    }

    @Test
    void should_require_an_answer_by_default_and_keep_answer_required_false_in_equals_to_string_and_to_builder() {
        Case answered = Case.id("c").turn(Turn.of("hi")).build();
        Case guardOnly = Case.id("c").answerRequired(false).turn(Turn.of("hi")).build();

        assertThat(answered.answerRequired()).isTrue();
        assertThat(guardOnly.answerRequired()).isFalse();
        assertThat(guardOnly).isNotEqualTo(answered).isEqualTo(Case.id("c").answerRequired(false).turn(Turn.of("hi")).build())
                .hasSameHashCodeAs(Case.id("c").answerRequired(false).turn(Turn.of("hi")).build());
        assertThat(guardOnly.toBuilder().build()).isEqualTo(guardOnly);
        assertThat(guardOnly).hasToString("Case[c tags=[] turns=1 answerRequired=false]");
        assertThat(answered.toString()).doesNotContain("answerRequired");
    }

    @Test
    void should_round_trip_through_to_builder() {
        Case c = Case.id("c").tag("ci").expectPass(false).timeout(Duration.ofSeconds(5))
                .tools(ToolSpec.of("find_assets", "Find assets"))
                .agent(Map.of("name", "Example")).agentId("{{agent}}")
                .turn(Turn.of("hi").named("step").delay(Duration.ofMillis(5)).expect(contains("x")))
                .build();

        assertThat(c.toBuilder().build()).isEqualTo(c);
        Suite s = Suite.named("s").concurrency(2).timeout(Duration.ofSeconds(9)).variable("agent", Variable.env("AGENT")).add(c).build();
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void should_expose_the_expected_state_of_a_turn_normalised() {
        Turn t = Turn.of("x").expectState("TASK_STATE_INPUT_REQUIRED").build();

        assertThat(t.expectedState()).contains(TaskState.INPUT_REQUIRED);
        assertThat(TaskState.parse("input-required")).isEqualTo(TaskState.INPUT_REQUIRED);
        assertThat(TaskState.parse("cancelled")).isEqualTo(TaskState.CANCELED);
        assertThat(TaskState.parse("nonsense")).isEqualTo(TaskState.UNKNOWN);
        assertThat(List.of("  Input-Required  ", "INPUT_REQUIRED", "task_state_input_required", "TASK-STATE-INPUT-REQUIRED",
                "input_required", "TASK_STATE_INPUT_REQUIRED")).allMatch(s -> TaskState.parse(s) == TaskState.INPUT_REQUIRED);
        assertThat(TaskState.isKnown("  Unknown ")).isTrue();
        assertThat(TaskState.isKnown("TASK_STATE_UNKNOWN")).isTrue();
        assertThat(TaskState.isKnown("input required")).isFalse();
        assertThat(TaskState.isKnown(null)).isFalse();
    }

    @Test
    void should_parse_variables_from_the_yaml_form_with_env_values_secret() {
        assertThat(Variable.parse("env:API_TOKEN")).isEqualTo(Variable.env("API_TOKEN"));
        assertThat(Variable.parse("env:API_TOKEN").secret()).isTrue();
        assertThat(Variable.parse("plain").secret()).isFalse();
        assertThat(Variable.literal("hunter2").withSecret(true).toString()).isEqualTo("***");
    }
}
