package dev.agenteval.springai;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.toolInvocation;
import static dev.agenteval.api.Scorers.trajectory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.judge.LlmJudge;
import dev.agenteval.judge.LlmUserSimulator;
import dev.agenteval.yaml.SuiteLoader;
import java.nio.file.Path;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A Spring AI agent with two tools evaluated by the runner, from a DSL suite and from the same suite
 * in YAML, the judge and the simulated user on Spring AI's chat model.
 */
class SpringAiEvalTest {

    private static final Pattern DAY = Pattern.compile("on (\\w+day)");
    private static final Pattern FIRST_SLOT = Pattern.compile("^\\[\"([^\"]+)\"");

    /** The agent's model: looks up the day's slots, books the first, then says what the booking tool answered. */
    private final FakeChatModel model = FakeChatModel.start().otherwise(SpringAiEvalTest::clinicModel);
    private final FakeChatModel judgeModel = FakeChatModel.start()
            .when("Decide whether the agent called its tools with correct arguments",
                    ChatReply.pass("freeSlots got the day asked for, book a slot it returned."));
    private final ClinicTools tools = new ClinicTools();

    @AfterEach
    void stop() {
        model.close();
        judgeModel.close();
    }

    static ChatReply clinicModel(ChatRequest request) {
        ChatRequest.Message last = request.messages().get(request.messages().size() - 1);
        if (last.role().equals("user")) {
            Matcher day = DAY.matcher(last.content());
            return day.find() ? ChatReply.toolCall("freeSlots", "{\"day\": \"" + day.group(1) + "\"}").usage(50, 5)
                    : ChatReply.text("Which day?");
        }
        Matcher slot = FIRST_SLOT.matcher(last.content());
        if (slot.find()) {
            return ChatReply.toolCall("book", "{\"slot\": \"" + slot.group(1) + "\"}").usage(60, 6);
        }
        return ChatReply.text("Done: " + last.content()).usage(70, 7);
    }

    /**
     * As clinic/eval/eval.yaml says it, one tool mocked per case: on tuesday the booking (the tool
     * scorers judge against the declared tools), on friday the slots the day has.
     */
    static Suite suite() {
        return Suite.named("clinic")
                .add(booking("tuesday", "tuesday 09:00", "mock booking B-42", toolInvocation())
                        .mocks(ToolMock.returning("book", "mock booking B-42"))
                        .tools(ToolSpec.of("freeSlots", "The free check-up slots on a day"),
                                ToolSpec.of("book", "Books a check-up slot")))
                .add(booking("friday", "friday 16:00", "booked friday 16:00")
                        .mocks(ToolMock.returning("freeSlots", List.of("friday 16:00")).when(Map.of("day", "friday"))))
                .build();
    }

    /** Books {@code slot}, the first of {@code day}: two calls, and the booking tool's {@code answer} in the reply. */
    private static Case.Builder booking(String day, String slot, String answer, ScorerSpec... more) {
        List<ScorerSpec> scorers = new ArrayList<>(List.of(
                trajectory(Trajectory.strict(ExpectedCall.of("freeSlots").withArgs(Map.of("day", day)),
                        ExpectedCall.of("book").withArgs(Map.of("slot", slot)))),
                contains(answer)));
        scorers.addAll(List.of(more));
        return Case.id(day).turn(Turn.of("Book me a check-up on " + day).expect(scorers));
    }

    @Test
    void theRunnerScoresTheToolCallsTheSpringAiAgentReallyMadeFromTheDsl() {
        assertScoredTheRealCalls(run(suite()));
    }

    @Test
    void theSameSuiteInYamlRunsAgainstTheSameAgentObject() throws Exception {
        Suite yaml = SuiteLoader.defaults().load(Path.of(getClass().getResource("/clinic/eval/eval.yaml").toURI()));

        assertScoredTheRealCalls(run(yaml));
    }

