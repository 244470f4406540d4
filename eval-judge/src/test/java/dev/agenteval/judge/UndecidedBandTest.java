package dev.agenteval.judge;

import dev.agenteval.results.ResultsFile;
import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.report.Reports;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The undecided band end to end: a judge scoring 0.55 with verdict "pass" passes a case without a
 * band, and leaves a case with {@code undecidedBetween(0.4, 0.7)} undecided, which every report
 * counts apart from passes and failures and never as a pass.
 */
class UndecidedBandTest {

    private final FakeChatModel server = FastJudge.model();

    @AfterEach
    void stopModel() {
        server.close();
    }

    @TempDir
    Path dir;

    private SuiteResult result;

    @BeforeEach
    void run() {
        server.otherwise(ChatReply.verdict(true, 0.55, "half right"));
        Suite suite = Suite.named("band")
                .add(Case.id("plain").turn(Turn.of("Capital of France?").expect(correctness("Names Paris"))))
                .add(Case.id("banded").turn(Turn.of("Capital of France?")
                        .expect(mustInclude("Paris"), correctness("Names Paris").undecidedBetween(0.4, 0.7))))
                .add(Case.id("banded-failing").turn(Turn.of("Capital of France?")
                        .expect(mustInclude("Lyon"), correctness("Names Paris").undecidedBetween(0.4, 0.7))))
                .build();
        result = EvalRunner.builder().agent(InProcessAgent.of((c, m) -> AgentResponse.ofText("Paris, I think.")))
                .judge(FastJudge.on(server).build()).sink(Reports.all(dir)).build().run(suite);
    }

    @Test
    void should_leave_a_score_inside_the_band_undecided_and_the_case_not_passed() {
        assertThat(result.find("plain").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        ScoreResult banded = result.find("banded").orElseThrow().turns().get(0).scores().get(1);
        assertThat(banded.status()).isEqualTo(ScoreStatus.UNDECIDED);
        assertThat(banded.passed()).isFalse();
        assertThat(banded.value()).isEqualTo(0.55);
        assertThat(banded.reason()).startsWith("undecided: score 0.55 is within [0.4, 0.7]; judge judge-model: half right");
        assertThat(result.find("banded").orElseThrow().status()).isEqualTo(CaseStatus.UNDECIDED);
        // A failed check wins over an undecided score.
        assertThat(result.find("banded-failing").orElseThrow().status()).isEqualTo(CaseStatus.FAILED);
        assertThat(result.summary()).isEqualTo(new Summary(3, 1, 1, 0, 0, 1));
        assertThat(result.summary().passRate()).isEqualTo(1.0 / 3);
    }

    @Test
    void should_count_undecided_apart_in_every_report_format() throws Exception {
        String json = Files.readString(dir.resolve(ResultsFile.FILE_NAME));
        assertThat(json).contains("\"passed\": 1", "\"failed\": 1", "\"undecided\": 1", "\"status\": \"undecided\"");

        String md = Files.readString(dir.resolve("results.md"));
        assertThat(md).contains("| Cases | Passed | Failed | Errored | Skipped | Undecided | Pass rate |",
                "| 3 | 1 | 1 | 0 | 0 | 1 | 33.3% (95% CI 6–79%) |", "❔ undecided");

        String xml = Files.readString(dir.resolve("junit.xml"));
        assertThat(xml).contains("tests=\"3\"", "failures=\"2\"", "type=\"undecided\"");

        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("<span class=\"badge undecided\">1 undecided</span>", "? undecided");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Reports.console(new PrintStream(out, true, StandardCharsets.UTF_8)).write(result);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("1 passed, 1 failed, 0 errored, 0 skipped, 1 undecided",
                "UNDEC banded");
    }

    @Test
    void should_read_undecided_back_from_results_json() {
        SuiteResult read = ResultsFile.read(dir.resolve(ResultsFile.FILE_NAME));

        assertThat(read.find("banded").orElseThrow().status()).isEqualTo(CaseStatus.UNDECIDED);
        assertThat(read.find("banded").orElseThrow().turns().get(0).scores().get(1).status())
                .isEqualTo(ScoreStatus.UNDECIDED);
        assertThat(read.summary()).isEqualTo(result.summary());
    }

    @Test
    void should_refuse_a_band_outside_zero_to_one_in_the_dsl() {
        assertThatThrownBy(() -> correctness("x").undecidedBetween(0.7, 0.4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 <= low <= high <= 1 but was [0.7, 0.4]");
        assertThatThrownBy(() -> correctness("x").undecidedBetween(-0.1, 0.4))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
