package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.launch.Setting;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line reads the launch settings ({@link Setting}): an option not given falls back
 * to its {@code AGENT_EVAL_*} variable, and the options, the help's variables and the settings
 * come from the one declaration.
 */
class LaunchSettingsCliTest {

    private static final Path SUITES = Path.of("src/test/resources/suites").toAbsolutePath();

    @TempDir
    Path work;

    private CommandResult last;

    @BeforeEach
    void copySuite() throws IOException {
        Files.copy(SUITES.resolve("greetings.yaml"), work.resolve("greetings.yaml"));
    }

    private int run(Map<String, String> env, String... args) {
        last = CommandRunner.in(work).withEnvironment(env).run(args);
        return last.exitCode();
    }

    private String output() {
        return last.out() + last.err();
    }

    @Test
    void should_take_the_agent_url_and_protocol_from_the_environment() throws IOException {
        int code = run(Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:1", "AGENT_EVAL_PROTOCOL", "test-echo"),
                "run", "greetings.yaml", "--report-dir", "reports");

        assertThat(code).as(output()).isZero();
        JsonNode json = new ObjectMapper().readTree(work.resolve("reports/results.json").toFile());
        assertThat(json.at("/summary/passed").asInt()).isEqualTo(2);
        assertThat(json.at("/fingerprint/agent").asText()).isEqualTo("test-echo http://127.0.0.1:1");
    }

    @Test
    void should_read_the_protocol_variable_it_is_given() {
        int code = run(Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:1", "AGENT_EVAL_PROTOCOL", "nope"),
                "run", "greetings.yaml");

        assertThat(code).isEqualTo(AgentEvalCli.INVALID);
        assertThat(output()).contains("unknown agent client 'nope'");
    }

    @Test
    void should_take_the_target_from_the_environment() throws IOException {
        Files.writeString(work.resolve("agent-eval.targets.yaml"),
                "targets:\n  local:\n    protocol: test-echo\n    url: http://127.0.0.1:1\n");

        int code = run(Map.of("AGENT_EVAL_TARGET", "local"), "run", "greetings.yaml", "--report-dir", "reports");

        assertThat(code).as(output()).isZero();
        JsonNode json = new ObjectMapper().readTree(work.resolve("reports/results.json").toFile());
        assertThat(json.at("/fingerprint/agent").asText()).matches("target 'local': test-echo http://127\\.0\\.0\\.1:1"
                + " \\(settings [0-9a-f]{16}\\)");
    }

    @Test
    void should_let_an_option_override_the_variables() {
        Map<String, String> env = Map.of("AGENT_EVAL_AGENT_URL", "not a url", "AGENT_EVAL_PROTOCOL", "nope",
                "AGENT_EVAL_TARGET", "missing");

        int code = run(env, "run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1");

        assertThat(code).as(output()).isZero();
    }

    @Test
    void should_refuse_a_url_and_a_target_given_at_the_same_level() {
        int code = run(Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:1", "AGENT_EVAL_TARGET", "local"),
                "run", "greetings.yaml", "--protocol", "test-echo");

        assertThat(code).isEqualTo(AgentEvalCli.INVALID);
        assertThat(output()).contains("AGENT_EVAL_TARGET and AGENT_EVAL_AGENT_URL are alternatives: give one");
    }

    @Test
    void should_name_the_variables_when_no_agent_is_given() {
        int code = run(Map.of(), "run", "greetings.yaml");

        assertThat(code).isEqualTo(AgentEvalCli.INVALID);
        assertThat(output()).contains("no agent: give --agent-url URL").contains("AGENT_EVAL_AGENT_URL")
                .contains("AGENT_EVAL_TARGET");
    }

    @Test
    void should_record_against_the_agent_of_the_environment() {
        int code = run(Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:1", "AGENT_EVAL_PROTOCOL", "test-tools"),
                "record", "--input", "Where is my refund?", "--to", "eval.yaml");

        assertThat(code).as(output()).isZero();
        assertThat(output()).contains("expects find_order");
    }

    @Test
    void should_declare_every_setting_once_for_options_help_and_variables() {
        run(Map.of(), "run", "--help");
        String help = output();
        CommandLine cli = new CommandLine(new RunCommand(AgentEvalCli.Context.of(System.out, System.err, Map.of(), work)));

        for (Setting s : Setting.values()) {
            for (String name : s.options()) {
                OptionSpec option = cli.getCommandSpec().findOption(name);
                assertThat(option).as("run has " + name).isNotNull();
                assertThat(String.join(" ", option.description())).as(name + " names its variable").contains(s.variable());
                assertThat(help).as("run --help lists " + name).contains(name);
            }
            assertThat(help).as("run --help lists " + s.variable()).contains("  " + s.variable() + "\n");
        }
        for (var v : Setting.environmentVariables()) {
            assertThat(EnvironmentHelp.all()).as("help declares " + v.name()).containsEntry(v.name(), v);
        }
    }
}
