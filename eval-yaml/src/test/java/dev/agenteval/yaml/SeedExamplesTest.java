package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.expectedState;
import static dev.agenteval.api.Scorers.faithfulness;
import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.maxDuration;
import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustIncludeJson;
import static dev.agenteval.api.Scorers.mustNotInclude;
import static dev.agenteval.api.Scorers.toolInvocation;
import static dev.agenteval.api.Scorers.toolSelection;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.core.Providers;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example suites of both seeds, copied verbatim as fixtures, load unchanged into exactly the
 * suites written here with the DSL. A loader with only the judge scorers (stand-ins for eval-judge's)
 * suffices: the seeds use judge scorers and harness expectations only.
 */
class SeedExamplesTest {

    private final SuiteLoader loader = SuiteLoader.builder()
            .providers(TestScorers.withJudgeScorers(Providers.empty())).build();

    @Test
    void should_load_the_platform_example_suite() {
        Suite expected = Suite.named("support-agent")
                .add(Case.id("greeting").turn(Turn.of("Hi, what can you help me with?").expect(correctness(
                        "A friendly greeting that briefly explains what this agent can help the user with."))))
                .add(Case.id("follow-up")
                        .turn(Turn.of("What can you help me with?").expect(correctness("Describes the agent's capabilities.")))
                        .turn(Turn.of("Can you elaborate on the first thing you mentioned?").expect(
                                correctness("Expands on a capability mentioned in the previous response."))))
                .build();

        assertThat(loader.load(Fixtures.path("seeds/platform/support-agent/eval/eval.yaml"))).isEqualTo(expected);
    }

    @Test
    void should_load_the_multi_file_example_with_file_level_tags_and_session_context() {
        SessionContext plantA = new SessionContext(List.of(new DataModelRef("cdf_cdm", "CogniteCore", "v1")),
                List.of("plant-a"), "Active plant is Plant A.");
        Suite expected = Suite.named("maintenance-agent")
                .add(Case.id("pump-status").tag("maintenance", "ci").sessionContext(plantA)
                        .turn(Turn.of("Why was pump P-101 shut down?").expect(
                                faithfulness("Pump P-101 was shut down on 2024-03-15 due to bearing wear.\n"))))
                .add(Case.id("open-work-orders").tag("maintenance").expectPass(false).sessionContext(plantA)
                        .turn(Turn.of("List open work orders for P-101").expect(correctness("The answer should mention Paris"))))
                .build();

        assertThat(loader.load(Fixtures.path("seeds/platform/maintenance-agent"))).isEqualTo(expected);
    }

    @Test
    void should_load_the_tool_scorer_example_with_root_tools_and_a_scorer_override() {
        ToolSpec findAssets = ToolSpec.of("find_assets", "Find assets in the knowledge graph.\n"
                + "Parameters: filter (string, required), limit (integer, optional).\n");
        Suite expected = Suite.named("asset-agent")
                .add(Case.id("find-pumps").tools(findAssets).turn(Turn.of("Find pumps").expect(
                        toolSelection(),
                        toolInvocation().withTools(ToolSpec.of("find_assets",
                                "Must use find_assets with a name filter for pumps.")))))
                .build();

        assertThat(loader.load(Fixtures.path("seeds/platform/asset-agent/eval"))).isEqualTo(expected);
    }

    @Test
    void should_load_the_minimal_harness_example() {
        Map<String, Object> agent = new LinkedHashMap<>();
        agent.put("name", "Example Agent");
        agent.put("systemPrompt", "You respond with a polite acknowledgement.\n");
        Suite expected = Suite.named("hello")
                .add(Case.id("hello_world").agent(agent).turn(Turn.of("Hello there!").expect(mustInclude("hello"))))
                .build();

        assertThat(loader.load(Fixtures.path("seeds/harness/hello.yaml"))).isEqualTo(expected);
    }

    @Test
    void should_load_the_jsonpath_example() {
        Suite suite = loader.load(Fixtures.path("seeds/harness/vitals_jsonpath.yaml"));

        assertThat(suite.cases().get(0).turns().get(0).scorers()).containsExactly(jsonPath(
                JsonPathCheck.at("$.items").length(4),
                JsonPathCheck.at("$.items[*].type").contains("TEMP", "SYS"),
                JsonPathCheck.at("$.items[*].value").min(0).max(300),
                JsonPathCheck.at("$.items[*].timestamp").regex("^\\d{4}-\\d{2}-\\d{2}T")));
    }

    @Test
    void should_load_the_must_include_json_example_with_typed_values() {
        Suite suite = loader.load(Fixtures.path("seeds/harness/vitals_json.yaml"));

        assertThat(suite.cases().get(0).turns().get(0).scorers()).containsExactly(mustIncludeJson(Map.of("items", List.of(
                Map.of("type", "TEMP", "value", 38.5, "unitName", "°C"),
                Map.of("type", "SYS", "value", 120, "unitName", "mmHg"),
                Map.of("type", "DIAS", "value", 80, "unitName", "mmHg"),
                Map.of("type", "PULSE", "value", 90, "unitName", "Bpm")))));
    }

    @Test
    void should_load_the_timeouts_example_with_a_global_default_and_a_per_eval_override() {
        Suite expected = Suite.named("timeouts").timeout(Duration.ofSeconds(300))
                .add(Case.id("slow_case").timeout(Duration.ofSeconds(600))
                        .turn(Turn.of("Summarise the whole history.").expect(maxDuration(Duration.ofSeconds(5)))))
                .add(Case.id("default_budget").answerRequired(false).turn(Turn.of("Hello there!")))
                .build();

        Suite suite = loader.load(Fixtures.path("seeds/harness/timeouts.yaml"));

        assertThat(suite).isEqualTo(expected);
        assertThat(suite.cases().get(1).timeout()).as("the suite default applies at run time").isEmpty();
    }

    @Test
    void should_load_the_agent_id_example_with_its_unquoted_placeholder() {
        Suite expected = Suite.named("reuse")
                .variable("agent_identifier", Variable.env("AGENT_ID"))
                .add(Case.id("reuse_existing").answerRequired(false).agentId("{{ agent_identifier }}")
                        .turn(Turn.of("Hello there!")))
                .build();

        assertThat(loader.load(Fixtures.path("seeds/harness/reuse.yaml"))).isEqualTo(expected);
    }

    @Test
    void should_load_the_sequential_example_as_named_turns() {
        Suite expected = Suite.named("intake")
                .add(Case.id("intake_follow_up")
                        .agent(Map.of("name", "IntakeAgent", "systemPrompt", "Gather intake details."))
                        .turn(Turn.of("I need to schedule a check-up.").named("initial_prompt").expect(
                                expectedState("input-required"), mustInclude("\"state\": \"input-required\"")))
                        .turn(Turn.of("Here are the details you asked for.").named("provide_details").expect(
                                mustNotInclude("error"))))
                .build();

        Suite suite = loader.load(Fixtures.path("seeds/harness/intake.yaml"));

        assertThat(suite).isEqualTo(expected);
        assertThat(suite.cases().get(0).turns().get(0).expectedState()).hasValueSatisfying(
                s -> assertThat(s.wireName()).isEqualTo("input-required"));
    }

    @Test
    void should_load_every_seed_example_with_the_discovered_built_in_scorers_validating_them() {
        SuiteLoader defaults = SuiteLoader.defaults();

        for (String seed : List.of("platform/support-agent", "platform/maintenance-agent", "platform/asset-agent",
                "harness/hello.yaml", "harness/vitals_jsonpath.yaml", "harness/vitals_json.yaml",
                "harness/timeouts.yaml", "harness/reuse.yaml", "harness/intake.yaml")) {
            assertThat(defaults.load(Fixtures.path("seeds", seed)).cases()).as(seed).isNotEmpty();
        }
    }
}
