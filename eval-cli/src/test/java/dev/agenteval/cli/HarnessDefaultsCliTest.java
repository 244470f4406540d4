package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A harness user's {@code evals/} tree through {@code agent-eval run}: the {@code _defaults.yaml}
 * files of the repository reach the run (the message they give is what the agent receives, their
 * variables resolve in expectations) and {@code {{today}}} in {@code must_include} is the run's UTC
 * date; a folder run never runs a {@code _defaults.yaml}.
 */
class HarnessDefaultsCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private CommandResult run(String... args) {
        return CommandRunner.in(dir).run(args);
    }

    private Path write(String relative, String text) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void should_run_a_suite_with_its_folder_defaults_and_todays_date_in_must_include() throws IOException {
        Files.createDirectories(dir.resolve(".git"));
        write("_defaults.yaml", """
                globals:
                  variables:
                    team: root-team
                  message:
                    message:
                      parts: [{kind: text, text: DEFAULTS_PROMPT}]
                      metadata: {source: defaults}
                """);
        write("evals/_defaults.yaml", """
                globals:
                  variables:
                    team: evals-team
                """);
        Path suite = write("evals/daily.yaml", """
                evals:
                  - name: dated
                    expectations:
                      must_include: ["{{today}}", "{{team}}"]
                """);
        // The run dates itself when it starts; a run started just before midnight sees the next day.
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String answer = "Report of " + today + " (or " + today.plusDays(1) + ") by evals-team.";
        Path reports = dir.resolve("reports");

        CommandResult r;
        try (FakeA2aAgent agent = FakeA2aAgent.start().when("DEFAULTS_PROMPT", A2aReply.completed(answer))) {
            r = run("run", suite.toString(), "--protocol", "a2a", "--agent-url", agent.url().toString(),
                    "--report-dir", reports.toString());
        }

        String output = r.toString();
        assertThat(r.exitCode()).as(output).isZero();
        JsonNode kase = JSON.readTree(reports.resolve("results.json").toFile()).path("cases").get(0);
        assertThat(kase.path("status").asText()).as(output).isEqualTo("passed");
        JsonNode turn = kase.path("turns").get(0);
        assertThat(turn.path("input").asText()).isEqualTo("DEFAULTS_PROMPT");
        assertThat(turn.path("request").toString()).contains("\"metadata\":{\"source\":\"defaults\"}");
        List<String> labels = new ArrayList<>();
        turn.path("scores").get(0).path("checks").forEach(c -> labels.add(c.path("label").asText()));
        assertThat(turn.path("scores").get(0).path("type").asText()).isEqualTo("must_include");
        assertThat(labels).hasSize(2).endsWith("evals-team");
        assertThat(labels.get(0)).isIn(today.toString(), today.plusDays(1).toString());
    }

    @Test
    void should_never_run_a_defaults_file_in_a_folder_run() throws IOException {
        write("evals/_defaults.yaml", "globals:\n  concurrency: 2\n");
        write("evals/hello.yaml", """
                evals:
                  - name: hello
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                """);

        CommandResult r = run("validate", "evals");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("OK hello: 1 case").doesNotContain("_defaults");
    }
}
