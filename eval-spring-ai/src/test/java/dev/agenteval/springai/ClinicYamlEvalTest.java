package dev.agenteval.springai;

import dev.agenteval.judge.LlmJudge;
import dev.agenteval.junit.AgentEvalAgent;
import dev.agenteval.junit.AgentEvalJudge;
import dev.agenteval.junit.AgentEvalSuite;
import dev.agenteval.junit.AgentEvalSuiteCases;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterAll;

/**
 * The clinic YAML suite on the test class path, one JUnit test per case, against the Spring AI
 * agent object and with the judge on Spring AI's chat model: a case fails when trajectory or
 * toolInvocation do not find the calls the agent really made.
 */
@AgentEvalSuite("clinic/eval/eval.yaml")
class ClinicYamlEvalTest implements AgentEvalSuiteCases {

    private static final FakeChatModel MODEL = FakeChatModel.start().otherwise(SpringAiEvalTest::clinicModel);
    private static final FakeChatModel JUDGE_MODEL = FakeChatModel.start()
            .when("Decide whether the agent called its tools with correct arguments",
                    ChatReply.pass("freeSlots got the day asked for, book a slot it returned."));

    @AgentEvalAgent
    static FrameworkAgent agent() {
        return SpringAiAgent.builder(FakeOpenAi.chatModel(MODEL)).tools(new ClinicTools()).build();
    }

    @AgentEvalJudge
    static Judge judge() {
        return LlmJudge.builder().backend(SpringAiChatBackend.of(FakeOpenAi.chatModel(JUDGE_MODEL))).build();
    }

    @AfterAll
    static void stop() {
        MODEL.close();
        JUDGE_MODEL.close();
    }
}
