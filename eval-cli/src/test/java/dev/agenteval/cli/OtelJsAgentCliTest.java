package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.agents.A2aJsSdkServer;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract with the official OpenTelemetry JS SDK: {@code agent-eval run --otel-receiver}
 * against a loopback A2A agent ({@code eval-otel/src/test/otel-js/agent.mjs}) that continues the
 * {@code traceparent} it receives and exports GenAI {@code execute_tool} spans to the run's
 * receiver after answering, with no tool call in its answer: a {@code trajectory} case passes on
 * the calls of its trace, and results.json says they came from it. The wait is bounded by
 * {@code --otel-wait} and ends when the agent's root span of the turn arrives.
 */
class OtelJsAgentCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path AGENT = Path.of("..", "eval-otel", "src", "test", "otel-js");

    @TempDir
    Path dir;

    @Test
    void a_trajectory_case_passes_on_the_tool_calls_of_the_agents_otel_js_trace() throws Exception {
        Files.writeString(dir.resolve("suite.yaml"), """
                cases:
                  - id: weather-and-table
                    turns:
                      - input: What's the weather in Paris? Book a table for two if it is sunny.
                        scorers:
                          - type: trajectory
                            mode: strict
                            calls:
                              - {name: get_weather, args: {city: Paris}}
                              - {name: book_table, args: {people: 2}}
                  - id: second-turn-own-span
                    turns:
                      - input: Hello
                      - input: Again
                        scorers:
                          - type: tools_in_order
                            expected: [get_weather, book_table]
                """);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (A2aJsSdkServer agent = A2aJsSdkServer.start(AGENT, "agent.mjs", "http://127.0.0.1:" + port + "/v1/traces")) {
            List<String> args = new ArrayList<>(List.of("run", "suite.yaml", "--protocol", "a2a", "--agent-url",
                    agent.url("").toString(), "--report-dir", "out", "--otel-receiver=" + port, "--otel-wait", "30",
                    "--trace-link-template", "http://localhost:16686/trace/{traceId}"));

            CommandResult r = CommandRunner.in(dir).run(args.toArray(String[]::new));

            String output = r + "\nagent:\n" + agent.output();
            assertThat(r.exitCode()).as(output).isZero();
            JsonNode cases = JSON.readTree(dir.resolve("out/results.json").toFile()).path("cases");
            JsonNode turn = cases.get(0).path("turns").get(0);
            assertThat(turn.path("toolCallsSource").asText()).as(output).isEqualTo("trace");
            assertThat(turn.path("toolCalls").findValuesAsText("name")).containsExactly("get_weather", "book_table");
            assertThat(turn.path("response").toString()).doesNotContain("toolsCalled");
            assertThat(turn.path("traceId").asText()).matches("[0-9a-f]{32}");
            assertThat(turn.path("traceUrl").asText()).isEqualTo("http://localhost:16686/trace/" + turn.path("traceId").asText());
            JsonNode second = cases.get(1).path("turns");
            assertThat(second.get(0).has("toolCallsSource")).as("no scorer of turn 1 reads tool calls").isFalse();
            assertThat(second.get(1).path("toolCallsSource").asText()).isEqualTo("trace");
            assertThat(second.get(1).path("traceId").asText()).isEqualTo(second.get(0).path("traceId").asText());
            assertThat(agent.output()).doesNotContain("EXPORT FAILED");
        }
    }
}
