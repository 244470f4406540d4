package dev.agenteval.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.judge.LlmJudge;
import dev.agenteval.junit.AgentEvalAgent;
import dev.agenteval.junit.AgentEvalJudge;
import dev.agenteval.junit.AgentEvalSuite;
import dev.agenteval.junit.AgentEvalSuiteCases;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterAll;

/**
 * A YAML suite on the test class path, run by eval-junit as one JUnit test per case against the
 * LangChain4j agent object, judged through a LangChain4j chat model: the same file the command line
 * would run against the deployed agent. Each case mocks one tool, which never runs.
 */
@AgentEvalSuite("suites/clinic.yaml")
class ClinicYamlEvalTest implements AgentEvalSuiteCases {

    static final FakeChatModel AGENT_MODEL = FakeChatModel.start().otherwise(LangChain4jEvalTest::clinicModel);
    static final FakeChatModel JUDGE_MODEL = FakeChatModel.start()
            .otherwise(ChatReply.pass("findSlots, then book, with the day asked for."));
    static final LangChain4jAgentTest.Clinic CLINIC = new LangChain4jAgentTest.Clinic();

    @AgentEvalAgent
    static FrameworkAgent agent() {
        return LangChain4jAgent.builder(LangChain4jAgentTest.Assistant.class)
                .chatModel(LangChain4jAgentTest.model(AGENT_MODEL)).tools(CLINIC).build();
    }

    @AgentEvalJudge
    static Judge judge() {
        return LlmJudge.builder().backend(LangChain4jChatBackend.of(LangChain4jAgentTest.model(JUDGE_MODEL))).build();
    }

    @AfterAll
    static void the_cases_ran_the_agent_and_the_judge() {
        try {
            assertThat(CLINIC.searches).as("findSlots ran for monday, mocked for friday").hasValue(1);
            assertThat(CLINIC.bookings).as("book mocked for monday, ran for friday").hasValue(1);
            assertThat(AGENT_MODEL.requests()).as("the model read the mocked results")
                    .anySatisfy(r -> assertThat(r.messages()).contains(
                            new ChatRequest.Message("tool", "{\"confirmation\":\"MOCK-1\"}")))
                    .anySatisfy(r -> assertThat(r.messages()).contains(new ChatRequest.Message("tool", "[\"11:00\"]")));
            assertThat(JUDGE_MODEL.requests()).as("the judge through LangChain4j").singleElement()
                    .satisfies(r -> assertThat(r.prompt()).contains("findSlots", "monday"));
        } finally {
            AGENT_MODEL.close();
            JUDGE_MODEL.close();
        }
    }
}
