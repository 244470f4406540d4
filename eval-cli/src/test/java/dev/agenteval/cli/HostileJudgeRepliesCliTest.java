package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge replies of issue 26, each once recorded as a pass with score 1.00 and exit code 0, through
 * {@code run} and {@code calibrate} against an OpenAI-compatible judge on 127.0.0.1: none of them may
 * pass. The judge answers every request with the reply whose token the request holds.
 */
class HostileJudgeRepliesCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TOKEN = Pattern.compile("REPLY-(\\d)");
    private static final List<String> REPLIES = List.of(
            "Pass: no. The answer fails.",
            "Yes, I can assess this. The answer fails the criteria.",
            "OK, here is my evaluation: the answer does not meet the criteria.",
            "True, it mentions a city, but it is the wrong one: fail.",
            "Verdict: pass? No.");

    private final FakeChatModel judge = FakeChatModel.start().models("judge-model");

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void judgeRepliesByToken() {
        judge.otherwise(request -> {
            Matcher m = TOKEN.matcher(request.body());
            return ChatReply.text(m.find() ? REPLIES.get(Integer.parseInt(m.group(1))) : "Verdict: fail");
        });
    }

    @AfterEach
    void stopJudge() {
        judge.close();
    }

    private int cli(String... args) {
        last = CommandRunner.in(dir).withVariable("AGENT_EVAL_JUDGE_API_KEY", "k").run(args);
        return last.exitCode();
    }

    private String judgeUrl() {
        return judge.url().toString();
    }

    @Test
    void run_records_no_pass_for_a_reply_whose_verdict_is_not_unambiguous() throws Exception {
        StringBuilder suite = new StringBuilder("cases:\n");
        for (int i = 0; i < REPLIES.size(); i++) {
            suite.append("  - id: reply-").append(i).append("\n    turns:\n      - input: What is the capital of France?"
                    + " REPLY-").append(i).append("\n        scorers:\n          - type: correctness\n"
                    + "            criteria: Names Paris\n");
        }
        Files.writeString(dir.resolve("eval.yaml"), suite);

        int code = cli("run", "eval.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--judge-url", judgeUrl(), "--judge-model", "judge-model", "--report-dir", "reports");

        assertThat(code).as(last.toString()).isIn(1, 3);
        JsonNode results = JSON.readTree(dir.resolve("reports/results.json").toFile());
        List<String> statuses = new ArrayList<>();
        for (JsonNode c : results.path("cases")) {
            JsonNode score = c.at("/turns/0/scores/0");
            statuses.add(c.path("id").asText() + "=" + score.path("status").asText());
            assertThat(score.path("status").asText()).as(c.path("id").asText() + ": " + score).isNotEqualTo("passed");
            assertThat(c.path("status").asText()).isNotEqualTo("passed");
        }
        // "Pass: no" says fail; the others are no verdict: judge_error after the retries.
        assertThat(statuses).containsExactly("reply-0=failed", "reply-1=errored", "reply-2=errored", "reply-3=errored",
                "reply-4=errored");
        assertThat(results.at("/summary/passed").asInt()).isZero();
    }

    @Test
    void calibrate_counts_no_judge_pass_for_them() throws Exception {
        StringBuilder labels = new StringBuilder("labels:\n");
        for (int i = 0; i < REPLIES.size(); i++) {
            labels.append("  - id: reply-").append(i).append("\n    question: What is the capital of France?\n"
                    + "    answer: Lyon. REPLY-").append(i).append("\n    scorer: {type: correctness, criteria: Names Paris}\n"
                    + "    human: fail\n");
        }
        Files.writeString(dir.resolve("labels.yaml"), labels);

        cli("calibrate", "labels.yaml", "--judge-url", judgeUrl(), "--judge-model", "judge-model",
                "--report-dir", "reports");

        JsonNode report = JSON.readTree(dir.resolve("reports/calibration.json").toFile());
        List<String> judged = new ArrayList<>();
        for (JsonNode outcome : report.path("outcomes")) {
            judged.add(outcome.path("judge").asText());
        }
        assertThat(judged).as(last.toString()).hasSize(REPLIES.size()).doesNotContain("pass");
        assertThat(report.at("/groups/0/confusion/humanFail/judgePass").asInt()).isZero();
    }
}
