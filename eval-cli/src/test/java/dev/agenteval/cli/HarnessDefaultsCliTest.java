package dev.agenteval.cli;

import static dev.agenteval.cli.CannedA2aAgent.task;
import static dev.agenteval.cli.CannedA2aAgent.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.cli.CannedA2aAgent.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));
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

        int code;
        try (CannedA2aAgent agent = new CannedA2aAgent(Wire.V0_3,
                Map.of("DEFAULTS_PROMPT", task("completed").status(text(answer))))) {
            code = run("run", suite.toString(), "--protocol", "a2a", "--agent-url", agent.url().toString(),
                    "--report-dir", reports.toString());
        }

        String output = "exit " + code + "\nstdout:\n" + out.toString(StandardCharsets.UTF_8) + "\nstderr:\n"
                + err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(output).isZero();
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

        assertThat(run("validate", "evals")).as(err.toString(StandardCharsets.UTF_8)).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8)).contains("OK hello: 1 case").doesNotContain("_defaults");
    }
}
