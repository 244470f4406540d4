package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.body;
import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.fast;
import static dev.agenteval.agents.Wire.json;
import static dev.agenteval.agents.Wire.tree;
import static dev.agenteval.agents.Wire.withoutMessageId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class AgentServiceClientTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private static final Map<String, Object> INTAKE_AGENT = Map.of("name", "IntakeAgent",
            "systemPrompt", "Gather intake details.");

    private static SessionRequest session(String caseId, Map<String, Object> agent, String agentId) {
        return new SessionRequest(caseId, 1, SessionContext.EMPTY, agent, agentId, null);
    }

    @Test
    void should_create_an_ephemeral_v2_agent_send_with_tenant_and_oauth_then_delete_it() throws Exception {
        server.enqueue(json("{\"access_token\":\"tk-1\",\"token_type\":\"Bearer\",\"expires_in\":300}"));
        server.enqueue(json(201, "{\"id\":\"agent-42\",\"name\":\"agent-eval-IntakeAgent\"}"));
        server.enqueue(json("""
                {"task":{"id":"t-1","contextId":"c-1","status":{"state":"TASK_STATE_INPUT_REQUIRED",
                  "message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"What is the patient's name?"}]}}}}
                """));
        server.enqueue(json("""
                {"id":"t-1","contextId":"c-1","status":{"state":"TASK_STATE_COMPLETED"},
                 "artifacts":[{"artifactId":"a","parts":[{"data":{"items":[{"type":"TEMP","value":38.5}]}}]}],
                 "metadata":{"$usage":{"model":"x","inputTokens":10,"outputTokens":5,"totalTokens":15,"credits":0.5}}}
                """));
        server.enqueue(new MockResponse.Builder().code(204).build());
        AgentClient client = AgentClients.create("agent-service", URI.create(server.url("/svc").toString()),
                fast("tenant", "acme", "authHost", server.url("/auth").toString()),
                env("AGENT_EVAL_AGENT_CLIENT_ID", "cid", "AGENT_EVAL_AGENT_CLIENT_SECRET", "csecret"));

        AgentSession session = client.openSession(session("intake", INTAKE_AGENT, null));
        AgentResponse first = session.send(Message.user("New patient"));
        AgentResponse second = session.send(Message.user("Jane Doe"));
        session.close();

        RecordedRequest token = server.takeRequest();
        assertThat(token.getTarget()).isEqualTo("/auth/realms/acme/protocol/openid-connect/token");
        assertThat(token.getBody().utf8())
                .isEqualTo("grant_type=client_credentials&client_id=cid&client_secret=csecret&scope=openid");
        RecordedRequest create = server.takeRequest();
        assertThat(create.getMethod()).isEqualTo("POST");
        assertThat(create.getTarget()).isEqualTo("/svc/v2/agentic/agents");
        assertThat(create.getHeaders().get("Authorization")).isEqualTo("Bearer tk-1");
        assertThat(create.getHeaders().get("Tenant-Name")).isEqualTo("acme");
        assertThat(body(create)).isEqualTo(tree("""
                {"name":"agent-eval-IntakeAgent","systemPrompt":"Gather intake details.","ephemeral":true}
                """));
        RecordedRequest send1 = server.takeRequest();
        assertThat(send1.getTarget()).isEqualTo("/svc/v2/agentic/agents/agent-42/a2a/message:send");
        assertThat(send1.getHeaders().get("A2A-Version")).isEqualTo("1.0");
        assertThat(send1.getHeaders().get("Tenant-Name")).isEqualTo("acme");
        assertThat(send1.getHeaders().get("Authorization")).isEqualTo("Bearer tk-1");
        assertThat(withoutMessageId(body(send1), "message")).isEqualTo(tree("""
                {"message":{"messageId":"<uuid>","role":"ROLE_USER","parts":[{"text":"New patient"}]}}
                """));
        assertThat(withoutMessageId(body(server.takeRequest()), "message")).isEqualTo(tree("""
                {"message":{"messageId":"<uuid>","role":"ROLE_USER","parts":[{"text":"Jane Doe"}],
                  "contextId":"c-1","taskId":"t-1"}}
                """));
        RecordedRequest delete = server.takeRequest();
        assertThat(delete.getMethod()).isEqualTo("DELETE");
        assertThat(delete.getTarget()).isEqualTo("/svc/v2/agentic/agents/agent-42");
        assertThat(server.getRequestCount()).isEqualTo(5);

        assertThat(first.state()).contains(TaskState.INPUT_REQUIRED);
        assertThat(first.text()).isEqualTo("What is the patient's name?");
        assertThat(first.agentId()).contains("agent-42");
        assertThat(second.state()).contains(TaskState.COMPLETED);
        assertThat(second.dataParts()).containsExactly(Map.of("items", java.util.List.of(Map.of("type", "TEMP", "value", 38.5))));
        assertThat(second.usage()).contains(new Usage(10L, 5L, 0.5, null, "x", false));
    }

    @Test
    void should_reuse_an_existing_v1_agent_without_creating_or_deleting_it() throws Exception {
        server.enqueue(json("""
                {"task":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed",
                  "message":{"kind":"message","role":"agent","messageId":"m","parts":[{"kind":"text","text":"Ibuprofen"}]}},
                  "metadata":{"_usage":{"input_tokens":26514,"output_tokens":3319},"credits":0.15916}}}
                """));
        AgentClient client = AgentClients.create("agent-service", URI.create(server.url("/").toString()),
                fast("apiVersion", "v1"), env("AGENT_EVAL_AGENT_TOKEN", "static-token"));

        AgentSession session = client.openSession(session("painkiller", INTAKE_AGENT, "existing-7"));
        AgentResponse r = session.send(Message.user("Which painkiller?"));
        session.close();

        RecordedRequest send = server.takeRequest();
        assertThat(send.getTarget()).isEqualTo("/agents/existing-7/v1/message:send");
        assertThat(send.getHeaders().get("Authorization")).isEqualTo("Bearer static-token");
        assertThat(send.getHeaders().get("A2A-Version")).isNull();
        assertThat(send.getHeaders().get("Tenant-Name")).isNull();
        assertThat(withoutMessageId(body(send), "message")).isEqualTo(tree("""
                {"message":{"kind":"message","messageId":"<uuid>","role":"user",
                  "parts":[{"kind":"text","text":"Which painkiller?"}]}}
                """));
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(r.text()).isEqualTo("Ibuprofen");
        assertThat(r.agentId()).contains("existing-7");
        assertThat(r.usage()).contains(new Usage(26514L, 3319L, 0.15916, null));
    }

    @Test
    void should_read_tools_called_and_the_calls_at_the_tool_calls_path() throws Exception {
        server.enqueue(json("""
                {"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"},
                  "metadata":{"toolsCalled":["find_assets", {"toolName":"execute","toolArguments":"{\\"code\\":\\"1+1\\"}"}]}}}
                """));
        server.enqueue(json("""
                {"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"},
                  "history":[{"role":"ROLE_AGENT","metadata":{"step":{"tool":"list_views","input":{"space":"plant"}}}}]}}
                """));
        AgentSession plain = AgentClients.create("agent-service", URI.create(server.url("/").toString()),
                fast("agentId", "a-1"), name -> null).openSession(session("tools", Map.of(), null));
        AgentSession pathed = AgentClients.create("agent-service", URI.create(server.url("/").toString()),
                fast("agentId", "a-1", "toolCallsPath", "$.history[*].metadata.step"), name -> null)
                .openSession(session("tools", Map.of(), null));

        AgentResponse fromMetadata = plain.send(Message.user("Find pumps"));
        AgentResponse fromPath = pathed.send(Message.user("Find pumps"));

        assertThat(server.takeRequest().getTarget()).isEqualTo("/v2/agentic/agents/a-1/a2a/message:send");
        assertThat(fromMetadata.toolCalls()).containsExactly(new ToolCall("find_assets", Map.of(), null),
                new ToolCall("execute", Map.of("code", "1+1"), null));
        assertThat(fromPath.toolCalls()).containsExactly(new ToolCall("list_views", Map.of("space", "plant"), null));
        assertThatThrownBy(() -> AgentClients.create("agent-service", URI.create(server.url("/").toString()),
                fast("agentId", "a-1", "toolCallsPath", "$.history[*"), name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("agent-service setting 'toolCallsPath': is not a valid JSONPath: '$.history[*'");
    }

    @Test
    void should_create_a_v1_agent_named_after_the_case_when_the_payload_has_no_name() throws Exception {
        server.enqueue(json("{\"agent\":{\"id\":\"a-1\"}}"));
        AgentClient client = AgentClients.create("agent-service", URI.create(server.url("/").toString()),
                fast("apiVersion", "v1", "agentNamePrefix", "ci-"), name -> null);

        client.openSession(session("greeting", Map.of("systemPrompt", "Be brief."), null));

        RecordedRequest create = server.takeRequest();
        assertThat(create.getTarget()).isEqualTo("/agents");
        assertThat(body(create)).isEqualTo(tree("{\"systemPrompt\":\"Be brief.\",\"name\":\"ci-greeting\"}"));
    }

    @Test
    void should_delete_the_agent_even_when_the_case_was_cut_off_and_keep_the_interrupt() throws Exception {
        server.enqueue(json("{\"id\":\"agent-9\"}"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        AgentClient client = AgentClients.create("agent-service", URI.create(server.url("/").toString()), fast(),
                name -> null);
        AgentSession session = client.openSession(session("slow", INTAKE_AGENT, null));

        Thread.currentThread().interrupt();
        session.close();

        assertThat(Thread.interrupted()).isTrue();
        server.takeRequest();
        RecordedRequest delete = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(delete).isNotNull();
        assertThat(delete.getMethod()).isEqualTo("DELETE");
        assertThat(delete.getTarget()).isEqualTo("/v2/agentic/agents/agent-9");
    }

    @Test
    void should_refuse_a_case_with_neither_an_agent_payload_nor_an_agent_id_before_any_request() {
        AgentClient client = AgentClients.create("agent-service", URI.create(server.url("/").toString()), fast(),
                name -> null);

        assertThatThrownBy(() -> client.openSession(SessionRequest.of("orphan")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'orphan'").hasMessageContaining("agent payload");
        assertThat(server.getRequestCount()).isZero();
    }
}
