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
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Usage;
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

class OpenAiChatClientTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private AgentClient client(String path, String... settings) {
        return AgentClients.create("openai-chat", URI.create(server.url(path).toString()), fast(settings),
                env("OPENAI_API_KEY", "sk-test"));
    }

    private static final String TOOL_CALL = """
            {"id":"chatcmpl-1","object":"chat.completion","model":"gpt-4o-mini","choices":[{"index":0,
              "message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
                "function":{"name":"find_assets","arguments":"{\\"filter\\":\\"pumps\\",\\"limit\\":10}"}}]},
              "finish_reason":"tool_calls"}],
             "usage":{"prompt_tokens":52,"completion_tokens":17,"total_tokens":69}}
            """;

    @Test
    void should_send_model_system_prompt_and_case_tools_then_keep_history_with_tool_results() throws Exception {
        server.enqueue(json(TOOL_CALL));
        server.enqueue(json("""
                {"choices":[{"index":0,"message":{"role":"assistant","content":"I found 3 pumps."},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":80,"completion_tokens":6}}
                """));
        AgentClient client = client("/", "model", "gpt-4o-mini", "systemPrompt", "You find assets.", "temperature", "0");
        AgentSession session = client.openSession(new SessionRequest("pumps", 1, SessionContext.EMPTY, Map.of(), null,
                List.of(ToolSpec.of("find_assets", "Find assets. Parameters: filter, limit."))));

        AgentResponse first = session.send(Message.user("Find pumps"));
        AgentResponse second = session.send(Message.user("How many?"));

        RecordedRequest r1 = server.takeRequest();
        assertThat(r1.getTarget()).isEqualTo("/v1/chat/completions");
        assertThat(r1.getHeaders().get("Authorization")).isEqualTo("Bearer sk-test");
        assertThat(body(r1)).isEqualTo(tree("""
                {"model":"gpt-4o-mini","messages":[
                   {"role":"system","content":"You find assets."},
                   {"role":"user","content":"Find pumps"}],
                 "temperature":0.0,
                 "tools":[{"type":"function","function":{"name":"find_assets",
                   "description":"Find assets. Parameters: filter, limit.",
                   "parameters":{"type":"object","properties":{}}}}]}
                """));
        assertThat(body(server.takeRequest()).get("messages")).isEqualTo(tree("""
                [{"role":"system","content":"You find assets."},
                 {"role":"user","content":"Find pumps"},
                 {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
                   "function":{"name":"find_assets","arguments":"{\\"filter\\":\\"pumps\\",\\"limit\\":10}"}}]},
                 {"role":"tool","tool_call_id":"call_1","content":"{\\"error\\":\\"tools are not executed during this evaluation\\"}"},
                 {"role":"user","content":"How many?"}]
                """));
        assertThat(first.text()).isEmpty();
        assertThat(first.toolCalls()).containsExactly(ToolCall.of("find_assets", Map.of("filter", "pumps", "limit", 10L)));
        assertThat(first.usage()).contains(new Usage(52L, 17L, null, null, "gpt-4o-mini", false));
        assertThat(first.agentId()).contains("gpt-4o-mini");
        assertThat(second.text()).isEqualTo("I found 3 pumps.");
        assertThat(second.toolCalls()).isEmpty();
    }

    @Test
    void should_take_model_prompt_and_tools_from_the_case_agent_payload_and_a_base_ending_in_v1() throws Exception {
        server.enqueue(json("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"}}]}"));
        Map<String, Object> agent = Map.of("model", "llama3.1", "systemPrompt", "Be terse.", "tools", List.of(
                Map.of("name", "get_weather", "description", "Weather for a city",
                        "parameters", Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))))));

        client("/ollama/v1", "model", "ignored").openSession(new SessionRequest("w", 1, SessionContext.EMPTY, agent,
                null, null)).send(Message.user("Weather in Oslo?"));

        RecordedRequest r = server.takeRequest();
        assertThat(r.getTarget()).isEqualTo("/ollama/v1/chat/completions");
        assertThat(body(r)).isEqualTo(tree("""
                {"model":"llama3.1","messages":[{"role":"system","content":"Be terse."},
                   {"role":"user","content":"Weather in Oslo?"}],
                 "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather for a city",
                   "parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}]}
                """));
    }

    @Test
    void should_type_an_answer_without_choices_as_an_invalid_response() {
        server.enqueue(json("{\"choices\":[]}"));

        assertThatThrownBy(() -> client("/", "model", "m").openSession(SessionRequest.of("c")).send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("no choices[0].message");
                });
    }

    @Test
    void should_need_a_model_from_the_settings_or_the_case() {
        AgentClient client = client("/");

        assertThatThrownBy(() -> client.openSession(SessionRequest.of("c")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'c'").hasMessageContaining("needs a model");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void should_send_no_authorization_to_a_local_server_without_a_key() throws Exception {
        server.enqueue(json("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"}}]}"));

        AgentClients.create("openai-chat", URI.create(server.url("/").toString()), fast("model", "m"), name -> null)
                .openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(server.takeRequest().getHeaders().get("Authorization")).isNull();
    }
}
