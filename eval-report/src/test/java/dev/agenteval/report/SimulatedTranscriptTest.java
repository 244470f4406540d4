package dev.agenteval.report;

import dev.agenteval.results.ResultsFile;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.UserSimulator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transcript of a simulated conversation (each generated user message and the agent's reply),
 * its stop reason and its conversation scores in every report, and read back from results.json.
 */
class SimulatedTranscriptTest {

    private static final List<String> SAID = List.of("I want my money back", "It was order 42");
    private static final List<String> ANSWERED = List.of("Which order is it about", "Refund issued for order 42");

    @TempDir
    static Path dir;

    private static SuiteResult result;
    private static String console;

    @BeforeAll
    static void run() {
        InProcessAgent agent = InProcessAgent.of((c, m) -> m.text().contains("42")
                ? AgentResponse.builder().text(ANSWERED.get(1)).state(TaskState.COMPLETED).build()
                : AgentResponse.builder().text(ANSWERED.get(0)).state(TaskState.INPUT_REQUIRED).build());
        UserSimulator simulator = request -> request.turn() <= SAID.size()
                ? SimulatedTurn.say(SAID.get(request.turn() - 1)) : SimulatedTurn.goalMet("refunded");
        ScorerSpec retained = ScorerSpec.inline("retained_order", ctx -> ScoreResult.ofChecks("retained_order",
                ctx.transcript().size() == 2 ? Check.pass("two turns") : Check.fail("two turns", "other")));
        Suite suite = Suite.named("sim").add(Case.id("refund").simulate(Simulation.goal("Get a refund").maxTurns(4))
                .expectConversation(retained)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        result = EvalRunner.builder().agent(agent).simulator(simulator).environment(n -> null)
                .sink(Reports.sink("json", dir.resolve("results.json")))
                .sink(Reports.sink("md", dir.resolve("results.md"),
                        ReportOptions.none().with(Reports.Detail.class, Reports.Detail.VERBOSE)))
                .sink(Reports.sink("junit", dir.resolve("junit.xml")))
                .sink(Reports.sink("html", dir.resolve("report.html")))
                .sink(Reports.console(new PrintStream(out, true, StandardCharsets.UTF_8), true, false, null, Confidence.DEFAULT))
                .build().run(suite);
        console = out.toString(StandardCharsets.UTF_8);
    }

    private static void assertTranscript(String report) {
        assertThat(report).contains(SAID.get(0), SAID.get(1), ANSWERED.get(0), ANSWERED.get(1),
                "stopped: goal_met", "retained_order");
        assertThat(report.indexOf(SAID.get(0))).isLessThan(report.indexOf(SAID.get(1)));
    }

    @Test
    void should_run_the_simulated_case() {
        assertThat(result.cases().get(0).passed()).isTrue();
    }

    @Test
    void should_write_the_transcript_into_every_report() throws Exception {
        for (String file : List.of("results.json", "results.md", "junit.xml", "report.html")) {
            assertTranscript(Files.readString(dir.resolve(file)));
        }
        assertTranscript(console);
        assertThat(Files.readString(dir.resolve("results.json"))).contains("\"stopReason\": \"goal_met\"");
    }

    @Test
    void should_read_the_transcript_and_stop_reason_back_from_results_json() {
        CaseResult read = ResultsFile.read(dir.resolve("results.json")).cases().get(0);

        assertThat(read.attempts().get(0).stopReason()).isEqualTo("goal_met");
        assertThat(read.turns()).extracting(TurnResult::input).containsExactly(SAID.get(0), SAID.get(1),
                "(the whole conversation: 2 turns, stopped: goal_met)");
        assertThat(read.turns()).extracting(TurnResult::answer).containsExactly(ANSWERED.get(0), ANSWERED.get(1), null);
        assertThat(read.turns().get(2).isConversation()).isTrue();
        assertThat(read.turns().get(2).scores()).extracting(ScoreResult::type).containsExactly("retained_order");
    }
}
