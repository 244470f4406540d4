package dev.agenteval.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.agenteval.agents.FrameworkAgentClient;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Message;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.TurnContext;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;

class SpringAiAgentTest {

    private final FakeChatModel model = FakeChatModel.start();
    private final ClinicTools tools = new ClinicTools();

    @AfterEach
    void stop() {
        model.close();
    }

    private SpringAiAgent agent() {
        return SpringAiAgent.builder(FakeOpenAi.chatModel(model))
                .systemPrompt("You book check-ups at the clinic.")
                .tools(tools)
                .build();
    }

    @Test
    void recordsEveryToolCallInOrderWithArgumentsAndResultsAndTheUsageOfTheWholeToolLoop() throws Exception {
        model.enqueue(ChatReply.toolCall("freeSlots", "{\"day\":\"tuesday\"}").usage(100, 10),
                ChatReply.toolCall("book", "{\"slot\":\"tuesday 09:00\"}").usage(150, 12),
                ChatReply.text("Booked tuesday 09:00.").usage(200, 20));

        try (AgentSession session = FrameworkAgentClient.of(agent()).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("Book me a check-up on tuesday"), TurnContext.of(1));

            assertThat(response.text()).isEqualTo("Booked tuesday 09:00.");
            assertThat(response.toolCalls()).containsExactly(
                    new ToolCall("freeSlots", Map.of("day", "tuesday"), List.of("tuesday 09:00", "tuesday 11:00")),
                    new ToolCall("book", Map.of("slot", "tuesday 09:00"), "booked tuesday 09:00"));
            assertThat(response.usage()).contains(new Usage(450L, 42L, null, null, "fake-model", false));
        }
        assertThat(tools.slotLookups).hasValue(1);
        assertThat(tools.bookings).hasValue(1);

