package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.agents.A2aJsSdkServer;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A platform-dialect turn whose {@code input} is a mapping (the in-app evals' JSON feature input),
 * run against agents built with the official A2A JS SDK: the request carries one data part (0.3
 * {@code kind: data}, 1.0 a {@code data} field), the SDK agent answers with the data it decoded,
 * and the reports show the input as its JSON text.
 */
class FeatureInputCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SUITE = """
            cases:
              - id: summarise-asset
                turns:
                  - input:
                      asset: P-101
                      depth: 2
                    scorers:
                      - type: contains
                        values: ['Feature input received: {"asset":"P-101","depth":2}']
            """;

    private static A2aJsSdkServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = A2aJsSdkServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "agent {0}")
    @ValueSource(strings = {"v1/", "compat/", "v03/"})
    void should_send_a_mapping_input_as_a_data_part_the_sdk_agent_receives(String agent) throws Exception {
        Path suite = Files.writeString(dir.resolve("eval.yaml"), SUITE);
        Path reports = dir.resolve("reports");

        CommandResult result = CommandRunner.in(dir).run(new String[] {"run", suite.toString(), "--protocol", "a2a",
                        "--agent-url", server.url(agent).toString(), "--report-dir", reports.toString()});
        int code = result.exitCode();

        String output = "exit " + code + "\nstdout:\n" + result.out() + "\nstderr:\n"
                + result.err() + "\nserver:\n" + server.output();
        assertThat(code).as(output).isZero();
        JsonNode turn = JSON.readTree(reports.resolve("results.json").toFile()).path("cases").get(0).path("turns").get(0);
        assertThat(turn.path("scores").get(0).path("status").asText()).as(output).isEqualTo("passed");
        JsonNode parts = turn.path("request").path("params").path("message").path("parts");
        assertThat(parts).as("the parts sent").hasSize(1);
        assertThat(parts.get(0).path("data")).isEqualTo(JSON.readTree("{\"asset\":\"P-101\",\"depth\":2}"));
        assertThat(parts.get(0).has("text")).isFalse();
        if (agent.equals("v03/")) {
            assertThat(parts.get(0).path("kind").asText()).isEqualTo("data");
        } else {
            assertThat(parts.get(0).has("kind")).as("A2A 1.0 parts have no kind").isFalse();
        }
        assertThat(turn.path("response").toString()).contains("\"received\":[{\"asset\":\"P-101\",\"depth\":2}]");
        assertThat(turn.path("input").asText()).isEqualTo("{\"asset\":\"P-101\",\"depth\":2}");
        assertThat(Files.readString(reports.resolve("results.md"))).contains("{\"asset\":\"P-101\",\"depth\":2}");
    }
}
