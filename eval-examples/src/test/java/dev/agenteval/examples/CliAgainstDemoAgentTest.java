package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.demo.DemoAgent;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent-eval command, in-process, against the demo agent over A2A on loopback. */
class CliAgainstDemoAgentTest {

    private static DemoAgent agent;

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeAll
    static void start() throws IOException {
        agent = DemoAgent.start();
    }

    @AfterAll
    static void stop() {
        agent.close();
    }

    private int cli(String... args) {
        last = CommandRunner.in(dir).run(args);
        return last.exitCode();
    }

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    private static final String SUITE = """
            cases:
              - id: greeting
                tags: [ci]
                turns:
                  - input: "Hi, what can you help me with?"
                    scorers:
                      - type: contains
                        values: [help]
              - id: booking
                turns:
                  - input: "I want to book a check-up"
                    scorers:
                      - type: expected_state
                        state: input-required
                  - input: "Friday"
                    scorers:
                      - type: contains
                        values: [Friday]
              - id: wants-a-refund
                tags: [slow]
                turns:
                  - input: "I want a refund"
                    scorers:
                      - type: contains
                        values: [refund issued]
            """;

    @Test
    void should_exit_0_when_every_selected_case_passes_and_write_reports_that_parse() throws Exception {
        write("suite.yaml", SUITE);

        int code = cli("run", "suite.yaml", "--agent-url", agent.url().toString(), "--case", "greeting", "--case", "booking",
                "--report-dir", "reports");

        assertThat(code).as(last.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("reports/results.json").toFile());
        assertThat(json.at("/summary/cases").asInt()).isEqualTo(2);
        assertThat(json.at("/cases/1/turns/0/state").asText()).isEqualTo("input-required");
        assertThat(json.at("/cases/1/turns/1/answer").asText()).contains("Friday");
        assertThat(dir.resolve("reports/junit.xml")).exists();
        assertThat(dir.resolve("reports/results.md")).exists();
    }

    @Test
    void should_exit_1_when_a_case_fails() throws Exception {
        write("suite.yaml", SUITE);

        assertThat(cli("run", "suite.yaml", "--agent-url", agent.url().toString(), "--tag", "slow")).isEqualTo(1);
        assertThat(last.out()).contains("wants-a-refund");
    }

    @Test
    void should_exit_2_for_a_broken_suite_naming_its_location() throws Exception {
        write("broken.yaml", SUITE.replaceFirst("type: contains", "type: contians"));

        assertThat(cli("run", "broken.yaml", "--agent-url", agent.url().toString())).isEqualTo(2);
        assertThat(last.err()).contains("broken.yaml:7:19").contains("did you mean 'contains'");
    }

    @Test
    void should_exit_3_when_the_agent_is_unreachable_for_every_case() throws Exception {
        write("suite.yaml", SUITE);
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }

        int code = cli("run", "suite.yaml", "--agent-url", "http://127.0.0.1:" + closedPort + "/",
                "--report-dir", "reports");

        assertThat(code).isEqualTo(3);
        assertThat(last.err()).contains("network_error");
        assertThat(dir.resolve("reports/results.json")).exists();
    }
}
