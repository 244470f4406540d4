package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.report.Reports;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent-eval calibrate} against a deterministic OpenAI-compatible judge on 127.0.0.1. */
class CalibrateCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "judge-key-1234";
    private static final Pattern TOKEN = Pattern.compile("ANSWER-(pass|fail|half|down|garbage)");

    private final FakeChatModel judge = FakeChatModel.start().models("judge-model");

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void judgeAnswersByTheTokenInTheAnswer() {
        judge.otherwise(request -> {
            Matcher m = TOKEN.matcher(request.body());
            String token = m.find() ? m.group(1) : "fail";
            if (token.equals("down")) {
                return ChatReply.httpStatus(500, "{\"error\": \"judge down\"}");
            }
            if (token.equals("garbage")) {
                return ChatReply.text("I would rather not say.").usage(10, 5);
            }
            double score = switch (token) {
                case "pass" -> 0.9;
                case "half" -> 0.55;
                default -> 0.1;
            };
            return ChatReply.verdict(!token.equals("fail"), score, "judged " + token).usage(10, 5);
        });
    }

    @AfterEach
    void stopJudge() {
        judge.close();
    }

    private int calibrate(String labels, String judgeUrl, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("calibrate", labels, "--judge-url", judgeUrl,
                "--judge-model", "judge-model", "--report-dir", "reports"));
        args.addAll(List.of(more));
        last = CommandRunner.in(dir).withEnvironment(Map.of("AGENT_EVAL_JUDGE_API_KEY", KEY)).run(args.toArray(String[]::new));
        return last.exitCode();
    }

    private int calibrate(String labels) {
        return calibrate(labels, judge.url().toString());
    }

    private static String label(String id, String human, String token) {
        return "  - id: " + id + "\n    question: What is the capital of France?\n    answer: Paris. ANSWER-" + token + "\n"
                + "    scorer: {type: correctness, criteria: Names Paris, undecidedBetween: [0.4, 0.7]}\n"
                + "    human: " + human + "\n";
    }

    private String out() {
        return last.out();
    }

    @Test
    void should_print_the_table_and_the_disagreements_and_write_the_reports() throws Exception {
        // pass/pass, pass/fail, fail/pass, fail/fail twice, and one undecided: n = 5 decided, po = 3/5,
        // pe = (2/5)(2/5) + (3/5)(3/5) = 0.52, kappa = (0.6 - 0.52) / 0.48 = 0.1667.
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "pass", "pass") + label("b", "pass", "fail")
                + label("c", "fail", "pass") + label("d", "fail", "fail") + label("e", "fail", "fail")
                + label("f", "pass", "half"));

        int code = calibrate("labels.yaml");

        assertThat(code).as(last.err()).isZero();
        assertThat(out()).contains(
                "correctness (correctness@1): 6 labels, 5 decided, agreement 60.0% (95% CI 23-88%), kappa 0.17 (95% CI -0.67"
                        + " to 1.00), 1 undecided, 0 errored\n"
                        + "               judge pass judge fail  undecided\n"
                        + "  human pass            1          1          1\n"
                        + "  human fail            1          2          0\n",
                "Disagreements (2):\n  b  correctness  human pass, judge failed: judge judge-model: judged fail (score 0.10)\n"
                        + "  c  correctness  human fail, judge passed: judge judge-model: judged pass (score 0.90)\n",
                "Undecided (1):\n  f  correctness  human pass, judge undecided: undecided: score 0.55 is within [0.4, 0.7]",
                "Calibrated 6 labels: 5 decided, 1 undecided, 0 errored\nReports: reports/calibration.json, reports/calibration.md\n");
        JsonNode report = JSON.readTree(dir.resolve("reports/calibration.json").toFile());
        assertThat(report.at("/groups/0/kappa").asDouble()).isEqualTo(0.1667);
        assertThat(report.at("/groups/0/agreement").asDouble()).isEqualTo(0.6);
        // Wilson 3/5 at 95%: centre (3 + 1.9207)/(5 + 3.8415) = 0.5566, half 0.2217·√(1.2 + 0.9604) = 0.3258.
        assertThat(report.at("/groups/0/agreementInterval/low").asDouble()).isEqualTo(0.2307);
        assertThat(report.at("/groups/0/agreementInterval/high").asDouble()).isEqualTo(0.8824);
        assertThat(report.at("/groups/0/kappaInterval/method").asText()).isEqualTo("bootstrap");
        // The README quotes these: the default seed fixes them.
        assertThat(report.at("/groups/0/kappaInterval/low").asDouble()).isEqualTo(-0.6667);
        assertThat(report.at("/groups/0/kappaInterval/high").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/groups/0/kappaInterval/seed").asLong()).isEqualTo(20_240_529L);
        assertThat(report.at("/groups/0/confusion/humanPass/undecided").asInt()).isEqualTo(1);
        assertThat(report.at("/outcomes/5/judge").asText()).isEqualTo("undecided");
        assertThat(dir.resolve("reports/calibration.md")).content()
                .contains("| correctness | correctness@1 | 6 | 5 | 60.0% | 23-88% | 0.17 | -0.67 to 1.00 | 1 | 0 |");
        assertThat(out() + last.err() + Files.readString(dir.resolve("reports/calibration.json"))
                + Files.readString(dir.resolve("reports/calibration.md"))).doesNotContain(KEY);
        assertThat(judge.takeRequest().header("Authorization")).isPresent();
    }

    @Test
    void should_compute_the_intervals_at_the_confidence_and_with_the_seed_given() throws Exception {
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "pass", "pass") + label("b", "pass", "fail")
                + label("c", "fail", "pass") + label("d", "fail", "fail") + label("e", "fail", "fail"));

        assertThat(calibrate("labels.yaml", judge.url().toString(), "--confidence", "90%",
                "--seed", "7")).as(last.err()).isZero();

        assertThat(out()).contains("agreement 60.0% (90% CI 27-86%), kappa 0.17 (90% CI ");
        JsonNode report = JSON.readTree(dir.resolve("reports/calibration.json").toFile());
        assertThat(report.at("/groups/0/agreementInterval/level").asDouble()).isEqualTo(0.9);
        assertThat(report.at("/groups/0/kappaInterval/level").asDouble()).isEqualTo(0.9);
        assertThat(report.at("/groups/0/kappaInterval/seed").asLong()).isEqualTo(7);
        assertThat(dir.resolve("reports/calibration.md")).content().contains("| Agreement 90% CI |", "seed 7)");

        assertThat(calibrate("labels.yaml", judge.url().toString(), "--confidence", "1")).isEqualTo(2);
        assertThat(last.err()).contains("--confidence must be > 0 and < 1");
    }

    @Test
    void should_exit_2_with_the_located_problem_for_an_invalid_labels_file() throws IOException {
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "maybe", "pass"));

        assertThat(calibrate("labels.yaml")).isEqualTo(2);
        assertThat(last.err()).contains("labels.yaml:6:12: labels[0].human: must be pass or fail"
                + " but is 'maybe'");
        assertThat(judge.requestCount()).isZero();
    }

    @Test
    void should_exit_3_when_the_judge_is_unreachable() throws IOException {
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "pass", "pass"));

        assertThat(calibrate("labels.yaml", "http://127.0.0.1:1/v1")).isEqualTo(3);
        assertThat(last.err()).startsWith("error: ").doesNotContain(KEY);
    }

    @Test
    void should_exit_3_and_say_so_when_the_judge_could_judge_no_label() throws IOException {
        // The endpoint lists the model (the preflight passes), then answers 500 or no verdict to every label.
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "pass", "down") + label("b", "fail", "garbage")
                + label("c", "pass", "down"));

        int code = calibrate("labels.yaml");

        assertThat(code).as(out() + last.err()).isEqualTo(3);
        assertThat(out()).contains("Errored (3):\n  a  correctness  human pass, judge errored: judge 'judge-model' failed:",
                "  b  correctness  human fail, judge errored: judge 'judge-model' gave no clear verdict",
                "Calibrated 3 labels: 0 decided, 0 undecided, 3 errored\n",
                "Reports: reports/calibration.json, reports/calibration.md\n");
        assertThat(last.err()).startsWith("error: the calibration could not be carried out:"
                + " no label could be judged, all 3 errored (first: a: judge 'judge-model' failed: POST ");
        JsonNode report = JSON.readTree(dir.resolve("reports/calibration.json").toFile());
        assertThat(report.path("labels").asInt()).isEqualTo(3);
        assertThat(report.path("decided").asInt()).isZero();
        assertThat(report.path("errored").asInt()).isEqualTo(3);
        assertThat(dir.resolve("reports/calibration.md")).content().contains("3 labels: 0 decided, 0 undecided, 3 errored.");
    }

    @Test
    void should_exit_0_and_count_the_errored_labels_when_the_judge_judged_some() throws IOException {
        Files.writeString(dir.resolve("labels.yaml"), "labels:\n" + label("a", "pass", "pass") + label("b", "fail", "down")
                + label("c", "fail", "half"));

        int code = calibrate("labels.yaml");

        assertThat(code).as(last.err()).isZero();
        assertThat(out()).contains("Calibrated 3 labels: 1 decided, 1 undecided, 1 errored\n");
        assertThat(last.err()).isEmpty();
        JsonNode report = JSON.readTree(dir.resolve("reports/calibration.json").toFile());
        assertThat(List.of(report.path("decided").asInt(), report.path("undecided").asInt(), report.path("errored").asInt()))
                .containsExactly(1, 1, 1);
        assertThat(dir.resolve("reports/calibration.md")).content().contains("3 labels: 1 decided, 1 undecided, 1 errored.");
    }

    @Test
    void should_compare_the_recorded_verdicts_of_a_results_file_with_its_human_fields_without_asking_the_judge()
            throws IOException {
        Path results = dir.resolve("results.json");
        Reports.sink("json", results).write(new SuiteResult("s", Instant.parse("2025-01-31T09:00:00Z"), Duration.ofSeconds(1), true,
                List.of(caseWith("one", ScoreStatus.PASSED), caseWith("two", ScoreStatus.FAILED))));
        ObjectNode root = (ObjectNode) JSON.readTree(results.toFile());
        ((ObjectNode) root.at("/cases/0/turns/0/scores/0")).put("human", "pass");
        ((ObjectNode) root.at("/cases/1/turns/0/scores/0")).put("human", "pass");
        Files.writeString(results, JSON.writeValueAsString(root));

        assertThat(calibrate("results.json")).isZero();
        assertThat(out()).contains("correctness (recorded): 2 labels, 2 decided, agreement 50.0% (95% CI 9-91%), kappa 0.00, 0 undecided",
                "Disagreements (1):\n  two/1/correctness  correctness  human pass, judge failed");
        assertThat(judge.requestCount()).isZero();
    }

    @Test
    void should_print_the_labels_schema() {
        last = CommandRunner.in(dir).run("schema", "--labels");
        int code = last.exitCode();

        assertThat(code).isZero();
        assertThat(out()).contains("\"title\": \"agent-eval labels file\"", "\"undecidedBetween\"");
    }

    private static CaseResult caseWith(String id, ScoreStatus status) {
        boolean passed = status == ScoreStatus.PASSED;
        ScoreResult score = new ScoreResult("correctness", status, passed ? 0.9 : 0.1, "judged",
                List.of(new Check("meets the criteria", passed, "judged")), null, null);
        TurnResult turn = new TurnResult(1, null, "Capital?", null, null, "Paris.", null, List.of(), Duration.ofMillis(5),
                null, null, List.of(score));
        CaseStatus c = passed ? CaseStatus.PASSED : CaseStatus.FAILED;
        return new CaseResult(id, List.of(), true, c, "", Duration.ofMillis(5), null,
                List.of(new CaseAttempt(1, c, "", Duration.ofMillis(5), null, List.of(turn))));
    }
}
