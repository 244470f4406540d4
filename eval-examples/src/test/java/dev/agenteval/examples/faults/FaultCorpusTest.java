package dev.agenteval.examples.faults;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.agents.AgentClients;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.report.Reports;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.A2aWire;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.testkit.FakeChatModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault corpus (issue 8): a 200-case, two-turn run against an A2A agent and an LLM judge (the
 * testkit's {@link FakeA2aAgent} and {@link FakeChatModel}) that between them apply every fault of
 * {@link Fault} to a share of the turns, in turn 1 or turn 2. Each reads the {@link Fault#marker()}
 * of the request it serves (the agent from the message text, the judge from the scorer's criteria,
 * neither of which any other turn carries), counts the requests of that turn, and applies the
 * fault: on every request, or on the first only for the {@code *_ONCE} faults.
 * Nothing may be lost: every case ends with a result; every fault that retries cannot recover is
 * its typed failure on exactly the turn it hit (earlier turns passed, later ones never sent); every
 * fault that retries do recover leaves a passing case; the reports hold all 200 cases. The
 * agent's timeout is {@value #TIMEOUT_SECONDS} s and the stalled answers never come (they hang until
 * the fakes close), so a healthy answer keeps a wide margin on a loaded machine and a stalled one
 * never makes it; backoffs are milliseconds.
 */
class FaultCorpusTest {

    static final int CASES = 200;
    static final int TURNS = 2;
    static final int MAX_ATTEMPTS = 3;
    static final int VERDICT_RETRIES = 1;
    /** The agent's request timeout: far above a healthy local answer, far below a stalled one. */
    static final double TIMEOUT_SECONDS = 3.0;

    static final long HUGE_BODY_BYTES = 50L * 1024 * 1024;
    /** In a judge scorer's criteria: {@code judge-key=case-7/2} names the case and turn. */
    private static final Pattern JUDGE_KEY = Pattern.compile("judge-key=([\\w-]+/\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final FakeA2aAgent agentServer = FakeA2aAgent.start(A2aWire.V0_3).otherwise(this::agentReply);

    private final FakeChatModel judgeServer = FakeChatModel.start().models("judge-model").otherwise(this::judgeReply);

    @TempDir
    Path reports;

    @AfterEach
    void stop() {
        agentServer.close();
        judgeServer.close();
    }

    static Fault faultIn(String text) {
        Matcher m = Pattern.compile("fault=(\\w+)").matcher(text);
        return m.find() ? Fault.valueOf(m.group(1)) : Fault.NONE;
    }

    /** The agent: answers "ok: {text}" as a completed task unless the text names an agent fault. */
    private A2aReply agentReply(A2aRequest request) {
        String text = request.text();
        boolean first = agentCalls(text) == 1;
        A2aReply ok = A2aReply.completed("ok: " + text);
        A2aReply rateLimited = A2aReply.httpStatus(429, "slow down").header("Retry-After", "1");
        return switch (faultIn(text)) {
            case RATE_LIMITED_ONCE -> first ? rateLimited : ok;
            case RATE_LIMITED -> rateLimited;
            case SERVER_ERROR -> A2aReply.httpStatus(500, "{\"error\":\"agent crashed\"}");
            case BAD_GATEWAY_ONCE -> first ? A2aReply.httpStatus(502, "bad gateway") : ok;
            case BAD_GATEWAY -> A2aReply.httpStatus(502, "bad gateway");
            case UNAVAILABLE_ONCE -> first ? A2aReply.httpStatus(503, "unavailable") : ok;
            case UNAVAILABLE -> A2aReply.httpStatus(503, "unavailable");
            case RESET_ONCE -> first ? A2aReply.dropConnection() : ok;
            case RESET -> A2aReply.dropConnection();
            case CUT_MID_BODY -> ok.cutAfter(64);
            case SLOW_HEADERS -> A2aReply.hang();
            case STALLED_BODY -> ok.stallAfter(64);
            case MALFORMED_JSON -> A2aReply.malformedJson();
            case HUGE_BODY -> A2aReply.oversized(HUGE_BODY_BYTES);
            case RPC_ERROR -> A2aReply.rpcError(-32603, "Internal error");
            default -> ok;
        };
    }

    /** The judge: a passing verdict unless the criteria in the prompt name a judge fault. */
    private ChatReply judgeReply(ChatRequest request) {
        String key = judgeKey(request);
        ChatReply verdict = ChatReply.pass("Meets the criteria.").usage(100, 20);
        ChatReply garbage = ChatReply.text("Well, it depends on many things.").usage(100, 20);
        return switch (faultIn(request.prompt())) {
            case JUDGE_GARBAGE_ONCE -> judgeCalls(key) == 1 ? garbage : verdict;
            case JUDGE_GARBAGE -> garbage;
            case JUDGE_EMPTY -> ChatReply.text("").usage(100, 20);
            case JUDGE_NOT_JSON -> ChatReply.body("<html><body>502 Bad Gateway</body></html>")
                    .header("Content-Type", "text/html");
            case JUDGE_EMPTY_BODY -> ChatReply.body("");
            default -> verdict;
        };
    }

    private static String judgeKey(ChatRequest request) {
        Matcher key = JUDGE_KEY.matcher(request.prompt());
        if (!key.find()) {
            throw new IllegalStateException("the judge prompt holds no judge-key: " + request.prompt());
        }
        return key.group(1);
    }

    /** The messages of the turn whose input is {@code text} that the agent received so far. */
    private int agentCalls(String text) {
        return (int) agentServer.requests().stream().filter(r -> r.text().equals(text)).count();
    }

    /** The judge requests of the turn {@code key} ({@code case-7/2}) received so far. */
    private int judgeCalls(String key) {
        return (int) judgeServer.requests().stream().filter(r -> judgeKey(r).equals(key)).count();
    }

    /** What case {@code i} suffers: the faults in turn, each on turn 1 for one pass and turn 2 for the next. */
    record Plan(String id, Fault fault, int hitTurn) {
        static Plan of(int i) {
            Fault[] faults = Fault.values();
            return new Plan("case-" + i, faults[i % faults.length], 1 + (i / faults.length) % TURNS);
        }

        boolean hits(int turn) {
            return turn == hitTurn && fault != Fault.NONE;
        }

        String input(int turn) {
            return id + " turn " + turn + (hits(turn) && !fault.judge ? " " + fault.marker() : "");
        }

        String criteria(int turn) {
            return "Acknowledges the message. judge-key=" + id + "/" + turn + (hits(turn) && fault.judge ? " " + fault.marker() : "");
        }
    }

    private static List<Plan> plans() {
        List<Plan> plans = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            plans.add(Plan.of(i));
        }
        return plans;
    }

    private static Suite suite(List<Plan> plans) {
        Suite.Builder suite = Suite.named("fault-corpus");
        for (Plan p : plans) {
            Case.Builder c = Case.id(p.id());
            for (int t = 1; t <= TURNS; t++) {
                c.turn(Turn.of(p.input(t)).expect(contains("ok"), correctness(p.criteria(t))));
            }
            suite.add(c);
        }
        return suite.build();
    }

    @Test
    void should_end_every_case_with_its_typed_failure_on_the_hit_turn_or_a_pass_when_retries_recover() throws IOException {
        AgentClient agent = AgentClients.create("a2a", agentServer.url().resolve("/a2a"), Map.of(
                "version", "0.3", "requestTimeoutSeconds", Double.toString(TIMEOUT_SECONDS), "maxAttempts", Integer.toString(MAX_ATTEMPTS),
                "initialBackoffMillis", "1", "maxBackoffMillis", "20"), name -> null);
        OpenAiJudge judge = OpenAiJudge.builder().baseUrl(judgeServer.url()).model("judge-model")
                .apiKey("judge-key-not-a-secret").requestTimeout(Duration.ofSeconds(10))
                .retryPolicy(RetryPolicy.builder().maxAttempts(MAX_ATTEMPTS).initialBackoff(Duration.ofMillis(1))
                        .maxBackoff(Duration.ofMillis(20)).build())
                .verdictRetries(VERDICT_RETRIES).maxConcurrency(8).build();
        List<Plan> plans = plans();
        assertThat(plans).extracting(Plan::fault).containsAll(List.of(Fault.values()));

        SuiteResult result = EvalRunner.builder().agent(agent).judge(judge).environment(name -> null).concurrency(16)
                .sink(Reports.all(reports)).build().run(suite(plans));

        assertThat(result.complete()).isTrue();
        assertThat(result.cases()).extracting(CaseResult::id).containsExactlyElementsOf(plans.stream().map(Plan::id).toList());
        Map<Fault, Integer> seen = new EnumMap<>(Fault.class);
        for (Plan p : plans) {
            CaseResult c = result.find(p.id()).orElseThrow();
            if (p.fault().recovered()) {
                assertRecovered(p, c);
            } else if (p.fault().judge) {
                assertJudgeFailure(p, c);
            } else {
                assertAgentFailure(p, c);
            }
            seen.merge(p.fault(), 1, Integer::sum);
        }
        assertThat(seen).hasSize(Fault.values().length);
        assertReports(plans, result);
    }

    private void assertRecovered(Plan p, CaseResult c) {
        assertThat(c.status()).as("%s (%s, turn %d)", p.id(), p.fault(), p.hitTurn()).isEqualTo(CaseStatus.PASSED);
        assertThat(c.turns()).as(p.id()).hasSize(TURNS);
        for (TurnResult t : c.turns()) {
            assertThat(t.harnessFailure()).as("%s turn %d", p.id(), t.index()).isNull();
            assertThat(t.scores()).as("%s turn %d", p.id(), t.index()).allMatch(ScoreResult::passed).hasSize(2);
        }
        for (int t = 1; t <= TURNS; t++) {
            int agentExpected = p.hits(t) && !p.fault().judge ? p.fault().calls : 1;
            int judgeExpected = p.hits(t) && p.fault().judge ? p.fault().calls : 1;
            assertThat(agentCalls(p.input(t))).as("agent requests for %s turn %d (%s)", p.id(), t, p.fault())
                    .isEqualTo(agentExpected);
            assertThat(judgeCalls(p.id() + "/" + t)).as("judge requests for %s turn %d (%s)", p.id(), t, p.fault())
                    .isEqualTo(judgeExpected);
        }
    }

    private void assertAgentFailure(Plan p, CaseResult c) {
        String as = p.id() + " (" + p.fault() + " on turn " + p.hitTurn() + ")";
        assertThat(c.status()).as(as).isEqualTo(CaseStatus.ERRORED);
        List<TurnResult> turns = c.turns();
        assertThat(turns).as(as + ": turns recorded").hasSize(p.hitTurn());
        for (int t = 1; t < p.hitTurn(); t++) {
            assertThat(turns.get(t - 1).harnessFailure()).as(as + " turn " + t).isNull();
            assertThat(turns.get(t - 1).passed()).as(as + " turn " + t).isTrue();
        }
        TurnResult hit = turns.get(p.hitTurn() - 1);
        InfrastructureFailure f = hit.harnessFailure();
        assertThat(f).as(as + ": failure").isNotNull();
        assertThat(f.code()).as(as + ": code").isEqualTo(p.fault().code);
        assertThat(f.message()).as(as + ": message").contains(p.fault().message);
        assertThat(hit.scores()).as(as + ": no score on a turn without an answer").isEmpty();
        assertThat(agentCalls(p.input(p.hitTurn()))).as(as + ": requests of the hit turn").isEqualTo(p.fault().calls);
        for (int t = p.hitTurn() + 1; t <= TURNS; t++) {
            assertThat(agentCalls(p.input(t))).as(as + ": turn " + t + " must not be sent").isZero();
        }
    }

    private void assertJudgeFailure(Plan p, CaseResult c) {
        String as = p.id() + " (" + p.fault() + " on turn " + p.hitTurn() + ")";
        assertThat(c.status()).as(as).isEqualTo(CaseStatus.ERRORED);
        assertThat(c.turns()).as(as + ": turns recorded").hasSize(TURNS);
        for (TurnResult t : c.turns()) {
            assertThat(t.harnessFailure()).as(as + " turn " + t.index()).isNull();
            ScoreResult judged = t.scores().stream().filter(s -> s.type().equals("correctness")).findFirst().orElseThrow();
            ScoreResult substring = t.scores().stream().filter(s -> s.type().equals("contains")).findFirst().orElseThrow();
            assertThat(substring.passed()).as(as + " turn " + t.index() + ": contains").isTrue();
            if (t.index() == p.hitTurn()) {
                assertThat(judged.status()).as(as + ": judge score").isEqualTo(ScoreStatus.ERRORED);
                assertThat(judged.failure().code()).as(as + ": code").isEqualTo(p.fault().code);
                assertThat(judged.failure().message()).as(as + ": message").contains(p.fault().message);
            } else {
                assertThat(judged.passed()).as(as + " turn " + t.index() + ": judge score").isTrue();
            }
        }
        assertThat(judgeCalls(p.id() + "/" + p.hitTurn())).as(as + ": judge requests").isEqualTo(p.fault().calls);
    }

    private void assertReports(List<Plan> plans, SuiteResult result) throws IOException {
        JsonNode json = JSON.readTree(Files.readString(reports.resolve("results.json")));
        assertThat(json.path("complete").asBoolean(false)).isTrue();
        assertThat(json.path("summary").path("cases").asInt()).isEqualTo(CASES);
        long recovered = plans.stream().filter(p -> p.fault().recovered()).count();
        assertThat(json.path("summary").path("passed").asLong()).isEqualTo(recovered);
        assertThat(json.path("summary").path("errored").asLong()).isEqualTo(CASES - recovered);
        assertThat(json.path("cases")).hasSize(CASES);
        for (int i = 0; i < CASES; i++) {
            Plan p = plans.get(i);
            JsonNode c = json.path("cases").get(i);
            assertThat(c.path("id").asText()).isEqualTo(p.id());
            assertThat(c.path("status").asText()).as(p.id()).isEqualTo(result.cases().get(i).status().wireName());
            if (!p.fault().recovered()) {
                JsonNode hit = c.path("turns").get(p.hitTurn() - 1);
                String code = p.fault().judge
                        ? hit.path("scores").findValue("failure").path("code").asText()
                        : hit.path("harnessFailure").path("code").asText();
                assertThat(code).as("%s in results.json", p.id()).isEqualTo(p.fault().code.wireName());
            }
        }
        String junit = Files.readString(reports.resolve("junit.xml"));
        Matcher testcases = Pattern.compile("<testcase ").matcher(junit);
        int n = 0;
        while (testcases.find()) {
            n++;
        }
        assertThat(n).as("junit.xml test cases").isEqualTo(CASES);
        String markdown = Files.readString(reports.resolve("results.md"));
        for (Plan p : plans) {
            assertThat(Pattern.compile("\\b" + p.id() + "\\b").matcher(markdown).find()).as("%s in results.md", p.id()).isTrue();
        }
    }
}
