package dev.agenteval.langchain4j;

import static dev.agenteval.api.Scorers.goalCompletion;
import static dev.agenteval.api.Scorers.toolInvocation;
import static dev.agenteval.api.Scorers.trajectory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.judge.LlmJudge;
import dev.agenteval.judge.LlmUserSimulator;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A LangChain4j agent with two tools evaluated by the runner from a DSL suite: {@code trajectory}
 * and {@code toolInvocation} score the calls the AI Service really made; the judge and the
 * simulated user talk to LangChain4j chat models through {@link LangChain4jChatBackend}.
 */
class LangChain4jEvalTest {

    private final FakeChatModel agentModel = FakeChatModel.start();
    private final FakeChatModel judgeModel = FakeChatModel.start();
    private final LangChain4jAgentTest.Clinic clinic = new LangChain4jAgentTest.Clinic();

    @AfterEach
    void stop() {
        agentModel.close();
        judgeModel.close();
    }

    /**
     * The clinic's model: for "... on DAY", find the day's slots, book the first, then answer;
     * each step reports usage.
     */
    static ChatReply clinicModel(ChatRequest request) {
        String user = request.lastUserMessage();
        String day = user.substring(user.lastIndexOf(' ') + 1).toLowerCase(java.util.Locale.ROOT);
        List<ChatRequest.Message> messages = request.messages();
        long toolResults = messages.subList(lastUser(messages), messages.size()).stream()
                .filter(m -> m.role().equals("tool")).count();
        if (toolResults == 0) {
            return ChatReply.toolCall("findSlots", "{\"day\": \"" + day + "\"}").usage(100, 10);
        }
        if (toolResults == 1) {
            return ChatReply.toolCall("book", "{\"day\": \"" + day + "\", \"time\": \"09:00\"}").usage(120, 12);
        }
        return ChatReply.text("Booked " + day + " at 09:00.").usage(150, 20);
    }

