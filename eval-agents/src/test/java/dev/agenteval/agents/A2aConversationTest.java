package dev.agenteval.agents;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Suite;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.testkit.A2aPart;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A three-turn case against an A2A agent on 127.0.0.1 that keeps context per contextId and asks
 * for input twice: it passes only when the client carries contextId and taskId.
 */
class A2aConversationTest {

    private static final String SORRY = "Sorry, what would you like to book?";

    /**
     * The testkit's fake agent scripted to book check-ups in two input-required steps (date, then
     * time). A message without the task id of the task waiting for input starts a new task that
     * knows nothing; with {@code strict}, it is refused with a JSON-RPC error instead.
     */
    private static FakeA2aAgent bookingAgent(boolean strict) {
        FakeA2aAgent agent = FakeA2aAgent.start();
        Map<String, String> waiting = new HashMap<>(); // task id -> the date given, "" before it is
        Map<String, String> taskOfContext = new HashMap<>();
        agent.otherwise(r -> {
            synchronized (waiting) {
                Optional<String> task = r.taskId();
                if (task.isEmpty()) {
                    String open = r.contextId().map(taskOfContext::get).filter(waiting::containsKey).orElse(null);
                    if (open != null && strict) {
                        return A2aReply.rpcError(-32602, "task " + open + " is waiting for input: send its taskId");
                    }
                    if (!r.text().toLowerCase(Locale.ROOT).contains("check-up")) {
                        return A2aReply.completed(SORRY);
                    }
                    String id = "task-" + r.number();
                    String context = r.contextId().orElse("ctx-" + r.number());
                    waiting.put(id, "");
                    taskOfContext.put(context, id);
                    return A2aReply.inputRequired("Which date suits you?").taskId(id).contextId(context);
                }
                String date = waiting.get(task.get());
                if (date == null) {
                    return A2aReply.rpcError(-32001, "Task not found: " + task.get());
                }
                if (date.isEmpty()) {
                    waiting.put(task.get(), r.text());
                    return A2aReply.inputRequired("What time on " + r.text() + "?");
                }
                waiting.remove(task.get());
                String answer = "Booked your check-up on " + date + " at " + r.text() + ".";
                return A2aReply.completed(answer).artifact(A2aPart.text(answer));
            }
        });
        return agent;
    }

    private static final Suite SUITE = Suite.named("booking").add(Case.id("book-check-up")
            .turn(Turn.of("I need to schedule a check-up").expectState("input-required").expect(contains("date")))
            .turn(Turn.of("Next Tuesday").expectState("input-required").expect(contains("What time on Next Tuesday")))
            .turn(Turn.of("10:00").expectState("completed")
                    .expect(contains("Booked your check-up on Next Tuesday at 10:00."))))
            .build();

    private static CaseResult run(FakeA2aAgent agent, String... settings) {
        AgentClient client = AgentClients.create("a2a", agent.url(), Wire.fast(settings), name -> null);
        return EvalRunner.builder().agent(client).environment(name -> null).build().run(SUITE)
                .find("book-check-up").orElseThrow();
    }

    @Test
    void should_pass_the_three_turn_case_when_the_client_carries_context_and_task_ids() throws Exception {
        try (FakeA2aAgent agent = bookingAgent(true)) {
            CaseResult result = run(agent);

            assertThat(result.status()).as(result.reason()).isEqualTo(CaseStatus.PASSED);
            List<TurnResult> turns = result.attempts().get(0).turns();
            assertThat(turns).extracting(TurnResult::state)
                    .containsExactly(TaskState.INPUT_REQUIRED, TaskState.INPUT_REQUIRED, TaskState.COMPLETED);
            // The answer repeated in status.message and the artifact is reported once.
            assertThat(turns.get(2).answer()).isEqualTo("Booked your check-up on Next Tuesday at 10:00.");
            List<A2aRequest> sent = agent.requests();
            assertThat(sent).hasSize(3);
            A2aRequest second = sent.get(1);
            A2aRequest third = sent.get(2);
            assertThat(sent.get(0).contextId()).isEmpty();
            assertThat(second.contextId()).isEqualTo(third.contextId()).hasValueSatisfying(c -> assertThat(c).startsWith("ctx-"));
            assertThat(second.taskId()).isEqualTo(third.taskId()).hasValueSatisfying(t -> assertThat(t).startsWith("task-"));
            // The report shows the request as sent, ids included.
            JsonNode reported = Wire.MAPPER.valueToTree(turns.get(2).request());
            assertThat(reported.get("params").get("message").get("taskId").asText()).isEqualTo(third.taskId().orElseThrow());
        }
    }

    @Test
    void should_fail_the_case_when_the_client_carries_no_ids() throws Exception {
        try (FakeA2aAgent agent = bookingAgent(false)) {
            CaseResult result = run(agent, "carryContext", "none");

            assertThat(result.status()).isEqualTo(CaseStatus.FAILED);
            TurnResult second = result.attempts().get(0).turns().get(1);
            assertThat(second.answer()).isEqualTo("Sorry, what would you like to book?");
            assertThat(second.failedChecks()).anySatisfy(c -> assertThat(c).contains("What time on Next Tuesday"));
        }
    }

    @Test
    void should_error_on_the_second_turn_when_the_client_drops_the_task_id_and_the_server_asserts_it() throws Exception {
        try (FakeA2aAgent agent = bookingAgent(true)) {
            CaseResult result = run(agent, "carryContext", "context-only");

            assertThat(result.status()).isEqualTo(CaseStatus.ERRORED);
            List<TurnResult> turns = result.attempts().get(0).turns();
            assertThat(turns).hasSize(2);
            assertThat(turns.get(0).harnessFailure()).isNull();
            assertThat(turns.get(1).harnessFailure().code()).isEqualTo(FailureCode.INVALID_RESPONSE);
            assertThat(turns.get(1).harnessFailure().message()).contains("-32602").contains("send its taskId");
        }
    }
}
