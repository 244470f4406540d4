package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.FailureCode;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Scorers;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import dev.agenteval.testkit.ScorerTester;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A judge scorer as a plugin author tests one: found by its type id through the provider registry
 * ({@link ScorerTester}), asking the real {@link OpenAiJudge} on the testkit's fake model.
 */
class JudgeScorersOnTestkitTest {

    private final FakeChatModel model = FakeChatModel.start().models("judge-model");

    private final ScorerTester tester = ScorerTester.discover().withInput("What can you help me with?")
            .withJudge(OpenAiJudge.builder().baseUrl(model.url()).model("judge-model")
                    .requestTimeout(Duration.ofSeconds(5))
                    .retryPolicy(RetryPolicy.builder().maxAttempts(1).build()).build());

    @AfterEach
    void stop() {
        model.close();
    }

    @Test
    void correctness_should_pass_on_a_passing_verdict_and_send_criteria_and_answer_to_the_judge() throws Exception {
        model.enqueue(ChatReply.verdict(true, 0.9, "Lists its capabilities.").usage(100, 20));

        ScoreResult r = tester.test(Scorers.correctness("Describes its capabilities"), "I can look up pumps.");

        assertThat(r.status()).as(r.toString()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.value()).isEqualTo(0.9);
        ChatRequest asked = model.takeRequest();
        assertThat(asked.model()).isEqualTo("judge-model");
        assertThat(asked.prompt()).contains("Describes its capabilities", "I can look up pumps.");
    }

    @Test
    void correctness_should_fail_on_a_failing_verdict_and_error_when_the_judge_is_down() {
        model.enqueue(ChatReply.fail("Names no capability."), ChatReply.httpStatus(503, "{}"));

        ScoreResult failed = tester.test(Scorers.correctness("Describes its capabilities"), "Hello.");
        ScoreResult errored = tester.test(Scorers.correctness("Describes its capabilities"), "Hello.");

        assertThat(failed.status()).as(failed.toString()).isEqualTo(ScoreStatus.FAILED);
        assertThat(errored.status()).as(errored.toString()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(errored.failure().code()).isEqualTo(FailureCode.JUDGE_ERROR);
    }
}
