package dev.agenteval.cli;

import static dev.agenteval.cli.FakeOpenAi.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platform seed's suites as their users run them, through {@code agent-eval run}: the judge
 * scorers' short form ({@code type: correctness, criteria: ...}) is learnt through the scorer SPI
 * (eval-judge's factories name their text parameter), and the criteria and ground truth reach
 * the judge, on 127.0.0.1, word for word; the ground truth never reaches the agent.
 */
class SeedSuitesCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SEEDS = Path.of("../eval-yaml/src/test/resources/seeds/platform");

    @StartStop
    private final MockWebServer judge = new MockWebServer();

    @TempDir
    Path dir;

    private final List<String> prompts = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void judgeFailsOnlyWhatTheEchoCannotMeet() throws IOException {
        copy(SEEDS, dir);
        judge.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getTarget().endsWith("/models")) {
                    return json(Map.of("object", "list", "data", List.of(Map.of("id", "judge-model"))));
                }
                String prompt = request.getBody() == null ? "" : request.getBody().utf8();
                prompts.add(prompt);
                boolean fail = prompt.contains("Paris") || prompt.contains("Expands on a capability");
                String verdict = "{\"reason\": \"checked\", \"verdict\": \"" + (fail ? "fail" : "pass") + "\", \"score\": "
                        + (fail ? 0.0 : 1.0) + "}";
                return json(Map.of("id", "c1", "object", "chat.completion", "model", "judge-model",
                        "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                                "message", Map.of("role", "assistant", "content", verdict))),
                        "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
            }
        });
    }

    private int run(String suite) {
        return AgentEvalCli.execute(new String[] {"run", suite, "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                        "--judge", "openai", "--judge-url", "http://127.0.0.1:" + judge.getPort() + "/v1",
                        "--judge-model", "judge-model", "--report-dir", "reports"},
                AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of("AGENT_EVAL_JUDGE_API_KEY", "judge-key-1234"), dir));
    }

    @Test
    void the_support_agent_suite_sends_each_criteria_to_the_judge_and_fails_the_turn_it_rejects() throws IOException {
        int code = run("support-agent/eval/eval.yaml");

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(1);
        assertThat(prompts).hasSize(3);
        assertThat(String.join("\n", prompts))
                .contains("A friendly greeting that briefly explains what this agent can help the user with.")
                .contains("Describes the agent's capabilities.")
                .contains("Expands on a capability mentioned in the previous response.");
        JsonNode results = results();
        assertThat(status(results, "greeting")).isEqualTo("passed");
        assertThat(status(results, "follow-up")).isEqualTo("failed");
    }

    @Test
    void the_maintenance_suite_judges_faithfulness_against_ground_truth_the_agent_never_sees() throws IOException {
        int code = run("maintenance-agent/eval/eval.yaml");

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero(); // open-work-orders fails, as expected
        assertThat(String.join("\n", prompts)).contains("Pump P-101 was shut down on 2024-03-15 due to bearing wear.");
        JsonNode results = results();
        assertThat(status(results, "pump-status")).isEqualTo("passed");
        String agentSide = results.toString();
        assertThat(agentSide).contains("hello, you said: Why was pump P-101 shut down?");
        assertThat(agentSide).doesNotContain("hello, you said: Pump P-101 was shut down");
        assertThat(agentSide).doesNotContain("judge-key-1234");
    }

    private JsonNode results() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("reports"))) {
            Path file = files.filter(p -> p.getFileName().toString().equals("results.json")).findFirst().orElseThrow();
            return JSON.readTree(file.toFile());
        }
    }

    private static String status(JsonNode results, String caseId) {
        for (JsonNode c : results.path("cases")) {
            if (c.path("id").asText().equals(caseId)) {
                return c.path("status").asText();
            }
        }
        throw new AssertionError("no case " + caseId + " in " + results);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
