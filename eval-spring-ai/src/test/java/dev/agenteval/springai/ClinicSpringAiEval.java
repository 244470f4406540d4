package dev.agenteval.springai;

// The README's "### Spring AI" block (/work/notes/readme-spring-ai.md), as is but for this package line and
// this comment, so that it compiles here; ReadmeExampleTest runs it against fake models.

import static dev.agenteval.api.Scorers.*;

import dev.agenteval.api.Case;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.judge.LlmJudge;
import dev.agenteval.springai.SpringAiAgent;
import dev.agenteval.springai.SpringAiChatBackend;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.tool.annotation.Tool;

public final class ClinicSpringAiEval {

    /** The application's tools. */
    public static class ClinicTools {
        @Tool(description = "The free check-up slots on a day")
        public List<String> freeSlots(String day) {
            return List.of(day + " 09:00", day + " 11:00");
        }

        @Tool(description = "Books a check-up slot")
        public String book(String slot) {
            throw new IllegalStateException("would book " + slot + " in the real calendar");
        }
    }

    public static Suite suite() {
        return Suite.named("clinic")
                .add(Case.id("book-tuesday")
                        .tools(ToolSpec.of("freeSlots", "The free check-up slots on a day"),
                                ToolSpec.of("book", "Books a check-up slot"))
                        .mocks(ToolMock.returning("book", Map.of("booking", "B-42")))   // never books for real
                        .turn(Turn.of("Book me a check-up on tuesday").expect(
                                trajectory(Trajectory.strict(
                                        ExpectedCall.of("freeSlots").withArgs(Map.of("day", "tuesday")),
                                        ExpectedCall.of("book").withArgs(Map.of("slot", "tuesday 09:00")))),
                                toolInvocation(),
                                correctness("Confirms the booking B-42 on tuesday at 09:00."))))
                .build();
    }

    /** The ChatClient as the application builds it; the judge on any Spring AI chat model. */
    public static SuiteResult run(ChatClient chatClient, ChatModel judgeModel) {
        SpringAiAgent agent = SpringAiAgent.builder(chatClient)
                .systemPrompt("You book check-ups at the clinic.")
                .tools(new ClinicTools())
                .build();
        return EvalRunner.builder()
                .agent(agent.client())
                .judge(LlmJudge.builder().backend(SpringAiChatBackend.of(judgeModel)).build())
                .build()
                .run(suite());
    }
}
