package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.StopCondition;
import dev.agenteval.api.Suite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate} and the conversation scorers in both dialects: the model the DSL builds,
 * located errors naming the field and the case, and the schemas.
 */
class SimulateDialectTest {

    private static Simulation.Builder simulation() {
        return Simulation.goal("Get a refund for order 42")
                .persona("A terse customer who gives the order number only when asked")
                .maxTurns(6)
                .stopWhen(StopCondition.goalMet(), StopCondition.contains("refund issued"));
    }

    private static final Suite PLATFORM = Suite.named("simulate")
            .add(Case.id("refund-sim").tag("sim")
                    .simulate(simulation().expectEachTurn(Scorers.contains("order")))
                    .expectConversation(Scorers.goalCompletion(), Scorers.knowledgeRetention(),
                            Scorers.roleAdherence("A polite support agent for an online shop")))
            .build();

    private static final Suite HARNESS = Suite.named("simulate")
            .add(Case.id("refund-sim")
                    .simulate(simulation().expectEachTurn(Scorers.mustInclude("order")))
                    .expectConversation(Scorers.goalCompletion(), Scorers.knowledgeRetention(),
                            Scorers.roleAdherence("A polite support agent for an online shop")))
            .build();

    @TempDir
    Path dir;

    private static List<String> problems(Path file) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().load(file));
        assertThat(e).as("loading %s must fail", file).isNotNull();
        return e.problems();
    }

    @Test
    void should_load_both_dialects_into_the_suite_the_dsl_builds() {
        Suite platform = TestScorers.loader().load(Fixtures.path("simulate/platform/simulate.yaml"));
        Suite harness = TestScorers.loader().load(Fixtures.path("simulate/harness/simulate.yaml"));

        assertThat(platform).isEqualTo(PLATFORM).hasSameHashCodeAs(PLATFORM);
        assertThat(harness).isEqualTo(HARNESS);
        assertThat(platform.cases().get(0).turns()).isEmpty();
    }

    @Test
    void should_accept_both_fixtures_in_the_schemas() {
        assertThat(Fixtures.schemaProblems(Fixtures.path("simulate/platform/simulate.yaml"))).isEmpty();
        assertThat(Fixtures.schemaProblems(Fixtures.path("simulate/harness/simulate.yaml"))).isEmpty();
    }

    @Test
    void should_locate_unknown_keys_bad_values_and_turns_beside_simulate_in_the_platform_dialect() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                cases:
                  - id: sim
                    turns:
                      - input: Hi
                        scorers: [{type: contains, values: [x]}]
                    simulate:
                      goal: Refund
                      maxTurn: 3
                      stopWhen: [goal_reached, contains]
                    conversationScorers:
                      - type: role_adherence
                """);

        assertThat(problems(file)).containsExactly(
                file + ":6:5: cases[0].simulate (case 'sim'): a case has either 'turns' or 'simulate' (a simulated user"
                        + " replaces the turns): give one",
                file + ":7:7: cases[0].simulate.maxTurns (case 'sim'): missing required key 'maxTurns': the most turns"
                        + " the conversation runs (1 to 100)",
                file + ":8:7: cases[0].simulate.maxTurn (case 'sim'): unknown key 'maxTurn' — did you mean 'maxTurns'?",
                file + ":9:18: cases[0].simulate.stopWhen[0] (case 'sim'): unknown stop condition 'goal_reached'"
                        + " (known: goal_met, task_completed, {contains: \"...\"})",
                file + ":9:32: cases[0].simulate.stopWhen[1] (case 'sim'): 'contains' needs the text: write it as"
                        + " {contains: \"...\"}",
                file + ":11:9: cases[0].conversationScorers[0].role (case 'sim'): missing required key 'role' for"
                        + " scorer type 'role_adherence'");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_locate_a_max_turns_out_of_range_and_a_message_beside_simulate_in_the_harness_dialect()
            throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                evals:
                  - name: sim
                    message:
                      message:
                        parts: [{kind: text, text: Hi}]
                    simulate:
                      goal: Refund
                      max_turns: 0
                      expectations:
                        must_includ: [x]
                    conversation_expectations:
                      goal_completion: 3
                      knowledge_retention: "yes"
                      role_adherence: ""
                """);

        assertThat(problems(file)).containsExactly(
                file + ":3:5: evals[0].message (case 'sim'): a simulated eval has no 'message': its simulated user"
                        + " writes the messages (per-turn expectations go in simulate.expectations)",
                file + ":8:18: evals[0].simulate.max_turns (case 'sim'): must be a whole number between 1 and 100 but"
                        + " is 0",
                file + ":10:9: evals[0].simulate.expectations.must_includ (case 'sim'): unknown key 'must_includ' —"
                        + " did you mean 'must_include'?",
                file + ":12:24: evals[0].conversation_expectations.goal_completion (case 'sim'): must be a string but"
                        + " is a number (quote it: \"3\")",
                file + ":13:28: evals[0].conversation_expectations.knowledge_retention (case 'sim'): must be true or"
                        + " false but is a string",
                file + ":14:23: evals[0].conversation_expectations.role_adherence (case 'sim'): must not be blank");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_require_scorers_on_a_simulated_platform_case() throws IOException {
        Path file = Files.writeString(dir.resolve("unscored.yaml"), """
                cases:
                  - id: sim
                    simulate: {goal: Refund, maxTurns: 2}
                """);

        assertThat(problems(file)).containsExactly(file + ":3:15: cases[0].simulate (case 'sim'): a simulated case"
                + " needs scorers: give 'scorers' here (each generated turn) or 'conversationScorers' on the case (the"
                + " whole conversation)");
    }
}
