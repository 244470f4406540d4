package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Message;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolGate;
import dev.agenteval.spi.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FrameworkAgentClientTest {

    private final AtomicInteger realBookings = new AtomicInteger();

    /** A "framework" whose model always calls find_slot then book, and answers with the booking's result. */
    private final FrameworkAgent agent = (request, tools) -> {
        List<String> memory = new ArrayList<>();
        return message -> {
            memory.add(message);
            String slot = tools.call("find_slot", "{\"day\":\"" + message + "\"}", () -> "{\"slot\":\"09:00\"}");
            String booked;
            try {
                booked = tools.call("book", "{\"slot\":\"09:00\"}", () -> {
                    realBookings.incrementAndGet();
                    return "booked for real";
                });
            } catch (ToolGate.ToolFailure e) {
                booked = "error: " + e.getMessage();
            }
            return new FrameworkAgent.Reply(memory.size() + ":" + slot + "|" + booked, Usage.tokens(10, 2));
        };
    };

    @Test
    void recordsRealCallsInOrderWithResultsAndUsage() throws Exception {
        try (AgentSession session = FrameworkAgentClient.of(agent).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("monday"), TurnContext.of(1));
            assertThat(response.text()).isEqualTo("1:{\"slot\":\"09:00\"}|booked for real");
            assertThat(response.toolCalls()).containsExactly(
                    new ToolCall("find_slot", Map.of("day", "monday"), Map.of("slot", "09:00")),
                    new ToolCall("book", Map.of("slot", "09:00"), "booked for real"));
            assertThat(response.usage()).contains(Usage.tokens(10, 2));
            assertThat(realBookings).hasValue(1);
        }
    }

    @Test
    void aMatchingMockAnswersAndTheRealToolNeverRuns() throws Exception {
        TurnContext turn = new TurnContext(1, List.of(
                ToolMock.returning("book", "booked (mock)").when(Map.of("slot", "10:00")),
                ToolMock.returning("book", Map.of("ok", true))), false, Map.of());
        try (AgentSession session = FrameworkAgentClient.of(agent).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("monday"), turn);
            assertThat(response.text()).endsWith("|{\"ok\":true}");
            assertThat(response.toolCalls().get(1)).isEqualTo(
                    new ToolCall("book", Map.of("slot", "09:00"), Map.of("ok", true), null, true));
            assertThat(response.toolCalls().get(0).mocked()).isFalse();
        }
        assertThat(realBookings).hasValue(0);
    }

    @Test
    void aFailingMockAndAnUnmockedToolWhereMocksAreRequiredAreToolErrors() throws Exception {
        TurnContext failing = new TurnContext(1, List.of(ToolMock.throwing("book", "calendar down")), false, Map.of());
        TurnContext required = new TurnContext(2, List.of(ToolMock.returning("find_slot", "x")), true, Map.of());
        try (AgentSession session = FrameworkAgentClient.of(agent).openSession(SessionRequest.of("c1"))) {
            assertThat(session.send(Message.user("monday"), failing).toolCalls().get(1))
                    .isEqualTo(new ToolCall("book", Map.of("slot", "09:00"), null, "calendar down", true));
            AgentResponse second = session.send(Message.user("tuesday"), required);
            assertThat(second.text()).startsWith("2:x|error: tool 'book' is not mocked");
            assertThat(second.toolCalls()).hasSize(2);
            assertThat(second.toolCalls().get(1).mocked()).isFalse();
            assertThat(second.toolCalls().get(1).error()).contains("not mocked");
        }
        assertThat(realBookings).hasValue(0);
    }

    @Test
    void eachSessionHasItsOwnConversation() throws Exception {
        FrameworkAgentClient client = FrameworkAgentClient.of(agent);
        try (AgentSession a = client.openSession(SessionRequest.of("a"));
             AgentSession b = client.openSession(SessionRequest.of("b"))) {
            a.send(Message.user("monday"));
            assertThat(a.send(Message.user("monday")).text()).startsWith("2:");
            assertThat(b.send(Message.user("monday")).text()).startsWith("1:");
        }
    }

    @Test
    void aFrameworkFailureIsAnAgentExceptionNamingIt() {
        FrameworkAgent broken = (request, tools) -> message -> {
            throw new IllegalStateException("model refused");
        };
        AgentSession session = FrameworkAgentClient.of(broken).openSession(SessionRequest.of("c1"));
        assertThatThrownBy(() -> session.send(Message.user("hi")))
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("IllegalStateException: model refused");
    }
}
