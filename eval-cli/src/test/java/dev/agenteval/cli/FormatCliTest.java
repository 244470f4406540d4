package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --format}: the report formats a run writes into its report folder, chosen by id, plugins' included. */
class FormatCliTest {

    @TempDir
    Path dir;

    @BeforeEach
    void suites() throws IOException {
        Files.copy(Path.of("src/test/resources/suites/greetings.yaml"), dir.resolve("greetings.yaml"));
        TestAgents.Counting.reset();
    }

    private CommandResult run(String... args) {
        return CommandRunner.in(dir).run(args);
    }

    private CommandResult runWith(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "greetings.yaml", "--protocol", "test-count",
                "--agent-url", "http://127.0.0.1:1", "--report-dir", "out"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void should_write_only_results_json_with_format_json() throws IOException {
        CommandResult o = runWith("--format", "json");

        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "results.json");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("out/results.json").toFile())
                .at("/summary/passed").asInt()).isEqualTo(2);
        assertThat(o.out()).as("the console summary is printed whatever the formats").contains("2 passed");
    }

    @Test
    void should_write_the_four_default_files_without_format() throws IOException {
        CommandResult o = runWith();

        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "junit.xml", "report.html", "results.json", "results.md");
    }

    @Test
    void should_offer_a_plugin_format_registered_as_a_service() throws IOException {
        CommandResult o = runWith("--format", "json,tally", "--format", "console");

        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "results.json", "summary.txt", "tally.txt");
        assertThat(Files.readString(dir.resolve("out/tally.txt"))).isEqualTo("2/2\n");
        assertThat(Files.readString(dir.resolve("out/summary.txt"))).contains("2 cases: 2 passed");
    }

    @Test
    void should_refuse_an_unknown_format_listing_the_known_ones_before_sending_anything() {
        CommandResult o = runWith("--format", "json,xml");

        assertThat(o.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains("--format: unknown report format 'xml'; known: console, harness, html, json, junit, md, tally");
        assertThat(TestAgents.Counting.SENT.get()).isZero();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void should_check_the_format_in_validate_too_and_need_a_report_folder() {
        CommandResult validate = run("validate", "greetings.yaml", "--format", "xml", "--report-dir", "out");
        assertThat(validate.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(validate.err()).contains("--format: unknown report format 'xml'; known: console, harness, html, json, junit, md, tally");

        CommandResult noFolder = run("run", "greetings.yaml", "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1",
                "--format", "json");
        assertThat(noFolder.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(noFolder.err()).contains("--format needs --report-dir DIR");
        assertThat(TestAgents.Counting.SENT.get()).isZero();
    }

    /** The report folder's files (the formats chosen, and the journal every run keeps), without the run's lock file. */
    private List<String> reports() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.equals(".agent-eval.lock")).sorted().toList();
        }
    }
}
