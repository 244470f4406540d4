package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.A2aWire;
import dev.agenteval.testkit.FakeA2aAgent;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The testkit's fake A2A agent against the project's A2A client, in both wire versions: what the
 * fake renders is what the client reads (text, state, tool calls, usage, data, the ids it carries),
 * and each fault ends as the typed failure a real agent's would.
 */
class FakeA2aAgentClientTest {

    private static AgentSession session(FakeA2aAgent agent) {
        AgentClient client = AgentClients.create("a2a", agent.url(), Wire.fast("maxAttempts", "1"), name -> null);
        return client.openSession(SessionRequest.of("c1"));
    }

    @ParameterizedTest
    @EnumSource(A2aWire.class)
    void the_client_reads_text_state_tool_calls_usage_and_data(A2aWire wire) throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            agent.enqueue(A2aReply.completed("Found P-101.").toolCall("find_assets", "{\"filter\": \"pump\"}", "[\"P-101\"]")
                    .data("{\"items\": [{\"type\": \"TEMP\"}]}").usage(12, 30).credits(0.25));

            AgentResponse r = session(agent).send(Message.user("Find pumps"));

            assertThat(r.text()).contains("Found P-101.");
            assertThat(r.state()).contains(TaskState.COMPLETED);
            assertThat(r.toolCalls()).singleElement().satisfies(c -> {
                assertThat(c.name()).isEqualTo("find_assets");
                assertThat(c.arguments()).isEqualTo(Map.of("filter", "pump"));
            });
            assertThat(r.usage()).hasValueSatisfying(u -> {
                assertThat(u.inputTokens()).isEqualTo(12);
                assertThat(u.outputTokens()).isEqualTo(30);
                assertThat(u.credits()).isEqualTo(0.25);
            });
            assertThat(r.dataParts()).hasSize(1);
            assertThat(agent.takeRequest().method()).isEqualTo(wire.sendMethod());
        }
    }

    @ParameterizedTest
    @EnumSource(A2aWire.class)
    void the_client_answers_an_input_required_task_with_its_task_and_context_ids(A2aWire wire) throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            agent.when("check-up", A2aReply.inputRequired("Which day?"))
                    .when("Tuesday", A2aReply.completed("Booked for Tuesday."));
            AgentSession session = session(agent);

            AgentResponse asked = session.send(Message.user("Book a check-up"));
            AgentResponse booked = session.send(Message.user("Tuesday"));

            assertThat(asked.state()).contains(TaskState.INPUT_REQUIRED);
            assertThat(booked.state()).contains(TaskState.COMPLETED);
            assertThat(booked.taskId()).isEqualTo(asked.taskId());
            A2aRequest first = agent.takeRequest();
            A2aRequest second = agent.takeRequest();
            assertThat(first.taskId()).isEmpty();
            assertThat(second.taskId()).isEqualTo(asked.taskId());
            assertThat(second.contextId()).isEqualTo(asked.contextId());
        }
    }

    @ParameterizedTest
    @EnumSource(A2aWire.class)
    void the_client_reads_failed_and_canceled_tasks_and_a_message_result(A2aWire wire) throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            agent.enqueue(A2aReply.failed("crashed"), A2aReply.canceled("stopped"), A2aReply.message("just a message"));
            AgentSession session = session(agent);

            assertThat(session.send(Message.user("a")).state()).contains(TaskState.FAILED);
            assertThat(session.send(Message.user("b")).state()).contains(TaskState.CANCELED);
            assertThat(session.send(Message.user("c")).text()).isEqualTo("just a message");
        }
    }

    @ParameterizedTest
    @EnumSource(A2aWire.class)
    void each_fault_ends_as_a_typed_failure(A2aWire wire) throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            agent.enqueue(A2aReply.httpStatus(500, "{\"error\": \"boom\"}"), A2aReply.malformedJson(),
                    A2aReply.dropConnection(), A2aReply.rpcError(-32603, "the agent crashed"), A2aReply.hang());
            AgentSession session = session(agent);

            assertThat(code(session)).isEqualTo(FailureCode.HTTP_ERROR);
            assertThat(code(session)).isEqualTo(FailureCode.INVALID_RESPONSE);
            assertThat(code(session)).isEqualTo(FailureCode.NETWORK_ERROR);
            assertThat(code(session)).isEqualTo(FailureCode.INVALID_RESPONSE);
            assertThat(code(session)).isEqualTo(FailureCode.TIMEOUT);
        }
    }

    private static FailureCode code(AgentSession session) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> session.send(Message.user("x")));
        assertThat(thrown).isInstanceOf(AgentException.class);
        return ((AgentException) thrown).toFailure().code();
    }
}
