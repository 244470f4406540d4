package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentEvalCliTest {

    /** The working folder: a copy of the test suites, so that runs writing results/ write there. */
    @TempDir
    Path work;

    @BeforeEach
    void copySuites() throws IOException {
        TestSuites.copyInto(work);
    }

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
    void should_exit_0_when_every_case_passes_and_write_the_reports(@TempDir Path reports) throws Exception {
        int code = run("run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", reports.toString());

        assertThat(code).as(err()).isZero();
        JsonNode json = new ObjectMapper().readTree(reports.resolve("results.json").toFile());
        assertThat(json.at("/summary/passed").asInt()).isEqualTo(2);
        assertThat(Files.readString(reports.resolve("results.md"))).contains("greets");
        assertThat(Files.readString(reports.resolve("junit.xml"))).contains("testcase");
        assertThat(err()).as("no per-case lines without a terminal and -v").doesNotContain("[1/2]");
        assertThat(out()).contains("Reports: ");
        assertThat(out()).contains("2 passed");
    }

    @Test
    void should_exit_1_when_a_case_fails_and_name_its_failed_check() {
        int code = run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(1);
        assertThat(out() + err()).contains("impossible").contains("goodbye");
    }

    @Test
    void should_filter_by_case_and_by_tag() {
        assertThat(run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--case", "polite")).isZero();
        assertThat(run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--tag", "ci")).isZero();
        assertThat(run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--tag", "slow")).isEqualTo(1);
    }

    @Test
    void should_exit_2_for_an_invalid_suite_without_sending_anything() {
        int code = run("run", "broken.yaml", "--protocol", "test-echo", "--agent-url", "http://x");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("broken.yaml:9:7").contains("did you mean 'must_include'");
    }

    @Test
    void should_exit_2_for_an_invalid_command_line() {
        assertThat(run("run", "greetings.yaml")).isEqualTo(2);
        assertThat(err()).contains("no agent: give --agent-url");
        assertThat(run("run", "greetings.yaml", "--agent-url", "http://x", "--concurrency", "0")).isEqualTo(2);
        assertThat(err()).contains("--concurrency must be >= 1 but was 0");
        assertThat(run("run", "--no-such-flag", "greetings.yaml")).isEqualTo(2);
        assertThat(run("run", "greetings.yaml", "--protocol", "nope", "--agent-url", "http://x")).isEqualTo(2);
        assertThat(err()).contains("unknown agent client 'nope'; known: ");
    }

    @Test
    void should_suggest_the_closest_known_protocol_for_a_mistyped_one() {
        assertThat(run("run", "greetings.yaml", "--protocol", "test-ech", "--agent-url", "http://x")).isEqualTo(2);
        assertThat(err()).contains("unknown agent client 'test-ech'; known: ").contains("did you mean 'test-echo'?");
    }

    @Test
    void should_exit_3_when_the_agent_is_unreachable_for_every_case() {
        int code = run("run", "greetings.yaml", "--protocol", "test-down", "--agent-url", "http://127.0.0.1:9");

        assertThat(code).isEqualTo(3);
        assertThat(err()).contains("could not be carried out").contains("network_error");
    }

    @Test
    void should_validate_a_broken_suite_printing_file_line_and_column() {
        assertThat(run("validate", "broken.yaml")).isEqualTo(2);
        assertThat(err()).contains(work.resolve("broken.yaml") + ":9:7: evals[0].expectations.must_includ (case 'broken')");
        assertThat(run("validate", "greetings.yaml", "mixed.yaml")).isZero();
        assertThat(out()).contains("OK greetings: 2 cases").contains("OK mixed: 2 cases");
    }

    @Test
    void should_show_cases_without_running_them() {
        assertThat(run("show", "mixed.yaml")).isZero();
        assertThat(out()).contains("polite [ci]").contains("turn 1: Hi there").contains("scorers: contains")
                .contains("impossible [slow] repeat 3");
    }

    @Test
    void should_print_the_schema_of_each_dialect() {
        assertThat(run("schema", "--dialect", "harness")).isZero();
        assertThat(out()).contains("\"$schema\"").contains("evals");
        assertThat(run("schema", "--dialect", "harness-defaults")).isZero();
        assertThat(out()).contains("agent-eval harness folder defaults (_defaults.yaml)").doesNotContain("\"evals\"");
        assertThat(run("schema", "--dialect", "nonsense")).isEqualTo(2);
    }

    @Test
    void should_list_every_declared_environment_variable_in_help() {
        assertThat(run("--help")).isZero();
        assertThat(out()).contains("AGENT_EVAL_REPORT_DIR").contains("TEST_ECHO_TOKEN").contains("Secret: never printed.");
        assertThat(run("run", "--help")).isZero();
        assertThat(out()).contains("--agent-url").contains("TEST_ECHO_TOKEN");
    }

    @Test
    void should_write_the_json_report_and_a_sibling_markdown_with_output(@TempDir Path dir) {
        Path json = dir.resolve("out/results.json");

        assertThat(run("run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--output", json.toString())).isZero();
        assertThat(json).exists();
        assertThat(dir.resolve("out/results.md")).exists();
    }
}
