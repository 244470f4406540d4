package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.body;
import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.fast;
import static dev.agenteval.agents.Wire.json;
import static dev.agenteval.agents.Wire.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class PlatformChatClientTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private AgentClient client(String... settings) {
        String[] all = new String[settings.length + 4];
        all[0] = "project";
        all[1] = "acme-prod";
        all[2] = "agentExternalId";
        all[3] = "maintenance_agent";
        System.arraycopy(settings, 0, all, 4, settings.length);
        return AgentClients.create("platform-chat", URI.create(server.url("/").toString()), fast(all),
                env("AGENT_EVAL_AGENT_TOKEN", "cdf-token"));
    }

    private static final SessionContext CONTEXT = SessionContext.of(
            List.of(new DataModelRef("cdf_cdm", "CogniteCore", "v1")), List.of("plant-a")).withAppContext("Plant A");

    private static final String ANSWER_WITH_TOOLS = """
            {"agentExternalId":"maintenance_agent","response":{"type":"result","cursor":"cur-1","messages":[
              {"role":"agent","content":{"type":"text","text":"Pump P-101 was shut down on 2024-03-15."},
               "data":[{"type":"instance","instanceId":{"space":"plant-a","externalId":"P-101"},
                        "view":{"space":"cdf_cdm","externalId":"CogniteAsset","version":"v1"},"properties":{}}],
               "reasoning":[{"content":[{"type":"text","text":"Looking up the pump"}],
                 "data":[{"type":"toolCall","toolCall":{"id":"tc-1","name":"find_assets",
                           "input":{"filter":"P-101","limit":5},"result":{"output":"1 asset"},"toolType":"query"}},
                         {"type":"toolCall","toolCall":{"id":"tc-2","name":"list_events","input":"{\\"asset\\":\\"P-101\\"}"}}]}]}]}}
            """;

    @Test
    void should_send_agent_external_id_messages_and_session_context_then_the_cursor_on_follow_ups() throws Exception {
        server.enqueue(json(ANSWER_WITH_TOOLS));
        server.enqueue(json("""
                {"agentExternalId":"maintenance_agent","response":{"type":"result","cursor":"cur-2","messages":[
                  {"role":"agent","content":{"type":"text","text":"Bearing wear."}}]}}
                """));
        AgentSession session = client().openSession(new SessionRequest("pump", 1, CONTEXT, Map.of(), null, null));

        AgentResponse first = session.send(Message.user("When was P-101 shut down?"));
        AgentResponse second = session.send(Message.user("Why?"));

        RecordedRequest r1 = server.takeRequest();
        assertThat(r1.getTarget()).isEqualTo("/api/v1/projects/acme-prod/ai/agents/chat");
        assertThat(r1.getHeaders().get("Authorization")).isEqualTo("Bearer cdf-token");
        assertThat(body(r1)).isEqualTo(tree("""
                {"agentExternalId":"maintenance_agent",
                 "messages":[{"role":"user","content":{"type":"text","text":"When was P-101 shut down?"}}],
                 "contextInformation":{"appContext":"Plant A",
                   "dataModels":[{"space":"cdf_cdm","externalId":"CogniteCore","version":"v1"}],
                   "instanceSpaces":["plant-a"]}}
                """));
        assertThat(body(server.takeRequest())).isEqualTo(tree("""
                {"agentExternalId":"maintenance_agent",
                 "messages":[{"role":"user","content":{"type":"text","text":"Why?"}}],
                 "cursor":"cur-1",
                 "contextInformation":{"appContext":"Plant A",
                   "dataModels":[{"space":"cdf_cdm","externalId":"CogniteCore","version":"v1"}],
                   "instanceSpaces":["plant-a"]}}
                """));
        assertThat(first.text()).isEqualTo("Pump P-101 was shut down on 2024-03-15.");
        assertThat(first.toolCalls()).containsExactly(
                new ToolCall("find_assets", Map.of("filter", "P-101", "limit", 5L), Map.of("output", "1 asset")),
                new ToolCall("list_events", Map.of("asset", "P-101"), null));
        assertThat(first.dataParts()).hasSize(1);
        assertThat(first.dataParts().get(0)).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("type", "instance");
        assertThat(first.agentId()).contains("maintenance_agent");
        assertThat(first.state()).isEmpty();
        assertThat(second.text()).isEqualTo("Bearing wear.");
        assertThat(second.toolCalls()).isEmpty();
    }

    private static final String CONFIRMATION = """
            {"agentExternalId":"maintenance_agent","response":{"type":"result","cursor":"cur-1","messages":[
              {"role":"agent","content":{"type":"text","text":"I need approval to run this."},
               "actions":[{"type":"toolConfirmation","actionId":"act-1","toolName":"delete_timeseries",
                           "toolArguments":{"externalId":"ts-1"},"toolDescription":"Deletes a time series",
                           "toolType":"callFunction"}]}]}}
            """;

    @Test
    void should_deny_a_tool_confirmation_by_default_and_record_it_on_the_turn() throws Exception {
        server.enqueue(json(CONFIRMATION));
        server.enqueue(json("""
                {"agentExternalId":"maintenance_agent","response":{"type":"result","cursor":"cur-2","messages":[
                  {"role":"agent","content":{"type":"text","text":"Understood, I did not delete it."}}]}}
                """));
        AgentSession session = client().openSession(SessionRequest.of("danger"));

        AgentResponse r = session.send(Message.user("Delete ts-1"));

        server.takeRequest();
        assertThat(body(server.takeRequest())).isEqualTo(tree("""
                {"agentExternalId":"maintenance_agent",
                 "messages":[{"role":"action","type":"toolConfirmation","actionId":"act-1","status":"DENY"}],
                 "cursor":"cur-1"}
                """));
        assertThat(r.text()).isEqualTo("Understood, I did not delete it.");
        assertThat(r.dataParts()).containsExactly(Map.of("toolConfirmation", Map.of("actionId", "act-1",
                "toolName", "delete_timeseries", "toolArguments", Map.of("externalId", "ts-1"), "status", "DENY")));
        // Both requests of the turn are in the report.
        assertThat(session.lastRequest()).get().isInstanceOf(List.class);
        assertThat((List<?>) session.lastRequest().orElseThrow()).hasSize(2);
    }

    @Test
    void should_allow_only_the_tools_the_policy_names() throws Exception {
        server.enqueue(json(CONFIRMATION.replace("delete_timeseries", "create_report")));
        server.enqueue(json("""
                {"response":{"type":"result","cursor":"cur-2","messages":[{"role":"agent","content":{"type":"text","text":"Done."}}]}}
                """));

        AgentResponse r = client("toolConfirmation", "allow:create_report").openSession(SessionRequest.of("ok"))
                .send(Message.user("Make the report"));

        server.takeRequest();
        assertThat(body(server.takeRequest()).get("messages").get(0).get("status").asText()).isEqualTo("ALLOW");
        assertThat(r.text()).isEqualTo("Done.");
    }

    @Test
    void should_use_the_case_agent_id_as_the_agent_external_id() throws Exception {
        server.enqueue(json(ANSWER_WITH_TOOLS));

        client().openSession(new SessionRequest("c", 1, SessionContext.EMPTY, Map.of(), "other_agent", null))
                .send(Message.user("hi"));

        assertThat(body(server.takeRequest()).get("agentExternalId").asText()).isEqualTo("other_agent");
    }

    @Test
    void should_type_a_response_without_messages_as_an_invalid_response() {
        server.enqueue(json("{\"agentExternalId\":\"a\",\"response\":{\"type\":\"result\",\"cursor\":\"c\",\"messages\":[]}}"));

        assertThatThrownBy(() -> client().openSession(SessionRequest.of("c")).send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("answered no messages");
                });
    }

    @Test
    void should_reject_an_unknown_confirmation_policy_and_a_missing_project() {
        assertThatThrownBy(() -> AgentClients.create("platform-chat", URI.create(server.url("/").toString()),
                Map.of("toolConfirmation", "maybe"), name -> null))
                .isInstanceOfSatisfying(dev.agenteval.api.ConfigurationException.class, e -> assertThat(e.problems())
                        .containsExactlyInAnyOrder(
                                "platform-chat setting 'project': missing (the platform project the agent lives in)",
                                "platform-chat setting 'toolConfirmation': must be deny, allow or allow:<tool>,<tool>"
                                        + " but was 'maybe'"));
    }

    @Test
    void should_send_a_feature_input_as_its_json_text_because_the_chat_api_takes_only_text() throws Exception {
        server.enqueue(json(ANSWER_WITH_TOOLS));
        Map<String, Object> feature = new java.util.LinkedHashMap<>();
        feature.put("asset", "P-101");
        feature.put("depth", 2);

        client().openSession(SessionRequest.of("feature")).send(Message.user(dev.agenteval.api.Part.data(feature)));

        assertThat(body(server.takeRequest()).get("messages")).isEqualTo(tree("""
                [{"role":"user","content":{"type":"text","text":"{\\"asset\\":\\"P-101\\",\\"depth\\":2}"}}]
                """));
    }
}