    private static int lastUser(List<ChatRequest.Message> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role().equals("user")) {
                return i;
            }
        }
        return 0;
    }

    /** The judge through LangChain4j: agent-eval's judge prompts and parsing, LangChain4j's OpenAI chat model. */
    private Judge judge() {
        return LlmJudge.builder().backend(LangChain4jChatBackend.of(OpenAiChatModel.builder()
                .baseUrl(judgeModel.url().toString()).apiKey("judge-key").modelName("judge-model").maxRetries(0).build()))
                .build();
    }

    private LangChain4jAgent agent() {
        return LangChain4jAgent.builder(LangChain4jAgentTest.Assistant.class)
                .chatModel(LangChain4jAgentTest.model(agentModel)).tools(clinic).build();
    }

    private static Case.Builder booking(String day, ExpectedCall... calls) {
        return Case.id("books-" + day)
                .tools(ToolSpec.of("findSlots", "Finds the free slots of a day (day)"),
                        ToolSpec.of("book", "Books a slot (day, time)"))
                .turn(Turn.of("Book me a slot on " + day).expect(trajectory(Trajectory.strict(calls)), toolInvocation()));
    }

    @Test
    void trajectory_and_tool_invocation_score_the_calls_the_ai_service_made_with_one_tool_mocked_per_case() {
        agentModel.otherwise(LangChain4jEvalTest::clinicModel);
        judgeModel.otherwise(ChatReply.pass("The right tools with the right arguments.").usage(500, 30));
        Suite suite = Suite.named("clinic")
                .add(booking("monday", ExpectedCall.of("findSlots").withArgs(Map.of("day", "monday")),
                        ExpectedCall.of("book").withArgs(Map.of("day", "monday", "time", "09:00")))
                        .mocks(ToolMock.returning("book", Map.of("confirmation", "MOCK-monday"))))
                .add(booking("tuesday", ExpectedCall.of("findSlots").withArgs(Map.of("day", "tuesday")),
                        ExpectedCall.of("book").withArgs(Map.of("day", "tuesday")))
                        .mocks(ToolMock.returning("findSlots", List.of("09:00")).when(Map.of("day", "tuesday"))))
                .add(booking("friday", ExpectedCall.of("findSlots"), ExpectedCall.of("cancel"))
                        .mocks(ToolMock.returning("book", "booked")))
                .build();

        SuiteResult result = EvalRunner.builder().agent(agent().client()).judge(judge()).build().run(suite);

        assertThat(result.cases()).extracting(CaseResult::id, CaseResult::status).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("books-monday", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("books-tuesday", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("books-friday", CaseStatus.FAILED));
        TurnResult monday = turn(result, "books-monday");
        assertThat(monday.toolCalls()).containsExactly(
                new ToolCall("findSlots", Map.of("day", "monday"), List.of("09:00", "10:30")),
                new ToolCall("book", Map.of("day", "monday", "time", "09:00"), Map.of("confirmation", "MOCK-monday"),
                        null, true));
        assertThat(turn(result, "books-tuesday").toolCalls()).extracting(ToolCall::name, ToolCall::mocked)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("findSlots", true),
                        org.assertj.core.groups.Tuple.tuple("book", false));
        assertThat(clinic.searches).as("findSlots ran for monday and friday, mocked for tuesday").hasValue(2);
        assertThat(clinic.bookings).as("book ran for tuesday only").hasValue(1);
        assertThat(agentModel.requests()).as("the model read the mocked booking")
                .anySatisfy(r -> assertThat(r.messages()).contains(
                        new ChatRequest.Message("tool", "{\"confirmation\":\"MOCK-monday\"}")));
        assertThat(monday.usage().inputTokens()).isEqualTo(370L);
        assertThat(monday.usage().model()).isEqualTo("gpt-test");
        assertThat(monday.scores()).extracting(ScoreResult::type).containsExactly("trajectory", "toolInvocation");
        assertThat(monday.scores()).allMatch(ScoreResult::passed);
        ScoreResult friday = turn(result, "books-friday").scores().get(0);
        assertThat(friday.passed()).isFalse();
        assertThat(friday.reason()).contains("cancel");
        assertThat(monday.scores().get(1).usage()).isEqualTo(new Usage(500L, 30L, null, null, "judge-model", false));
        assertThat(judgeModel.requests()).as("the judge, through LangChain4j, read the real calls").hasSize(3)
                .allSatisfy(r -> assertThat(r.model()).isEqualTo("judge-model"))
                .anySatisfy(r -> assertThat(r.prompt()).contains("findSlots", "\"monday\""));
    }

    @Test
    void where_the_suite_requires_every_tool_mocked_an_unmocked_call_is_not_run_and_fails_its_turn() {
        agentModel.otherwise(LangChain4jEvalTest::clinicModel);
        Suite suite = Suite.named("clinic").requireToolMocks()
                .mocks(ToolMock.returning("findSlots", List.of("09:00")))
                .add(Case.id("books-monday").turn(Turn.of("Book me a slot on monday")
                        .expect(trajectory(Trajectory.strict(ExpectedCall.of("findSlots"), ExpectedCall.of("book"))))))
                .build();

        SuiteResult result = EvalRunner.builder().agent(agent().client()).build().run(suite);

        CaseResult monday = result.cases().get(0);
        assertThat(monday.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(monday.turns().get(0).scores()).extracting(ScoreResult::type).contains("tools_mocked");
        assertThat(monday.reason()).contains("book");
        assertThat(clinic.searches).hasValue(0);
        assertThat(clinic.bookings).as("the unmocked booking tool ran").hasValue(0);
    }

    @Test
    void a_simulated_user_and_the_judge_talk_to_langchain4j_chat_models() {
        agentModel.otherwise(LangChain4jEvalTest::clinicModel);
        judgeModel.otherwise(ChatReply.pass("The patient got a check-up on Friday."));
        try (FakeChatModel userModel = FakeChatModel.start()) {
            userModel.enqueue(ChatReply.userTurn("Book me a check-up on Friday"), ChatReply.goalMet("Thanks, bye."));
            UserSimulator simulator = LlmUserSimulator.builder().backend(LangChain4jChatBackend.of(OpenAiChatModel
                    .builder().baseUrl(userModel.url().toString()).apiKey("user-key").modelName("user-model")
                    .maxRetries(0).build())).build();
            Suite suite = Suite.named("clinic-chat").add(Case.id("books-by-chat")
                    .simulate(Simulation.goal("Book a check-up on Friday").persona("A patient").maxTurns(3))
                    .expectConversation(goalCompletion())).build();

            SuiteResult result = EvalRunner.builder().agent(agent().client()).judge(judge()).simulator(simulator)
                    .build().run(suite);

            CaseResult chat = result.cases().get(0);
            assertThat(chat.status()).as(chat.reason()).isEqualTo(CaseStatus.PASSED);
            assertThat(chat.turns().get(0).input()).isEqualTo("Book me a check-up on Friday");
            assertThat(chat.turns().get(0).toolCalls()).extracting(ToolCall::name).containsExactly("findSlots", "book");
            assertThat(userModel.requests()).isNotEmpty().allSatisfy(r -> assertThat(r.model()).isEqualTo("user-model"));
            assertThat(userModel.requests().get(0).prompt()).contains("Book a check-up on Friday");
            assertThat(judgeModel.requests()).singleElement().satisfies(r -> assertThat(r.prompt()).contains("Booked friday"));
        }
    }

    private static TurnResult turn(SuiteResult result, String caseId) {
        return result.cases().stream().filter(c -> c.id().equals(caseId)).findFirst().orElseThrow().turns().get(0);
    }
}
