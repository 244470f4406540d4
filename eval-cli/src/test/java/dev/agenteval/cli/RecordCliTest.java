package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agent-eval record} against the test agent that reports tool calls, and
 * {@code record --from results.json --case ID} ("save as test case" from a past run, no agent called).
 */
class RecordCliTest {

    private static final String SUITE = """
            # The support agent's suite.
            cases:
              - id: refund-and-weather
                turns:
                  - input: "Where is my refund?"
                  - input: "And the weather?"
                    scorers:
                      - type: regex
                        pattern: "\\\\S"
              - id: greeting
                turns:
                  - input: "Hello"
                    scorers:
                      - type: regex
                        pattern: "\\\\S"
            """;

    @TempDir
    Path work;

    private CommandResult last;

    private int run(String... args) {
        last = CommandRunner.in(work).run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
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

    /** A past run of a two-case suite (results in reports/) and a hand-written suite to save into. */
    private void pastRun() throws Exception {
        Files.writeString(work.resolve("eval.yaml"), SUITE);
        assertThat(run("run", "eval.yaml", "--protocol", "test-tools", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports")).as(out() + err()).isZero();
        Files.writeString(work.resolve("saved.yaml"), """
                # Cases saved from runs. Keep this comment.
                cases:
                  - id: existing   # hand-written
                    turns:
                      - input: "Hi"
                        scorers:
                          - type: regex
                            pattern: "\\\\S"
                """);
    }

    @Test
    void should_write_every_turn_with_the_tools_it_called_in_order_without_calling_the_agent() throws Exception {
        pastRun();
        // An unreachable agent on the command line proves no request is sent.
        int code = run("record", "--from", "reports/results.json", "--case", "refund-and-weather", "--to", "saved.yaml",
                "--protocol", "test-down", "--agent-url", "http://127.0.0.1:9");

        assertThat(code).as(out() + err()).isZero();
        assertThat(out()).contains("Recorded case 'refund-and-weather' into saved.yaml")
                .contains("turn 1: expects find_order, log_event, refund_status")
                .contains("turn 2: expects get_weather");
        String yaml = Files.readString(work.resolve("saved.yaml"));
        assertThat(yaml).startsWith("""
                # Cases saved from runs. Keep this comment.
                cases:
                  - id: existing   # hand-written
                """)
                .contains("- input: \"Where is my refund?\"")
                .contains("expected: [\"find_order\", \"log_event\", \"refund_status\"]")
                .contains("- input: \"And the weather?\"")
                .contains("expected: [\"get_weather\"]")
                .contains("# TODO: what a good answer does");

        assertThat(run("validate", "saved.yaml")).as(err()).isZero();
        assertThat(run("run", "saved.yaml", "--protocol", "test-tools", "--agent-url", "http://x",
                "--report-dir", "again")).as(out() + err()).isZero();
        JsonNode again = new ObjectMapper().readTree(work.resolve("again/results.json").toFile());
        assertThat(again.at("/cases/1/id").asText()).isEqualTo("refund-and-weather");
        assertThat(again.at("/cases/1/turns/1/scores/0/type").asText()).isEqualTo("tools_in_order");
        // An agent that calls no tools fails the saved case: the expectation is real.
        assertThat(run("run", "saved.yaml", "--protocol", "test-echo", "--agent-url", "http://x")).isEqualTo(1);
    }

    @Test
    void should_read_the_report_folder_and_take_a_new_id() throws Exception {
        pastRun();
        int code = run("record", "--from", "reports", "--case", "greeting", "--id", "hello-again", "--to", "saved.yaml");

        assertThat(code).as(err()).isZero();
        assertThat(out()).contains("Recorded case 'hello-again' into saved.yaml").contains("turn 1: no tool called");
        assertThat(Files.readString(work.resolve("saved.yaml"))).contains("- id: \"hello-again\"")
                .contains("- input: \"Hello\"");
    }

    @Test
    void should_name_an_unknown_case_with_the_closest_id_and_the_runs_ids() throws Exception {
        pastRun();
        String before = Files.readString(work.resolve("saved.yaml"));

        assertThat(run("record", "--from", "reports/results.json", "--case", "refund-and-wether", "--to", "saved.yaml"))
                .isEqualTo(2);

        assertThat(err()).contains("reports/results.json: no case 'refund-and-wether' in the run of suite '"
                + work.getFileName() + "' — did you mean 'refund-and-weather'? (cases: refund-and-weather, greeting)");
        assertThat(Files.readString(work.resolve("saved.yaml"))).isEqualTo(before);
    }

    @Test
    void should_refuse_a_file_that_is_not_agent_evals_results_naming_it() throws Exception {
        pastRun();
        Files.writeString(work.resolve("other.json"), "{\"runs\": []}");
        Files.writeString(work.resolve("harness.json"), "[{\"name\": \"hello\", \"success\": true}]");

        assertThat(run("record", "--from", "other.json", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains("other.json: not an agent-eval results document");
        assertThat(run("record", "--from", "harness.json", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains("harness.json: not an agent-eval results document")
                .contains("the harness's results format");
        assertThat(run("record", "--from", "missing.json", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains("missing.json: no such file");
    }

    @Test
    void should_refuse_a_taken_id_unless_told_to_replace_it_in_place() throws Exception {
        pastRun();
        String before = Files.readString(work.resolve("saved.yaml"));

        assertThat(run("record", "--from", "reports", "--case", "greeting", "--id", "existing", "--to", "saved.yaml"))
                .isEqualTo(2);
        assertThat(err()).contains("already has a case 'existing': choose another id, or replace it");
        assertThat(Files.readString(work.resolve("saved.yaml"))).isEqualTo(before);

        assertThat(run("record", "--from", "reports", "--case", "refund-and-weather", "--to", "saved.yaml")).isZero();
        assertThat(run("record", "--from", "reports", "--case", "greeting", "--id", "existing", "--to", "saved.yaml",
                "--replace")).as(err()).isZero();

        String yaml = Files.readString(work.resolve("saved.yaml"));
        assertThat(yaml).startsWith("# Cases saved from runs. Keep this comment.\ncases:\n  - id: \"existing\"\n")
                .doesNotContain("hand-written").contains("- input: \"Hello\"").doesNotContain("- input: \"Hi\"");
        assertThat(yaml.indexOf("id: \"existing\"")).isLessThan(yaml.indexOf("id: \"refund-and-weather\""));
        assertThat(run("show", "saved.yaml")).isZero();
        assertThat(out()).contains("existing").contains("refund-and-weather");
    }

    @Test
    void should_exit_2_for_half_or_mixed_options() throws Exception {
        assertThat(run("record", "--from", "reports", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains("--from needs --case ID");
        assertThat(run("record", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains("give its results file with --from FILE");
        assertThat(run("record", "--from", "reports", "--case", "greeting", "--input", "Hi", "--to", "saved.yaml"))
                .isEqualTo(2);
        assertThat(err()).contains("--from records a past run, --input/--input-file a new conversation: give one");
    }

    private static boolean posix(Path dir) throws java.io.IOException {
        return Files.getFileStore(dir).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class);
    }

    @Test
    void should_keep_the_suite_files_permissions_and_give_a_new_one_the_usual_ones() throws Exception {
        assumeTrue(posix(work), "POSIX permissions");
        pastRun();
        Set<PosixFilePermission> shared = PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(work.resolve("saved.yaml"), shared);
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(work.resolve("any.txt")));

        assertThat(run("record", "--from", "reports", "--case", "greeting", "--to", "saved.yaml")).as(err()).isZero();
        assertThat(run("record", "--from", "reports", "--case", "greeting", "--to", "new.yaml")).as(err()).isZero();

        assertThat(Files.getPosixFilePermissions(work.resolve("saved.yaml"))).isEqualTo(shared);
        assertThat(Files.getPosixFilePermissions(work.resolve("new.yaml"))).isEqualTo(usual);
    }

    @Test
    void should_refuse_a_linked_suite_file_unless_told_to_follow_the_link_then_keep_the_link() throws Exception {
        pastRun();
        Path shared = Files.createDirectories(work.resolve("shared"));
        Files.move(work.resolve("saved.yaml"), shared.resolve("saved.yaml"));
        Path link;
        try {
            link = Files.createSymbolicLink(work.resolve("saved.yaml"), Path.of("shared", "saved.yaml"));
        } catch (UnsupportedOperationException | java.io.IOException e) {
            assumeTrue(false, "symbolic links: " + e);
            return;
        }
        String before = Files.readString(shared.resolve("saved.yaml"));

        assertThat(run("record", "--from", "reports", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains(work.resolve("saved.yaml") + " is a symbolic link to shared/saved.yaml; use"
                + " --follow-links to write through it");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(shared.resolve("saved.yaml"))).isEqualTo(before);

        assertThat(run("record", "--from", "reports", "--case", "greeting", "--to", "saved.yaml", "--follow-links"))
                .as(err()).isZero();
        assertThat(Files.isSymbolicLink(link)).as("the link is kept").isTrue();
        assertThat(Files.readString(shared.resolve("saved.yaml"))).startsWith(before).contains("- id: \"greeting\"");
    }

    @Test
    void should_refuse_a_read_only_suite_file_with_exit_2() throws Exception {
        assumeTrue(posix(work), "POSIX permissions");
        pastRun();
        Path saved = work.resolve("saved.yaml");
        String before = Files.readString(saved);
        Files.setPosixFilePermissions(saved, PosixFilePermissions.fromString("r--r--r--"));
        assumeTrue(!Files.isWritable(saved), "not running as root (root writes read-only files)");

        assertThat(run("record", "--from", "reports", "--case", "greeting", "--to", "saved.yaml")).isEqualTo(2);
        assertThat(err()).contains(saved + ": is read-only: nothing was written");
        assertThat(Files.readString(saved)).isEqualTo(before);
    }

    @Test
    void should_keep_a_feature_input_as_data_from_the_run_to_the_recorded_case() throws Exception {
        Files.writeString(work.resolve("features.yaml"), """
                cases:
                  - id: summarise-asset
                    turns:
                      - input:
                          asset: P-101
                          depth: 2
                          filters: {status: [running, "stopped"], since: null, ratio: 0.5, live: true}
                          note: "say \\"hi\\"\\nthen: {braces} # not a comment"
                        scorers:
                          - type: regex
                            pattern: "\\\\S"
                      - input: "And as text?"
                """);
        assertThat(run("run", "features.yaml", "--protocol", "test-tools", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports")).as(out() + err()).isZero();

        assertThat(run("record", "--from", "reports", "--case", "summarise-asset", "--to", "saved.yaml")).as(err()).isZero();

        dev.agenteval.yaml.SuiteLoader loader = dev.agenteval.yaml.SuiteLoader.defaults();
        List<dev.agenteval.api.Turn> original = loader.load(work.resolve("features.yaml")).find("summarise-asset")
                .orElseThrow().turns();
        List<dev.agenteval.api.Turn> recorded = loader.load(work.resolve("saved.yaml")).find("summarise-asset")
                .orElseThrow().turns();
        assertThat(recorded.get(0).input()).as(Files.readString(work.resolve("saved.yaml")))
                .isEqualTo(original.get(0).input());
        assertThat(recorded.get(0).input().parts()).singleElement().isInstanceOf(dev.agenteval.api.Part.Data.class);
        assertThat(recorded.get(1).input()).isEqualTo(original.get(1).input());
    }
}