        List<ChatRequest> requests = model.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(0).systemMessage()).isEqualTo("You book check-ups at the clinic.");
        assertThat(requests.get(0).body()).contains("\"freeSlots\"", "\"book\"");
        assertThat(last(requests.get(1))).isEqualTo(new ChatRequest.Message("tool",
                "[\"tuesday 09:00\",\"tuesday 11:00\"]"));
        assertThat(last(requests.get(2))).isEqualTo(new ChatRequest.Message("tool", "\"booked tuesday 09:00\""));
    }

    @Test
    void aMockedToolNeverRunsAndTheModelReadsTheMockedResult() throws Exception {
        model.enqueue(ChatReply.toolCall("freeSlots", "{\"day\":\"friday\"}"),
                ChatReply.toolCall("book", "{\"slot\":\"friday 09:00\"}"),
                ChatReply.text("Done."));
        TurnContext turn = new TurnContext(1, List.of(ToolMock.returning("book", Map.of("booking", "B-42"))), false,
                Map.of());

        try (AgentSession session = FrameworkAgentClient.of(agent()).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("Book friday"), turn);

            assertThat(response.toolCalls()).containsExactly(
                    new ToolCall("freeSlots", Map.of("day", "friday"), List.of("friday 09:00", "friday 11:00")),
                    new ToolCall("book", Map.of("slot", "friday 09:00"), Map.of("booking", "B-42"), null, true));
        }
        assertThat(tools.bookings).as("the real booking tool ran").hasValue(0);
        assertThat(tools.slotLookups).hasValue(1);
        assertThat(last(model.requests().get(2))).isEqualTo(new ChatRequest.Message("tool", "{\"booking\":\"B-42\"}"));
    }

    @Test
    void aFailingMockAndAnUnmockedToolWhereMocksAreRequiredReachTheModelAsToolErrors() throws Exception {
        model.enqueue(ChatReply.toolCall("freeSlots", "{\"day\":\"friday\"}").andToolCall("book",
                        "{\"slot\":\"friday 09:00\"}"),
                ChatReply.text("Sorry, I could not book."));
        TurnContext turn = new TurnContext(1, List.of(ToolMock.throwing("book", "the calendar is down")), true,
                Map.of());

        try (AgentSession session = FrameworkAgentClient.of(agent()).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("Book friday"), turn);

            assertThat(response.text()).isEqualTo("Sorry, I could not book.");
            assertThat(response.toolCalls()).hasSize(2);
            ToolCall lookup = response.toolCalls().get(0);
            assertThat(lookup.name()).isEqualTo("freeSlots");
            assertThat(lookup.mocked()).isFalse();
            assertThat(lookup.error()).startsWith("tool 'freeSlots' is not mocked and the suite requires every tool"
                    + " to be mocked");
            assertThat(response.toolCalls().get(1)).isEqualTo(
                    new ToolCall("book", Map.of("slot", "friday 09:00"), null, "the calendar is down", true));
        }
        assertThat(tools.slotLookups).as("the unmocked tool ran").hasValue(0);
        assertThat(tools.bookings).hasValue(0);
        List<ChatRequest.Message> sent = model.requests().get(1).messages();
        assertThat(sent.subList(sent.size() - 2, sent.size()))
                .extracting(ChatRequest.Message::role, ChatRequest.Message::content)
                .containsExactly(tuple("tool", "tool 'freeSlots' is not mocked and the suite requires every tool to be"
                        + " mocked; it was not run"), tuple("tool", "the calendar is down"));
    }

    @Test
    void aRealToolsExceptionIsRecordedAndReachesTheModelAsSpringAiReportsIt() throws Exception {
        model.enqueue(ChatReply.toolCall("freeSlots", "{\"day\":\"sunday\"}"), ChatReply.text("We are closed."));

        try (AgentSession session = FrameworkAgentClient.of(agent()).openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("Sunday?"), TurnContext.of(1));

            assertThat(response.toolCalls()).containsExactly(new ToolCall("freeSlots", Map.of("day", "sunday"), null,
                    "the clinic is closed on sunday", false));
        }
        assertThat(last(model.requests().get(1))).isEqualTo(new ChatRequest.Message("tool",
                "the clinic is closed on sunday"));
    }

    @Test
    void theChatClientsOwnDefaultToolsAreGatedToo() throws Exception {
        ChatClient client = ChatClient.builder(FakeOpenAi.chatModel(model)).defaultTools(tools).build();
        model.enqueue(ChatReply.toolCall("book", "{\"slot\":\"monday 11:00\"}"), ChatReply.text("Booked."));
        TurnContext turn = new TurnContext(1, List.of(ToolMock.returning("book", "mock booking")), false, Map.of());

        try (AgentSession session = FrameworkAgentClient.of(SpringAiAgent.builder(client).build())
                .openSession(SessionRequest.of("c1"))) {
            assertThat(session.send(Message.user("Book monday 11:00"), turn).toolCalls()).containsExactly(
                    new ToolCall("book", Map.of("slot", "monday 11:00"), "mock booking", null, true));
        }
        assertThat(tools.bookings).hasValue(0);
        assertThat(last(model.requests().get(1)).content()).isEqualTo("mock booking");
    }

    @Test
    void aToolCallAdvisorRunningTheLoopExecutesGatedToolsAndEveryStepsUsageAddsUp() throws Exception {
        ChatClient client = ChatClient.builder(FakeOpenAi.chatModel(model))
                .defaultAdvisors(ToolCallAdvisor.builder().build())
                .build();
        model.enqueue(ChatReply.toolCall("freeSlots", "{\"day\":\"monday\"}").usage(100, 10),
                ChatReply.toolCall("book", "{\"slot\":\"monday 09:00\"}").usage(150, 12),
                ChatReply.text("Booked monday 09:00.").usage(200, 20));
        TurnContext turn = new TurnContext(1, List.of(ToolMock.returning("book", "mock booking")), false, Map.of());

        try (AgentSession session = FrameworkAgentClient.of(SpringAiAgent.builder(client).tools(tools).build())
                .openSession(SessionRequest.of("c1"))) {
            AgentResponse response = session.send(Message.user("Book monday"), turn);

            assertThat(response.toolCalls()).extracting(ToolCall::name, ToolCall::mocked)
                    .containsExactly(tuple("freeSlots", false), tuple("book", true));
            // Each step reports its own usage here (the model does not accumulate it): they add up.
            assertThat(response.usage()).contains(new Usage(450L, 42L, null, null, "fake-model", false));
        }
        assertThat(tools.slotLookups).hasValue(1);
        assertThat(tools.bookings).hasValue(0);
    }

    @Test
    void toolsGivenByNameOnlyCannotBeGatedAndAreRefused() {
        ChatClient client = ChatClient.builder(FakeOpenAi.chatModel(model)).defaultToolNames("bookingService").build();
        AgentSession session = FrameworkAgentClient.of(SpringAiAgent.builder(client).build())
                .openSession(SessionRequest.of("c1"));

        assertThatThrownBy(() -> session.send(Message.user("Book"), TurnContext.of(1)))
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("ConfigurationException")
                .hasMessageContaining("[bookingService] are given by name only");
        assertThat(model.requestCount()).isZero();
    }

    private static ChatRequest.Message last(ChatRequest request) {
        return request.messages().get(request.messages().size() - 1);
    }
}
