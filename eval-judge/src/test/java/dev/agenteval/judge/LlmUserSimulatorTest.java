package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.ChatBackend.Reply;
import dev.agenteval.judge.LlmJudgeTest.Scripted;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.FakeChatModel;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LlmUserSimulator} over a {@link ChatBackend} given in the test: the prompt, parsing and
 * retries of {@link OpenAiUserSimulator}, and the same turns for the same replies.
 */
class LlmUserSimulatorTest {

    private static final SimulationRequest SECOND_TURN = new SimulationRequest("refund", "A terse customer",
            "Get a refund for order 42", List.of(new Exchange("I want a refund", "Which order?")), 2, 5, 1, true);

    @Test
    void should_ask_again_after_an_unusable_reply_and_sum_the_usage() throws Exception {
        Scripted backend = new Scripted("gemini-user", new Reply("Sure! Order 42.", "stop", Usage.tokens(50, 5)),
                new Reply("{\"message\": \"Order 42.\", \"goal_met\": false}", "stop", Usage.tokens(60, 6)));
        LlmUserSimulator simulator = LlmUserSimulator.builder().backend(backend).build();

        SimulatedTurn turn = simulator.next(SECOND_TURN);

        assertThat(turn.message()).isEqualTo("Order 42.");
        assertThat(turn.goalMet()).isFalse();
        assertThat(turn.usage()).isEqualTo(Usage.tokens(110, 11).withModel("gemini-user"));
        assertThat(simulator.name()).isEqualTo("gemini-user");
        List<Message> first = backend.asked.get(0);
        assertThat(first.get(0).content()).startsWith("You play a user").contains("A terse customer",
                "Get a refund for order 42", "Which order?");
        assertThat(backend.asked.get(1).get(3).content()).startsWith("Your reply was not the JSON object asked for.");
    }

    @Test
    void should_fail_naming_the_simulator_when_the_backend_fails_or_never_answers_usably() {
        ChatBackend broken = new Scripted("gemini-user") {
            @Override
            public synchronized Reply complete(List<Message> messages) {
                throw new UnsupportedOperationException("quota exceeded");
            }
        };
        assertThatThrownBy(() -> LlmUserSimulator.builder().backend(broken).build().next(SECOND_TURN))
                .isInstanceOfSatisfying(JudgeException.class,
                        e -> assertThat(e.context()).containsEntry("simulator", "gemini-user"))
                .hasMessage("user simulator 'gemini-user' failed: quota exceeded");
        Scripted chatty = new Scripted("m", Reply.of("Hello!"));
        assertThatThrownBy(() -> LlmUserSimulator.builder().backend(chatty).replyRetries(0).build().next(SECOND_TURN))
                .isInstanceOf(JudgeException.class)
                .hasMessage("user simulator 'm' gave no usable message on case 'refund' turn 2 in 1 reply;"
                        + " last reply: \"Hello!\"");
    }

    @Test
    void should_give_the_same_turns_as_the_openai_simulator_for_the_same_replies() throws Exception {
        try (FakeChatModel model = FakeChatModel.start().models("sim-model")) {
            model.enqueue(ChatReply.text("Order 42 please").usage(10, 2),
                    ChatReply.goalMet("Thanks, that is all.").usage(10, 2));
            OpenAiUserSimulator openAi = OpenAiUserSimulator.of(OpenAiJudge.builder().baseUrl(model.url())
                    .model("sim-model").requestTimeout(Duration.ofSeconds(5))
                    .retryPolicy(RetryPolicy.builder().maxAttempts(1).build()));
            Scripted backend = new Scripted("sim-model", new Reply("Order 42 please", "stop", Usage.tokens(10, 2)),
                    new Reply("{\"message\": \"Thanks, that is all.\", \"goal_met\": true}", "stop", Usage.tokens(10, 2)));

            SimulatedTurn viaOpenAi = openAi.next(SECOND_TURN);
            SimulatedTurn viaBackend = LlmUserSimulator.builder().backend(backend).build().next(SECOND_TURN);

            assertThat(viaBackend).isEqualTo(viaOpenAi);
            assertThat(viaBackend.goalMet()).isTrue();
            assertThat(model.requests().get(1).messages()).extracting(m -> m.role() + ": " + m.content())
                    .containsExactlyElementsOf(backend.asked.get(1).stream().map(m -> m.role() + ": " + m.content())
                            .toList());
        }
    }
}
