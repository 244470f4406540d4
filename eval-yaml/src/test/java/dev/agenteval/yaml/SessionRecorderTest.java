package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.toolsInOrder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.AgentClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class SessionRecorderTest {

    /** What the agent saw on each call: case id, context id, turn, message. */
    private final List<String> seen = new CopyOnWriteArrayList<>();

    /**
     * A support agent: a refund question looks the order up, then the refund status (the other
     * way round with {@code swapped}); a later turn files a ticket. The first turn takes 30 ms.
     */
    private AgentClient agent(boolean swapped) {
        return InProcessAgent.of((conversation, message) -> {
            seen.add(conversation.caseId() + " " + conversation.contextId() + " " + conversation.turn() + " " + message.text());
            List<ToolCall> calls = new ArrayList<>();
            if (conversation.turn() == 1) {
                Thread.sleep(30);
                calls.add(ToolCall.of(swapped ? "refund_status" : "find_order", Map.of("order", 42)));
                calls.add(ToolCall.of(swapped ? "find_order" : "refund_status", Map.of("order", 42)));
                return AgentResponse.builder().text("Your refund was issued on Monday.").toolCalls(calls)
                        .state(TaskState.COMPLETED).build();
            }
            calls.add(ToolCall.of("file_ticket", Map.of("topic", message.text())));
            return AgentResponse.builder().text("I filed a ticket.").toolCalls(calls).state(TaskState.INPUT_REQUIRED).build();
        });
    }

    @Test
    void should_capture_each_turn_sent_on_one_session() throws Exception {
        Recording recording = SessionRecorder.of(agent(false))
                .record("refund-then-ticket", List.of("Where is my refund for order 42?", "Please escalate"));

        assertThat(recording.caseId()).isEqualTo("refund-then-ticket");
        assertThat(recording.turns()).hasSize(2);
        RecordedTurn first = recording.turns().get(0);
        assertThat(first.input()).isEqualTo("Where is my refund for order 42?");
        assertThat(first.answer()).isEqualTo("Your refund was issued on Monday.");
        assertThat(first.state()).contains(TaskState.COMPLETED);
        assertThat(first.tools()).containsExactly("find_order", "refund_status");
        assertThat(first.toolCalls().get(0).arguments()).isEqualTo(Map.of("order", 42L));
        assertThat(first.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(30));
        RecordedTurn second = recording.turns().get(1);
        assertThat(second.input()).isEqualTo("Please escalate");
        assertThat(second.answer()).isEqualTo("I filed a ticket.");
        assertThat(second.state()).contains(TaskState.INPUT_REQUIRED);
        assertThat(second.toolCalls()).containsExactly(ToolCall.of("file_ticket", Map.of("topic", "Please escalate")));
        assertThat(recording.tools()).containsExactly("find_order", "refund_status", "file_ticket");

        assertThat(seen).hasSize(2);
        String context = seen.get(0).split(" ")[1];
        assertThat(seen).as("one session, opened with the case id, turn after turn").containsExactly(
                "refund-then-ticket " + context + " 1 Where is my refund for order 42?",
                "refund-then-ticket " + context + " 2 Please escalate");
    }

    @Test
    void should_give_a_recording_the_dsl_turns_into_a_case_that_passes_against_the_same_agent() throws Exception {
        Recording recording = SessionRecorder.of(agent(false))
                .record("refund", List.of("Where is my refund for order 42?", "Please escalate"));

        Case.Builder recorded = Case.id(recording.caseId());
        for (RecordedTurn t : recording.turns()) {
            recorded.turn(Turn.of(t.input()).expect(toolsInOrder(t.tools().toArray(String[]::new))));
        }
        Suite suite = Suite.named("recorded").add(recorded).build();

        assertThat(run(suite, agent(false)).cases().get(0).status()).isEqualTo(CaseStatus.PASSED);
        SuiteResult swapped = run(suite, agent(true));
        assertThat(swapped.cases().get(0).status()).as("the other tool order fails").isEqualTo(CaseStatus.FAILED);
    }

    private static SuiteResult run(Suite suite, AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(n -> null).build().run(suite);
    }

    @Test
    void should_not_record_a_conversation_whose_task_failed() {
        AgentClient failing = InProcessAgent.of((c, m) -> AgentResponse.builder().text("Sorry, internal error")
                .state(TaskState.FAILED).build());

        assertThatThrownBy(() -> SessionRecorder.of(failing).record("x", List.of("Hi")))
                .isInstanceOf(AgentException.class)
                .hasMessage("turn 1: the agent's task ended in 'failed' (\"Sorry, internal error\"): nothing recorded");
        assertThatThrownBy(() -> SessionRecorder.of(failing).record("x", List.of("Hi", " ")))
                .hasMessage("input 2 is blank");
    }

    @Test
    void should_stop_at_the_turn_whose_task_failed_and_say_which() {
        AgentClient failsSecond = InProcessAgent.of((c, m) -> c.turn() == 1 ? AgentResponse.ofText("ok")
                : AgentResponse.builder().text("  no\n\nway  ").state(TaskState.REJECTED).build());

        assertThatThrownBy(() -> SessionRecorder.of(failsSecond).record("x", List.of("Hi", "Refund me")))
                .isInstanceOfSatisfying(AgentException.class, e -> assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE))
                .hasMessage("turn 2: the agent's task ended in 'rejected' (\"no way\"): nothing recorded");
    }

    @Test
    void should_refuse_a_blank_id_no_inputs_and_an_empty_recording() {
        SessionRecorder recorder = SessionRecorder.of(agent(false));

        assertThatThrownBy(() -> recorder.record(" ", List.of("Hi"))).hasMessage("caseId must not be blank");
        assertThatThrownBy(() -> recorder.record("x", List.of())).hasMessage("give at least one input to send");
        assertThatThrownBy(() -> new Recording("x", List.of())).hasMessage("a recording needs at least one turn");
        assertThatThrownBy(() -> new RecordedTurn("Hi", AgentResponse.ofText("ok"), Duration.ofMillis(-1)))
                .hasMessage("duration must be >= 0 but was PT-0.001S");
        assertThat(seen).as("nothing was sent").isEmpty();
    }
}
