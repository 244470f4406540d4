package dev.agenteval.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;

/** The README's Spring AI example, run: the agent's and the judge's models are Spring AI's OpenAI model on fakes. */
class ReadmeExampleTest {

    @Test
    void theReadmesSuiteMocksTheBookingScoresTheRealCallsAndJudgesThroughSpringAi() {
        try (FakeChatModel agentModel = FakeChatModel.start();
             FakeChatModel judgeModel = FakeChatModel.start().otherwise(ChatReply.pass("Looks right."))) {
            agentModel.enqueue(ChatReply.toolCall("freeSlots", "{\"day\": \"tuesday\"}"),
                    ChatReply.toolCall("book", "{\"slot\": \"tuesday 09:00\"}"),
                    ChatReply.text("Booked: B-42 on tuesday at 09:00."));

            SuiteResult result = ClinicSpringAiEval.run(ChatClient.create(FakeOpenAi.chatModel(agentModel)),
                    FakeOpenAi.chatModel(judgeModel));

            CaseResult booking = result.cases().get(0);
            assertThat(booking.status()).as(booking.reason()).isEqualTo(CaseStatus.PASSED);
            assertThat(booking.turns().get(0).toolCalls()).containsExactly(
                    new ToolCall("freeSlots", Map.of("day", "tuesday"), List.of("tuesday 09:00", "tuesday 11:00")),
                    new ToolCall("book", Map.of("slot", "tuesday 09:00"), Map.of("booking", "B-42"), null, true));
            List<ChatRequest> toAgent = agentModel.requests();
            assertThat(toAgent.get(2).messages().get(toAgent.get(2).messages().size() - 1).content())
                    .as("the model reads the mocked result").isEqualTo("{\"booking\":\"B-42\"}");
            assertThat(judgeModel.requests()).as("toolInvocation and correctness, through Spring AI").hasSize(2)
                    .anySatisfy(r -> assertThat(r.prompt()).contains("freeSlots", "tuesday 09:00"));
        }
    }
}
