package dev.agenteval.judge;

import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.expectedOutputText;
import static dev.agenteval.api.Scorers.faithfulness;
import static dev.agenteval.api.Scorers.rubric;
import static dev.agenteval.api.Scorers.toolInvocation;
import static dev.agenteval.api.Scorers.toolSelection;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.Judge;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The judge scorers run through {@link EvalRunner} against a judge on the testkit's FakeChatModel. */
class JudgeScorersTest {

    private final FakeChatModel server = FastJudge.model();

    @AfterEach
    void stopModel() {
        server.close();
    }

    private final AtomicInteger agentCalls = new AtomicInteger();
    private final AtomicInteger judgeCalls = new AtomicInteger();

    private static final List<ToolSpec> TOOLS = List.of(ToolSpec.of("find_assets",
            "Find assets in the knowledge graph. Parameters: filter (string, required), limit (integer, optional)."));

    /** Answers each judge template by its first line, so every scorer gets its own verdict. */
    private void judgeReplies(Map<String, ChatReply> byTemplateStart) {
        Map<String, ChatReply> replies = new ConcurrentHashMap<>(byTemplateStart);
        server.otherwise(request -> {
            judgeCalls.incrementAndGet();
            String user = FastJudge.user(request);
            return replies.entrySet().stream().filter(e -> user.startsWith(e.getKey())).map(Map.Entry::getValue)
                    .findFirst().orElse(ChatReply.httpStatus(500, "{\"error\": " + FastJudge.JSON.getNodeFactory()
                            .textNode("no reply for " + user) + "}"));
        });
    }

    private InProcessAgent agent() {
        return InProcessAgent.of((conversation, message) -> {
            agentCalls.incrementAndGet();
            String text = message.text();
            if (text.startsWith("Find pumps")) {
                return AgentResponse.builder().text("Found P-101 and P-102.")
                        .toolCall(new ToolCall("find_assets", Map.of("filter", "pump"), Map.of("items", List.of("P-101", "P-102"))))
                        .build();
            }
            if (text.startsWith("Hi")) {
                return AgentResponse.ofText("Hello! I can look up assets and their maintenance history.");
            }
            if (text.startsWith("Why")) {
                return AgentResponse.ofText("P-101 is running normally.");
            }
            return AgentResponse.ofText("Paris is the capital of France.");
        });
    }

    private EvalRunner.Builder runner(Judge judge) {
        return EvalRunner.builder().agent(agent()).judge(judge).concurrency(2);
    }

    private static ScoreResult score(SuiteResult result, String caseId, String type) {
        CaseResult c = result.find(caseId).orElseThrow();
        return c.turns().get(0).scores().stream().filter(s -> s.type().equals(type)).findFirst().orElseThrow();
    }

