package dev.agenteval.examples.faults;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault corpus (issue 8): a 200-case, two-turn run against an A2A agent and an LLM judge that
 * between them apply every fault of {@link Fault} to a share of the turns, in turn 1 or turn 2.
 * Nothing may be lost: every case ends with a result; every fault that retries cannot recover is
 * its typed failure on exactly the turn it hit (earlier turns passed, later ones never sent); every
 * fault that retries do recover leaves a passing case; the reports hold all 200 cases. The
 * agent's timeout is {@value #TIMEOUT_SECONDS} s and the stalled answers take 10 s, so a healthy
 * answer keeps a wide margin on a loaded machine and a stalled one never makes it; backoffs are
 * milliseconds.
 */
class FaultCorpusTest {

    static final int CASES = 200;
    static final int TURNS = 2;
    static final int MAX_ATTEMPTS = 3;
    static final int VERDICT_RETRIES = 1;
    /** The agent's request timeout: far above a healthy local answer, far below a stalled one. */
    static final double TIMEOUT_SECONDS = 3.0;

    @StartStop
    private final MockWebServer agentServer = new MockWebServer();

    @StartStop
    private final MockWebServer judgeServer = new MockWebServer();

    @TempDir
    Path reports;

    private final FaultyServers.Calls agentCalls = new FaultyServers.Calls();
    private final FaultyServers.Calls judgeCalls = new FaultyServers.Calls();

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
        agentServer.setDispatcher(FaultyServers.agent(agentCalls));
        judgeServer.setDispatcher(FaultyServers.judge(judgeCalls));
        AgentClient agent = AgentClients.create("a2a", URI.create(agentServer.url("/a2a").toString()), Map.of(
                "version", "0.3", "requestTimeoutSeconds", Double.toString(TIMEOUT_SECONDS), "maxAttempts", Integer.toString(MAX_ATTEMPTS),
                "initialBackoffMillis", "1", "maxBackoffMillis", "20"), name -> null);
        OpenAiJudge judge = OpenAiJudge.builder().baseUrl(judgeServer.url("/v1").toString()).model("judge-model")
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
            assertThat(agentCalls.get(p.input(t))).as("agent requests for %s turn %d (%s)", p.id(), t, p.fault())
                    .isEqualTo(agentExpected);
            assertThat(judgeCalls.get(p.id() + "/" + t)).as("judge requests for %s turn %d (%s)", p.id(), t, p.fault())
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
        assertThat(agentCalls.get(p.input(p.hitTurn()))).as(as + ": requests of the hit turn").isEqualTo(p.fault().calls);
        for (int t = p.hitTurn() + 1; t <= TURNS; t++) {
            assertThat(agentCalls.get(p.input(t))).as(as + ": turn " + t + " must not be sent").isZero();
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
        assertThat(judgeCalls.get(p.id() + "/" + p.hitTurn())).as(as + ": judge requests").isEqualTo(p.fault().calls);
    }

    private void assertReports(List<Plan> plans, SuiteResult result) throws IOException {
        JsonNode json = FaultyServers.tree(Files.readString(reports.resolve("results.json")));
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
