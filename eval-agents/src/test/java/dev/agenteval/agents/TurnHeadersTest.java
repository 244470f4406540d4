package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.fast;
import static dev.agenteval.agents.Wire.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Message;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.TurnContext;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aWire;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.testkit.FakeChatModel;
import java.net.URI;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A turn's {@link TurnContext#headers()} (W3C trace context) reach the agent on every HTTP
 * protocol, on that turn only: a send without a context carries none.
 */
class TurnHeadersTest {

    private static final String PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final TurnContext TRACED = new TurnContext(1, List.of(), false,
            Map.of("traceparent", PARENT, "tracestate", "vendor=1"));

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private static String header(Map<String, List<String>> headers, String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(e -> String.join(",", e.getValue())).findFirst().orElse(null);
    }

    @ParameterizedTest
    @EnumSource(A2aWire.class)
    void a2a_requests_carry_the_turns_trace_context(A2aWire wire) throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            agent.otherwise(A2aReply.completed("ok"));
            AgentSession session = AgentClients.create("a2a", agent.url(), fast("maxAttempts", "1"), name -> null)
                    .openSession(SessionRequest.of("c1"));

            session.send(Message.user("one"), TRACED);
            session.send(Message.user("two"));

            Map<String, List<String>> first = agent.takeRequest().headers();
            assertThat(header(first, "traceparent")).isEqualTo(PARENT);
            assertThat(header(first, "tracestate")).isEqualTo("vendor=1");
            assertThat(header(agent.takeRequest().headers(), "traceparent")).isNull();
        }
    }

    @Test
    void openai_chat_requests_carry_the_turns_trace_context() throws Exception {
        try (FakeChatModel model = FakeChatModel.start()) {
            model.enqueue(ChatReply.text("Hi"));
            AgentClients.create("openai-chat", model.url().resolve("/"), fast("model", "m"), name -> null)
                    .openSession(SessionRequest.of("c1")).send(Message.user("hi"), TRACED);

            assertThat(header(model.takeRequest().headers(), "traceparent")).isEqualTo(PARENT);
        }
    }

    @Test
    void http_template_requests_carry_the_turns_trace_context() throws Exception {
        server.enqueue(json("{\"answer\":\"hello\"}"));
        AgentClients.create("http", URI.create(server.url("/bot").toString()), fast("answerPath", "$.answer"),
                name -> null).openSession(SessionRequest.of("c")).send(Message.user("hi"), TRACED);

        assertThat(server.takeRequest().getHeaders().get("traceparent")).isEqualTo(PARENT);
    }
}
