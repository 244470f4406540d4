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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A three-turn case against an A2A agent on 127.0.0.1 that keeps context per contextId and asks
 * for input twice: it passes only when the client carries contextId and taskId.
 */
class A2aConversationTest {

    private static final Suite SUITE = Suite.named("booking").add(Case.id("book-check-up")
            .turn(Turn.of("I need to schedule a check-up").expectState("input-required").expect(contains("date")))
            .turn(Turn.of("Next Tuesday").expectState("input-required").expect(contains("What time on Next Tuesday")))
            .turn(Turn.of("10:00").expectState("completed")
                    .expect(contains("Booked your check-up on Next Tuesday at 10:00."))))
            .build();

    private static CaseResult run(BookingA2aAgent agent, String... settings) {
        AgentClient client = AgentClients.create("a2a", agent.url(), Wire.fast(settings), name -> null);
        return EvalRunner.builder().agent(client).environment(name -> null).build().run(SUITE)
                .find("book-check-up").orElseThrow();
    }

    @Test
    void should_pass_the_three_turn_case_when_the_client_carries_context_and_task_ids() throws Exception {
        try (BookingA2aAgent agent = new BookingA2aAgent(true)) {
            CaseResult result = run(agent);

            assertThat(result.status()).as(result.reason()).isEqualTo(CaseStatus.PASSED);
            List<TurnResult> turns = result.attempts().get(0).turns();
            assertThat(turns).extracting(TurnResult::state)
                    .containsExactly(TaskState.INPUT_REQUIRED, TaskState.INPUT_REQUIRED, TaskState.COMPLETED);
            // The answer repeated in status.message and the artifact is reported once.
            assertThat(turns.get(2).answer()).isEqualTo("Booked your check-up on Next Tuesday at 10:00.");
            List<JsonNode> sent = agent.received();
            assertThat(sent).hasSize(3);
            JsonNode second = sent.get(1).get("params").get("message");
            JsonNode third = sent.get(2).get("params").get("message");
            assertThat(sent.get(0).get("params").get("message").has("contextId")).isFalse();
            assertThat(second.get("contextId").asText()).isEqualTo(third.get("contextId").asText()).startsWith("ctx-");
            assertThat(second.get("taskId").asText()).isEqualTo(third.get("taskId").asText()).startsWith("task-");
            // The report shows the request as sent, ids included.
            JsonNode reported = Wire.MAPPER.valueToTree(turns.get(2).request());
            assertThat(reported.get("params").get("message").get("taskId").asText()).isEqualTo(third.get("taskId").asText());
        }
    }

    @Test
    void should_fail_the_case_when_the_client_carries_no_ids() throws Exception {
        try (BookingA2aAgent agent = new BookingA2aAgent(false)) {
            CaseResult result = run(agent, "carryContext", "none");

            assertThat(result.status()).isEqualTo(CaseStatus.FAILED);
            TurnResult second = result.attempts().get(0).turns().get(1);
            assertThat(second.answer()).isEqualTo("Sorry, what would you like to book?");
            assertThat(second.failedChecks()).anySatisfy(c -> assertThat(c).contains("What time on Next Tuesday"));
        }
    }

    @Test
    void should_error_on_the_second_turn_when_the_client_drops_the_task_id_and_the_server_asserts_it() throws Exception {
        try (BookingA2aAgent agent = new BookingA2aAgent(true)) {
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
