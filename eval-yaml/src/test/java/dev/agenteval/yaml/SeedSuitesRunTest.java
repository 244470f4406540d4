package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seeds' harness suites, loaded unchanged, run against an A2A-shaped in-process agent. */
class SeedSuitesRunTest {

    private static final List<Map<String, Object>> VITALS = List.of(
            vital("TEMP", 38.5, "°C"), vital("SYS", 120, "mmHg"), vital("DIAS", 80, "mmHg"), vital("PULSE", 90, "Bpm"));

    private static Map<String, Object> vital(String type, Number value, String unit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("value", value);
        m.put("unitName", unit);
        m.put("timestamp", "2026-11-29T10:00:00Z");
        return m;
    }

    /** Answers like the harness seed's service: a task JSON with status, artifacts and the user's words in history. */
    private static InProcessAgent agent(boolean good, List<String> agentIds) {
        return InProcessAgent.of((conversation, message) -> {
            agentIds.add(String.valueOf(conversation.request().agentId()));
            String text = message.text();
            TaskState state = TaskState.COMPLETED;
            String answer;
            List<Part> parts = new ArrayList<>();
            if (text.startsWith("I need to schedule")) {
                state = TaskState.INPUT_REQUIRED;
                answer = "Which day suits you?";
            } else if (text.startsWith("Show the latest vitals")) {
                answer = "Here are the vitals.";
                parts.add(Part.data(Map.of("items", good ? VITALS : VITALS.subList(0, 2))));
            } else {
                answer = good ? "Well hello, nice to meet you." : "Greetings.";
            }
            parts.add(0, Part.text(answer));
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("state", state.wireName());
            Map<String, Object> task = new LinkedHashMap<>();
            task.put("id", "task-1");
            task.put("contextId", conversation.contextId());
            task.put("status", status);
            task.put("artifacts", List.of(Map.of("artifactId", "a1", "parts", parts.stream().map(p -> p instanceof Part.Text t
                    ? Map.<String, Object>of("kind", "text", "text", t.text())
                    : Map.<String, Object>of("kind", "data", "data", ((Part.Data) p).data())).toList())));
            // The user's own words: must_include must not be satisfied by them.
            task.put("history", List.of(Map.of("role", "user", "parts", List.of(Map.of("kind", "text", "text", text + " hello")))));
            task.put("kind", "task");
            return AgentResponse.builder().parts(parts).state(state).contextId(conversation.contextId()).taskId("task-1")
                    .raw(task).build();
        });
    }

    private static SuiteResult run(String file, boolean good, List<String> agentIds) {
        Suite suite = SuiteLoader.defaults().load(Fixtures.path("seeds", "harness", file));
        return EvalRunner.builder().agent(agent(good, agentIds)).environment(Map.of("AGENT_ID", "agent-42")::get)
                .build().run(suite);
    }

    @Test
    void should_pass_the_seed_suites_against_an_agent_that_behaves() {
        List<String> agentIds = Collections.synchronizedList(new ArrayList<>());
        for (String file : List.of("hello.yaml", "intake.yaml", "vitals_jsonpath.yaml", "vitals_json.yaml", "reuse.yaml")) {
            SuiteResult result = run(file, true, agentIds);
            assertThat(result.cases()).as(file).allSatisfy(c -> assertThat(c.status()).as(c.id() + ": " + c.reason())
                    .isEqualTo(CaseStatus.PASSED));
        }
        assertThat(agentIds).contains("agent-42");
    }

    @Test
    void should_fail_the_seed_suites_against_an_agent_that_misbehaves_naming_the_failed_checks() {
        List<String> agentIds = Collections.synchronizedList(new ArrayList<>());

        CaseResult hello = run("hello.yaml", false, agentIds).cases().get(0);
        CaseResult jsonpath = run("vitals_jsonpath.yaml", false, agentIds).cases().get(0);
        CaseResult json = run("vitals_json.yaml", false, agentIds).cases().get(0);

        assertThat(hello.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(hello.reason()).contains("must_include 'hello'");
        assertThat(jsonpath.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(jsonpath.reason()).contains("$.items");
        assertThat(json.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(json.reason()).contains("must_include_json");
    }
}
