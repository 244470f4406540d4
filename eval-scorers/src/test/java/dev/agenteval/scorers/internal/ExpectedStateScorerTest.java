package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.TaskState;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpectedStateScorerTest {

    private final ExpectedStateScorerFactory factory = new ExpectedStateScorerFactory();

    private static AgentResponse inState(TaskState state) {
        return AgentResponse.builder().text("Which day?").state(state).build();
    }

    @Test
    void should_pass_for_any_spelling_of_the_state() throws Exception {
        ScoreResult v1 = score(factory, Scorers.expectedState("TASK_STATE_INPUT_REQUIRED"), inState(TaskState.INPUT_REQUIRED));
        ScoreResult v03 = score(factory, Scorers.expectedState("input-required"), inState(TaskState.INPUT_REQUIRED));

        assertThat(v1.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(v03.checks()).containsExactly(Check.pass("state input-required", "was input-required"));
    }

    @Test
    void should_fail_for_another_state() throws Exception {
        ScoreResult r = score(factory, Scorers.expectedState("input-required"), inState(TaskState.COMPLETED));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.reason()).isEqualTo("state input-required: expected input-required but was completed");
    }

    @Test
    void should_fail_when_the_response_has_no_state() throws Exception {
        ScoreResult r = score(factory, Scorers.expectedState("completed"), AgentResponse.ofText("hi"));

        assertThat(r.checks().get(0).detail()).isEqualTo("no task state in response");
    }

    @Test
    void should_report_an_unknown_state_spelling() {
        assertThat(factory.validate(ScorerSpec.of("expected_state", Map.of("state", "inputrequired"))))
                .containsExactly("unknown state 'inputrequired' (known: submitted, working, input-required, "
                        + "auth-required, completed, canceled, failed, rejected, unknown)");
        assertThat(factory.validate(ScorerSpec.of("expected_state"))).containsExactly("needs 'state' (a non-blank string)");
    }
}