    @Test
    void aSimulatedUserThroughSpringAiTalksToTheAgentUntilItsGoalIsMet() {
        FakeChatModel userModel = FakeChatModel.start().enqueue(ChatReply.userTurn("Book me a check-up on monday"),
                ChatReply.goalMet("Thanks, that is all."));
        try (userModel) {
            Suite simulated = Suite.named("clinic-simulated").add(Case.id("simulated")
                    .simulate(Simulation.goal("Book a check-up on monday").maxTurns(3))).build();
            SpringAiAgent agent = SpringAiAgent.builder(FakeOpenAi.chatModel(model)).tools(tools).build();

            SpringAiChatBackend user = SpringAiChatBackend.of(FakeOpenAi.chatModel(userModel));
            SuiteResult result = EvalRunner.builder().agent(agent.client())
                    .simulator(LlmUserSimulator.builder().backend(user).build())
                    .build().run(simulated);

            CaseResult c = result.cases().get(0);
            assertThat(c.status()).as(c.reason()).isEqualTo(CaseStatus.PASSED);
            assertThat(c.turns().get(0).input()).isEqualTo("Book me a check-up on monday");
            assertThat(c.turns().get(0).toolCalls()).extracting(ToolCall::name).containsExactly("freeSlots", "book");
            assertThat(userModel.requests()).hasSize(2)
                    .allSatisfy(r -> assertThat(r.prompt()).contains("Book a check-up on monday"));
        }
    }

    @Test
    void anUnmockedCallWhereTheSuiteRequiresMocksFailsTheTurnAndTheToolNeverRuns() {
        Suite strict = Suite.named("clinic-strict").requireToolMocks()
                .add(Case.id("tuesday").mocks(ToolMock.returning("freeSlots", List.of("tuesday 09:00")))
                        .turn(Turn.of("Book me a check-up on tuesday").expect(contains("Done"))))
                .build();

        CaseResult c = run(strict).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(c.turns().get(0).toolCalls()).extracting(ToolCall::name, ToolCall::mocked, ToolCall::error)
                .containsExactly(tuple("freeSlots", true, null), tuple("book", false,
                        "tool 'book' is not mocked and the suite requires every tool to be mocked; it was not run"));
        assertThat(c.turns().get(0).scores()).anySatisfy(s -> {
            assertThat(s.status()).isEqualTo(ScoreStatus.FAILED);
            assertThat(s.reason()).contains("book");
        });
        assertThat(tools.bookings).hasValue(0);
        assertThat(tools.slotLookups).hasValue(0);
    }

    /** The agent over the fake model; the judge through Spring AI's OpenAI model on the judge's fake. */
    private SuiteResult run(Suite suite) {
        SpringAiAgent agent = SpringAiAgent.builder(FakeOpenAi.chatModel(model)).tools(tools).build();
        LlmJudge judge = LlmJudge.builder().backend(SpringAiChatBackend.of(FakeOpenAi.chatModel(judgeModel))).build();
        return EvalRunner.builder().agent(agent.client()).judge(judge).build().run(suite);
    }

    private void assertScoredTheRealCalls(SuiteResult result) {
        assertThat(result.cases()).extracting(CaseResult::id).containsExactlyInAnyOrder("tuesday", "friday");
        assertThat(result.cases()).allSatisfy(c ->
                assertThat(c.status()).as(c.id() + ": " + c.reason()).isEqualTo(CaseStatus.PASSED));
        CaseResult tuesday = result.cases().stream().filter(c -> c.id().equals("tuesday")).findFirst().orElseThrow();
        TurnResult turn = tuesday.turns().get(0);
        assertThat(turn.toolCalls()).containsExactly(
                new ToolCall("freeSlots", Map.of("day", "tuesday"), List.of("tuesday 09:00", "tuesday 11:00")),
                new ToolCall("book", Map.of("slot", "tuesday 09:00"), "mock booking B-42", null, true));
        CaseResult friday = result.cases().stream().filter(c -> c.id().equals("friday")).findFirst().orElseThrow();
        assertThat(friday.turns().get(0).toolCalls()).containsExactly(
                new ToolCall("freeSlots", Map.of("day", "friday"), List.of("friday 16:00"), null, true),
                new ToolCall("book", Map.of("slot", "friday 16:00"), "booked friday 16:00"));
        assertThat(turn.usage().totalTokens()).isEqualTo(198L);
        ScoreResult invocation = turn.scores().stream()
                .filter(s -> s.type().equals("toolInvocation")).findFirst().orElseThrow();
        assertThat(invocation.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(judgeModel.requests()).singleElement()
                .satisfies(r -> assertThat(r.prompt()).contains("freeSlots", "tuesday 09:00", "mock booking B-42"));
        assertThat(tools.bookings).as("real bookings: friday's").hasValue(1);
        assertThat(tools.slotLookups).as("real slot lookups: tuesday's").hasValue(1);
    }
}
