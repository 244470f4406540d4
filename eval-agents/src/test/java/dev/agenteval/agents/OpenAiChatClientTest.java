package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.fast;
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
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The openai-chat client against the testkit's {@link FakeChatModel}. */
class OpenAiChatClientTest {

    private final FakeChatModel server = FakeChatModel.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private AgentClient client(String path, String... settings) {
        return AgentClients.create("openai-chat", server.url().resolve(path), fast(settings),
                env("OPENAI_API_KEY", "sk-test"));
    }

    private static com.fasterxml.jackson.databind.JsonNode body(ChatRequest request) {
        return tree(request.body());
    }

    @Test
    void should_send_model_system_prompt_and_case_tools_then_keep_history_with_tool_results() throws Exception {
        server.enqueue(ChatReply.toolCall("find_assets", "{\"filter\":\"pumps\",\"limit\":10}").usage(52, 17),
                ChatReply.text("I found 3 pumps.").usage(80, 6));
        AgentClient client = client("/", "model", "gpt-4o-mini", "systemPrompt", "You find assets.", "temperature", "0");
        AgentSession session = client.openSession(new SessionRequest("pumps", 1, SessionContext.EMPTY, Map.of(), null,
                List.of(ToolSpec.of("find_assets", "Find assets. Parameters: filter, limit."))));

        AgentResponse first = session.send(Message.user("Find pumps"));
        AgentResponse second = session.send(Message.user("How many?"));

        ChatRequest r1 = server.takeRequest();
        assertThat(r1.path()).isEqualTo("/v1/chat/completions");
        assertThat(r1.header("Authorization")).contains("Bearer sk-test");
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
        server.enqueue(ChatReply.text("Hi"));
        Map<String, Object> agent = Map.of("model", "llama3.1", "systemPrompt", "Be terse.", "tools", List.of(
                Map.of("name", "get_weather", "description", "Weather for a city",
                        "parameters", Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"))))));

        client("/ollama/v1", "model", "ignored").openSession(new SessionRequest("w", 1, SessionContext.EMPTY, agent,
                null, null)).send(Message.user("Weather in Oslo?"));

        ChatRequest r = server.takeRequest();
        assertThat(r.path()).isEqualTo("/ollama/v1/chat/completions");
        assertThat(body(r)).isEqualTo(tree("""
                {"model":"llama3.1","messages":[{"role":"system","content":"Be terse."},
                   {"role":"user","content":"Weather in Oslo?"}],
                 "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather for a city",
                   "parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}]}
                """));
    }

    @Test
    void should_type_an_answer_without_choices_as_an_invalid_response() {
        server.enqueue(ChatReply.body("{\"choices\":[]}"));

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
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void should_send_no_authorization_to_a_local_server_without_a_key() throws Exception {
        server.enqueue(ChatReply.text("Hi"));

        AgentClients.create("openai-chat", server.url().resolve("/"), fast("model", "m"), name -> null)
                .openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(server.takeRequest().header("Authorization")).isEmpty();
    }
}
