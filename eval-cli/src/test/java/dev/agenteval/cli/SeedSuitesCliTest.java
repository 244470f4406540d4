package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
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

    private final FakeChatModel judge = FakeChatModel.start().models("judge-model");

    @TempDir
    Path dir;

    private final List<String> prompts = new CopyOnWriteArrayList<>();

    @BeforeEach
    void judgeFailsOnlyWhatTheEchoCannotMeet() throws IOException {
        copy(SEEDS, dir);
        judge.otherwise(request -> {
            String prompt = request.body();
            prompts.add(prompt);
            boolean fail = prompt.contains("Paris") || prompt.contains("Expands on a capability");
            return (fail ? ChatReply.fail("checked") : ChatReply.pass("checked")).usage(10, 5);
        });
    }

    @AfterEach
    void stopJudge() {
        judge.close();
    }

    private CommandResult run(String suite) {
        return CommandRunner.in(dir).withVariable("AGENT_EVAL_JUDGE_API_KEY", "judge-key-1234").run("run", suite,
                "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1", "--judge", "openai", "--judge-url",
                judge.url().toString(), "--judge-model", "judge-model", "--report-dir", "reports");
    }

    @Test
    void the_support_agent_suite_sends_each_criteria_to_the_judge_and_fails_the_turn_it_rejects() throws IOException {
        CommandResult r = run("support-agent/eval/eval.yaml");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
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
        CommandResult r = run("maintenance-agent/eval/eval.yaml");

        assertThat(r.exitCode()).as(r.toString()).isZero(); // open-work-orders fails, as expected
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
