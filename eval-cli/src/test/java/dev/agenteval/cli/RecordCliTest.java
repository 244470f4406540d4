package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent-eval record} against the test agent that reports tool calls. */
class RecordCliTest {

    @TempDir
    Path work;

    private ByteArrayOutputStream out;
    private ByteArrayOutputStream err;

    private int run(String... args) {
        out = new ByteArrayOutputStream();
        err = new ByteArrayOutputStream();
        return AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), work));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void should_record_a_case_that_validates_and_passes_against_the_same_agent() throws Exception {
        int code = run("record", "--protocol", "test-tools", "--agent-url", "http://127.0.0.1:1",
                "--input", "Where is my refund?", "--input", "And the weather?", "--to", "support/eval/eval.yaml",
                "--id", "refund-and-weather");

        assertThat(code).as(err()).isZero();
        assertThat(out()).contains("Recorded case 'refund-and-weather' into support/eval/eval.yaml")
                .contains("turn 1: expects find_order, log_event, refund_status")
                .contains("turn 2: expects get_weather");
        String yaml = Files.readString(work.resolve("support/eval/eval.yaml"));
        assertThat(yaml).contains("expected: [\"find_order\", \"log_event\", \"refund_status\"]")
                .contains("# - type: rubric");

        assertThat(run("validate", "support/eval/eval.yaml")).as(err()).isZero();
        assertThat(run("run", "support", "--protocol", "test-tools", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports")).as(out() + err()).isZero();
        JsonNode report = new ObjectMapper().readTree(work.resolve("reports/results.json").toFile());
        assertThat(report.at("/summary/passed").asInt()).isEqualTo(1);
        assertThat(report.at("/cases/0/turns/0/scores/0/type").asText()).isEqualTo("tools_in_order");

        // An agent that calls no tools fails the recorded case: the expectation is real.
        assertThat(run("run", "support", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1")).isEqualTo(1);
        assertThat(out() + err()).contains("find_order");
    }

    @Test
    void should_append_inputs_from_a_file_with_an_id_from_the_first_line() throws Exception {
        run("record", "--protocol", "test-tools", "--agent-url", "http://x", "--input", "Where is my refund?",
                "--to", "eval.yaml");
        Files.writeString(work.resolve("inputs.txt"), "What's the weather in Oslo?\n\nThanks!\n");

        int code = run("record", "--protocol", "test-tools", "--agent-url", "http://x", "--input-file", "inputs.txt",
                "--to", "eval.yaml");

        assertThat(code).as(err()).isZero();
        assertThat(out()).contains("Recorded case 'what-s-the-weather-in-oslo'").contains("turn 2: no tool called");
        assertThat(run("show", "eval.yaml")).isZero();
        assertThat(out()).contains("where-is-my-refund").contains("what-s-the-weather-in-oslo")
                .contains("turn 2: Thanks!");
        assertThat(run("run", "eval.yaml", "--protocol", "test-tools", "--agent-url", "http://x")).as(out() + err()).isZero();
    }

    @Test
    void should_exit_2_without_writing_for_a_bad_command_line_or_a_taken_id() throws Exception {
        assertThat(run("record", "--agent-url", "http://x", "--to", "eval.yaml")).isEqualTo(2);
        assertThat(err()).contains("nothing to send: give --input TEXT (repeatable) or --input-file FILE");
        assertThat(run("record", "--input", "Hi", "--to", "eval.yaml")).isEqualTo(2);
        assertThat(err()).contains("no agent: give --agent-url");
        assertThat(run("record", "--input", "Hi", "--agent-url", "http://x")).isEqualTo(2);
        assertThat(err()).contains("Missing required option: '--to=FILE'");
        assertThat(work.resolve("eval.yaml")).doesNotExist();

        run("record", "--protocol", "test-tools", "--agent-url", "http://x", "--input", "Where is my refund?",
                "--to", "eval.yaml");
        String before = Files.readString(work.resolve("eval.yaml"));
        assertThat(run("record", "--protocol", "test-tools", "--agent-url", "http://x", "--input", "Where is my refund?",
                "--to", "eval.yaml")).isEqualTo(2);
        assertThat(err()).contains("already has a case 'where-is-my-refund': choose another id");
        assertThat(Files.readString(work.resolve("eval.yaml"))).isEqualTo(before);
    }

    @Test
    void should_exit_3_when_the_agent_cannot_be_reached() {
        int code = run("record", "--protocol", "test-down", "--agent-url", "http://127.0.0.1:9", "--input", "Hi",
                "--to", "eval.yaml");

        assertThat(code).isEqualTo(3);
        assertThat(err()).contains("connection refused");
        assertThat(work.resolve("eval.yaml")).doesNotExist();
    }
}