    @Test
    void should_map_each_scorers_verdict_into_its_check_reason_value_and_usage() {
        judgeReplies(Map.of(
                "Decide whether the agent's answer to the question meets the criteria.",
                ChatReply.verdict(true, 0.9, "Greets the user and lists what it can do.").usage(100, 20),
                "Decide whether the agent's answer is faithful",
                ChatReply.verdict(false, 0.1, "Says P-101 is running; the ground truth says it was shut down."),
                "Decide whether the agent's answer is semantically equivalent",
                ChatReply.verdict(true, 1.0, "Same fact, same wording."),
                "Read the question, the agent's answer and the rubric",
                ChatReply.text("YES\n"),
                "Decide whether the agent chose appropriate tools",
                ChatReply.verdict(true, 0.8, "find_assets is the right tool."),
                "Decide whether the agent called its tools with correct arguments",
                ChatReply.text("{\"score\": 0.25, \"reason\": \"filter should name pumps precisely\"}")));
        Suite suite = Suite.named("judged")
                .add(Case.id("greeting").turn(Turn.of("Hi, what can you help me with?")
                        .expect(correctness("A friendly greeting that briefly explains what this agent can help with."))))
                .add(Case.id("pump-status").turn(Turn.of("Why is P-101 down?")
                        .expect(faithfulness("Pump P-101 was shut down on 2024-03-15 due to bearing wear."))))
                .add(Case.id("capital").turn(Turn.of("What is the capital of France?")
                        .expect(expectedOutputText("Paris is the capital of France."), rubric("Names Paris."))))
                .add(Case.id("find-pumps").tools(TOOLS).turn(Turn.of("Find pumps")
                        .expect(toolSelection(), toolInvocation())))
                .build();

        SuiteResult result = runner(OpenAiJudge.builder().baseUrl(server.url()).model("judge-model").build())
                .build().run(suite);

        ScoreResult correctness = score(result, "greeting", "correctness");
        String detail = "judge judge-model: Greets the user and lists what it can do. (score 0.90)";
        assertThat(correctness.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(correctness.value()).isEqualTo(0.9);
        assertThat(correctness.reason()).isEqualTo(detail);
        assertThat(correctness.checks()).containsExactly(new Check("meets the criteria", true, detail));
        assertThat(correctness.usage()).isEqualTo(Usage.tokens(100, 20).withModel("judge-model"));
        assertThat(result.find("greeting").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);

        ScoreResult faithfulness = score(result, "pump-status", "faithfulness");
        assertThat(faithfulness.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(faithfulness.value()).isEqualTo(0.1);
        assertThat(faithfulness.checks()).containsExactly(new Check("faithful to the ground truth", false,
                "judge judge-model: Says P-101 is running; the ground truth says it was shut down. (score 0.10)"));
        assertThat(result.find("pump-status").orElseThrow().turns().get(0).failedChecks()).containsExactly(
                "faithfulness 'faithful to the ground truth': judge judge-model: Says P-101 is running; the ground truth"
                        + " says it was shut down. (score 0.10)");
        assertThat(result.find("pump-status").orElseThrow().status()).isEqualTo(CaseStatus.FAILED);

        assertThat(score(result, "capital", "expected_output_text").checks()).containsExactly(new Check(
                "equivalent to the reference answer", true, "judge judge-model: Same fact, same wording. (score 1.00)"));
        assertThat(score(result, "capital", "rubric").checks()).containsExactly(new Check(
                "meets the rubric", true, "judge judge-model: (the judge gave no reason) (score 1.00)"));

        assertThat(score(result, "find-pumps", "toolSelection").checks()).containsExactly(new Check(
                "chose appropriate tools", true, "judge judge-model: find_assets is the right tool. (score 0.80)"));
        ScoreResult invocation = score(result, "find-pumps", "toolInvocation");
        assertThat(invocation.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(invocation.checks()).containsExactly(new Check("called tools with correct arguments", false,
                "judge judge-model: filter should name pumps precisely (score 0.25)"));
        assertThat(result.find("find-pumps").orElseThrow().turns().get(0).usage()).as("the agent's usage stays apart").isNull();

        assertThat(Reports.render("md", result)).contains("Says P-101 is running; the ground truth says it was shut down.");
        assertThat(Reports.render("json", result)).contains("filter should name pumps precisely");
        assertThat(judgeCalls.get()).isEqualTo(6);
    }

    @Test
    void should_skip_tool_scorers_with_a_recorded_reason_when_no_tools_resolve() {
        judgeReplies(Map.of("Decide whether the agent's answer to the question meets the criteria.", ChatReply.verdict(true, 1.0, "ok"),
                "Decide whether the agent chose appropriate tools", ChatReply.verdict(true, 1.0, "ok")));
        Suite suite = Suite.named("tools")
                .add(Case.id("only-tools").turn(Turn.of("Find pumps").expect(toolSelection(), toolInvocation())))
                .add(Case.id("mixed").turn(Turn.of("Find pumps").expect(toolSelection(), correctness("Lists pumps"))))
                .add(Case.id("scorer-tools").turn(Turn.of("Find pumps").expect(toolSelection().withTools(TOOLS))))
                .build();

        SuiteResult result = runner(OpenAiJudge.builder().baseUrl(server.url()).model("judge-model").build())
                .build().run(suite);

        ScoreResult skipped = score(result, "only-tools", "toolSelection");
        assertThat(skipped.status()).isEqualTo(ScoreStatus.SKIPPED);
        assertThat(skipped.reason()).isEqualTo("skipped: no tools resolved for 'toolSelection'; declare tools on the"
                + " scorer, the case or the suite");
        assertThat(score(result, "only-tools", "toolInvocation").status()).isEqualTo(ScoreStatus.SKIPPED);
        assertThat(result.find("only-tools").orElseThrow().status()).as("only skipped scorers is not a pass")
                .isEqualTo(CaseStatus.FAILED);
        assertThat(score(result, "mixed", "toolSelection").status()).isEqualTo(ScoreStatus.SKIPPED);
        assertThat(result.find("mixed").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        assertThat(score(result, "scorer-tools", "toolSelection").status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(judgeCalls.get()).isEqualTo(2);
    }

    @Test
    void should_record_garbage_from_the_judge_as_an_errored_score_with_judge_error() {
        judgeReplies(Map.of("Decide", ChatReply.text("As an AI language model, I find this fascinating.")));
        Suite suite = Suite.named("garbage").add(Case.id("c").turn(Turn.of("Hi").expect(correctness("Greets")))).build();

        SuiteResult result = runner(OpenAiJudge.builder().baseUrl(server.url()).model("judge-model")
                .verdictRetries(1).build()).build().run(suite);

        ScoreResult s = score(result, "c", "correctness");
        assertThat(s.status()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(s.failure().code()).isEqualTo(FailureCode.JUDGE_ERROR);
        assertThat(s.reason()).startsWith("judge 'judge-model' gave no clear verdict on 'correctness' in 2 replies");
        assertThat(s.checks()).isEmpty();
        assertThat(result.find("c").orElseThrow().status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(judgeCalls.get()).isEqualTo(2);
    }

    @Test
    void should_stop_before_any_agent_call_when_the_judge_preflight_fails() {
        Suite suite = Suite.named("s").add(Case.id("c").turn(Turn.of("Hi").expect(correctness("Greets")))).build();
        Judge keyless = OpenAiJudge.builder().baseUrl(server.url()).model("judge-model")
                .apiKeyFromEnvironment("AGENT_EVAL_JUDGE_API_KEY", name -> null).requireApiKey(true).build();
        server.models(ChatReply.httpStatus(500, "{\"error\": \"down\"}"));
        Judge down = OpenAiJudge.builder().baseUrl(server.url()).model("judge-model")
                .retryPolicy(dev.agenteval.http.RetryPolicy.none()).build();

        assertThatThrownBy(() -> runner(keyless).build().run(suite))
                .isInstanceOf(JudgeException.class)
                .hasMessage("judge 'judge-model' has no API key, and " + server.url() + "/ needs one: set the"
                        + " environment variable AGENT_EVAL_JUDGE_API_KEY (a server on localhost needs none)");
        assertThatThrownBy(() -> runner(down).build().run(suite))
                .isInstanceOf(JudgeException.class)
                .hasMessageStartingWith("judge endpoint " + server.url() + "/ does not answer: GET ")
                .hasMessageContaining("answered 500");
        assertThat(agentCalls.get()).isZero();
        assertThat(server.requestCount()).as("only the preflight GET, no chat request").isZero();
    }

    @Test
    void should_use_the_cache_across_runs_and_bypass_it_when_cases_repeat(@TempDir Path cache) {
        judgeReplies(Map.of("Decide", ChatReply.verdict(true, 1.0, "ok")));
        Suite suite = Suite.named("cached").add(Case.id("c").turn(Turn.of("Hi").expect(correctness("Greets")))).build();
        Judge judge = OpenAiJudge.builder().baseUrl(server.url()).model("judge-model").cacheDirectory(cache).build();

        assertThat(runner(judge).build().run(suite).allPassed()).isTrue();
        assertThat(runner(judge).build().run(suite).allPassed()).isTrue();
        int afterTwoRuns = judgeCalls.get();
        SuiteResult repeated = runner(judge).repeat(3).build().run(suite);

        assertThat(afterTwoRuns).as("the second run is served from the cache").isEqualTo(1);
        assertThat(judgeCalls.get()).as("each repeat is judged afresh").isEqualTo(1 + 3);
        assertThat(repeated.find("c").orElseThrow().attempts()).hasSize(3);
    }

    @Test
    void should_ask_the_judge_as_many_times_as_a_scorers_samples() {
        AtomicInteger n = new AtomicInteger();
        server.otherwise(request -> {
            judgeCalls.incrementAndGet();
            return (n.incrementAndGet() == 2 ? ChatReply.verdict(false, 0.0, "no") : ChatReply.verdict(true, 1.0, "yes"))
                    .usage(100, 20);
        });
        Suite suite = Suite.named("s").add(Case.id("c").turn(Turn.of("Hi")
                .expect(correctness("Greets").with("samples", 3)))).build();

        SuiteResult result = runner(OpenAiJudge.builder().baseUrl(server.url()).model("judge-model").build())
                .build().run(suite);

        ScoreResult s = score(result, "c", "correctness");
        assertThat(s.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(s.reason()).isEqualTo("judge judge-model: yes (2 of 3 samples passed) (score 1.00, agreement 0.67)");
        assertThat(s.usage()).isEqualTo(Usage.tokens(300, 60).withModel("judge-model"));
        assertThat(judgeCalls.get()).isEqualTo(3);
    }

    @Test
    void should_never_send_the_ground_truth_to_the_agent() {
        judgeReplies(Map.of("Decide", ChatReply.verdict(true, 1.0, "ok")));
        StringBuilder seen = new StringBuilder();
        InProcessAgent agent = InProcessAgent.of((c, m) -> {
            seen.append(m.text()).append(c.request());
            return AgentResponse.ofText("Shut down for bearing wear.");
        });
        Suite suite = Suite.named("s").add(Case.id("c").turn(Turn.of("Why is P-101 down?")
                .expect(faithfulness("SECRET-GROUND-TRUTH bearing wear")))).build();

        EvalRunner.builder().agent(agent).judge(OpenAiJudge.builder().baseUrl(server.url()).model("m").build())
                .build().run(suite);

        assertThat(seen).isNotEmpty().doesNotContain("SECRET-GROUND-TRUTH");
    }

    @Test
    void should_validate_parameters_before_anything_is_sent() {
        Suite suite = Suite.named("s").add(Case.id("c").turn(Turn.of("Hi").expect(
                ScorerSpec.of("correctness"), ScorerSpec.of("rubric", Map.of("rubric", " ")),
                correctness("Greets").with("samples", 2), toolSelection().with("tool", "x")))).build();

        assertThatThrownBy(() -> runner(OpenAiJudge.builder().baseUrl(server.url()).model("m").build()).build().run(suite))
                .hasMessageContaining("case 'c' turn 1: scorer 'correctness' needs 'criteria' (a non-blank string)")
                .hasMessageContaining("case 'c' turn 1: scorer 'rubric' 'rubric' must be a non-blank string but was \" \"")
                .hasMessageContaining("case 'c' turn 1: scorer 'correctness' 'samples' must be an odd number from 1 to 99 but was 2")
                .hasMessageContaining("case 'c' turn 1: scorer 'toolSelection' unknown parameter 'tool' (known: samples, undecidedBetween)");
        assertThat(agentCalls.get()).isZero();
        assertThat(server.requestCount()).isZero();
    }
}
