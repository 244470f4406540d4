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
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
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
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class HttpTemplateClientTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private static final String BODY = """
            {"session": "{{contextId}}", "query": {"text": "{{input}}", "customer": "{{customer}}"},
             "trace": "case {{caseId}} turn {{turn}}", "options": "{{agent.options}}"}
            """;

    private AgentClient client(String... extra) {
        String[] settings = {"path", "/chat", "body", BODY, "answerPath", "$.output.messages[*].text",
                "statePath", "$.status", "contextIdPath", "$.session.id", "toolCallsPath", "$.trace.tools",
                "dataPath", "$.output.cards", "inputTokensPath", "$.usage.in", "outputTokensPath", "$.usage.out",
                "costPath", "$.usage.usd", "header.X-Api-Key", "env:SUPPORT_API_KEY"};
        String[] all = new String[settings.length + extra.length];
        System.arraycopy(settings, 0, all, 0, settings.length);
        System.arraycopy(extra, 0, all, settings.length, extra.length);
        return AgentClients.create("http", URI.create(server.url("/api").toString()), fast(all),
                env("SUPPORT_API_KEY", "key-123"));
    }

    private static final Map<String, Object> AGENT = Map.of("customer", "acme", "options", Map.of("lang", "en"));

    @Test
    void should_render_the_body_template_and_pick_the_answer_with_json_paths() throws Exception {
        server.enqueue(json("""
                {"session":{"id":"s-77"},"status":"needs_input",
                 "output":{"messages":[{"text":"Which order?"},{"text":"Give me its number."}],
                           "cards":[{"order":"A-1"},{"order":"A-2"}]},
                 "trace":{"tools":[{"tool":"lookup_orders","args":{"customer":"acme"},"output":["A-1","A-2"]}]},
                 "usage":{"in":40,"out":12,"usd":0.002}}
                """));
        server.enqueue(json("{\"session\":{\"id\":\"s-77\"},\"status\":\"done\",\"output\":{\"messages\":[{\"text\":\"Refunded.\"}]}}"));
        AgentSession session = client().openSession(new SessionRequest("refund", 1, SessionContext.EMPTY, AGENT, null, null));

        AgentResponse first = session.send(Message.user("I want a refund"));
        AgentResponse second = session.send(Message.user("A-1"));

        RecordedRequest r1 = server.takeRequest();
        assertThat(r1.getTarget()).isEqualTo("/api/chat");
        assertThat(r1.getMethod()).isEqualTo("POST");
        assertThat(r1.getHeaders().get("X-Api-Key")).isEqualTo("key-123");
        assertThat(body(r1)).isEqualTo(tree("""
                {"session":null,"query":{"text":"I want a refund","customer":"acme"},
                 "trace":"case refund turn 1","options":{"lang":"en"}}
                """));
        assertThat(body(server.takeRequest())).isEqualTo(tree("""
                {"session":"s-77","query":{"text":"A-1","customer":"acme"},
                 "trace":"case refund turn 2","options":{"lang":"en"}}
                """));
        assertThat(first.text()).isEqualTo("Which order?\nGive me its number.");
        assertThat(first.state()).contains(TaskState.UNKNOWN);
        assertThat(first.contextId()).contains("s-77");
        assertThat(first.dataParts()).containsExactly(Map.of("order", "A-1"), Map.of("order", "A-2"));
        assertThat(first.toolCalls()).containsExactly(new ToolCall("lookup_orders", Map.of("customer", "acme"),
                java.util.List.of("A-1", "A-2")));
        assertThat(first.usage()).contains(new Usage(40L, 12L, null, 0.002));
        assertThat(second.text()).isEqualTo("Refunded.");
        assertThat(second.usage()).isEmpty();
    }

    @Test
    void should_type_a_response_without_an_answer_as_an_invalid_response_naming_the_path() {
        server.enqueue(json("{\"error\":{\"message\":\"quota\"}}"));

        assertThatThrownBy(() -> client().openSession(new SessionRequest("c", 1, SessionContext.EMPTY, AGENT, null, null))
                .send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("no value at answerPath $.output.messages[*].text");
                });
    }

    @Test
    void should_default_to_an_input_and_context_id_body() throws Exception {
        server.enqueue(json("{\"answer\":\"hello\"}"));

        AgentResponse r = AgentClients.create("http", URI.create(server.url("/bot").toString()),
                fast("answerPath", "$.answer"), name -> null).openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(body(server.takeRequest())).isEqualTo(tree("{\"input\":\"hi\",\"contextId\":null}"));
        assertThat(r.text()).isEqualTo("hello");
    }

    @Test
    void should_reject_a_template_variable_the_case_does_not_define() {
        AgentClient client = client();

        assertThatThrownBy(() -> client.openSession(SessionRequest.of("no-customer")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'no-customer'").hasMessageContaining("{{customer}}");
    }

    @Test
    void should_report_every_bad_setting_at_once() {
        assertThatThrownBy(() -> AgentClients.create("http", URI.create(server.url("/").toString()),
                Map.of("body", "{not json", "answerPath", "$..[", "header.Authorization", "Bearer literal",
                        "anserPath", "$.x"), name -> null))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).satisfiesExactlyInAnyOrder(
                        p -> assertThat(p).startsWith("http setting 'anserPath': unknown setting (did you mean 'answerPath'?)"),
                        p -> assertThat(p).startsWith("http setting 'header.Authorization': looks like a credential"),
                        p -> assertThat(p).isEqualTo("http setting 'body': is not valid JSON (placeholders go inside"
                                + " strings: \"{{input}}\")"),
                        // json-path alone says "java.lang.StringIndexOutOfBoundsException: ... 4"
                        p -> assertThat(p).isEqualTo("http setting 'answerPath': is not a valid JSONPath: '$..[' (the"
                                + " '[' at character 4 is never closed)")));
    }
}
