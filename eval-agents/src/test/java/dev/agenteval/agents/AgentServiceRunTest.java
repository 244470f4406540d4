package dev.agenteval.agents;

import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustIncludeJson;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.api.Variable;
import dev.agenteval.core.EvalRunner;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/** The harness seed's shape end to end: create an agent per case, two steps, then delete it. */
class AgentServiceRunTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private final List<String> calls = new CopyOnWriteArrayList<>();

    private final Dispatcher service = new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest r) {
            calls.add(r.getMethod() + " " + r.getTarget());
            if (r.getMethod().equals("DELETE")) {
                return new MockResponse.Builder().code(204).build();
            }
            if (r.getTarget().equals("/v2/agentic/agents")) {
                return Wire.json(201, "{\"id\":\"agent-" + Wire.body(r).get("name").asText() + "\"}");
            }
            boolean followUp = Wire.body(r).get("message").has("taskId");
            return Wire.json(followUp ? """
                    {"task":{"id":"t-1","contextId":"c-1","status":{"state":"TASK_STATE_COMPLETED"},
                      "artifacts":[{"artifactId":"a","parts":[{"text":"Scheduled."},
                        {"data":{"appointment":{"type":"check-up","day":"Tuesday"}}}]}],
                      "metadata":{"$usage":{"inputTokens":100,"outputTokens":20,"credits":0.1}}}}
                    """ : """
                    {"task":{"id":"t-1","contextId":"c-1","status":{"state":"TASK_STATE_INPUT_REQUIRED",
                      "message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"Which day?"}]}},
                      "metadata":{"$usage":{"inputTokens":50,"outputTokens":10,"credits":0.05}}}}
                    """);
        }
    };

    @Test
    void should_run_a_sequential_case_on_a_created_agent_and_reuse_an_existing_one_without_creating() {
        server.setDispatcher(service);
        Suite suite = Suite.named("intake")
                .variable("existing", Variable.env("EXISTING_AGENT_ID"))
                .add(Case.id("intake_follow_up")
                        .agent(Map.of("name", "IntakeAgent", "systemPrompt", "Gather intake details."))
                        .turn(Turn.of("I need to schedule a check-up").named("initial_prompt")
                                .expectState("input-required").expect(mustInclude("Which day?")))
                        .turn(Turn.of("Tuesday").named("provide_details")
                                .expect(mustIncludeJson(Map.of("appointment", Map.of("day", "Tuesday"))))))
                .add(Case.id("reuse").agentId("{{existing}}").turn("hello", mustInclude("Which day?")))
                .build();

        SuiteResult result = EvalRunner.builder()
                .agent(AgentClients.create("agent-service", URI.create(server.url("/").toString()), Wire.fast(),
                        name -> null))
                .environment(Wire.env("EXISTING_AGENT_ID", "agent-42"))
                .concurrency(1)
                .build().run(suite);

        assertThat(result.find("intake_follow_up").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        assertThat(result.find("reuse").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        Usage usage = result.find("intake_follow_up").orElseThrow().usage();
        assertThat(usage.inputTokens()).isEqualTo(150L);
        assertThat(usage.outputTokens()).isEqualTo(30L);
        assertThat(usage.credits()).isCloseTo(0.15, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(calls).containsExactly(
                "POST /v2/agentic/agents",
                "POST /v2/agentic/agents/agent-agent-eval-IntakeAgent/a2a/message:send",
                "POST /v2/agentic/agents/agent-agent-eval-IntakeAgent/a2a/message:send",
                "DELETE /v2/agentic/agents/agent-agent-eval-IntakeAgent",
                "POST /v2/agentic/agents/agent-42/a2a/message:send");
    }
}
