package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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

    private record Outcome(int code, String out, String err) {
    }

    private Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Outcome runWith(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "greetings.yaml", "--protocol", "test-count",
                "--agent-url", "http://127.0.0.1:1", "--report-dir", "out"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void should_write_only_results_json_with_format_json() throws IOException {
        Outcome o = runWith("--format", "json");

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "results.json");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("out/results.json").toFile())
                .at("/summary/passed").asInt()).isEqualTo(2);
        assertThat(o.out()).as("the console summary is printed whatever the formats").contains("2 passed");
    }

    @Test
    void should_write_the_four_default_files_without_format() throws IOException {
        Outcome o = runWith();

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "junit.xml", "report.html", "results.json", "results.md");
    }

    @Test
    void should_offer_a_plugin_format_registered_as_a_service() throws IOException {
        Outcome o = runWith("--format", "json,tally", "--format", "console");

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(reports()).containsExactly("journal.jsonl", "results.json", "summary.txt", "tally.txt");
        assertThat(Files.readString(dir.resolve("out/tally.txt"))).isEqualTo("2/2\n");
        assertThat(Files.readString(dir.resolve("out/summary.txt"))).contains("2 cases: 2 passed");
    }

    @Test
    void should_refuse_an_unknown_format_listing_the_known_ones_before_sending_anything() {
        Outcome o = runWith("--format", "json,xml");

        assertThat(o.code()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains("--format: unknown report format 'xml'; known: console, harness, html, json, junit, md, tally");
        assertThat(TestAgents.Counting.SENT.get()).isZero();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void should_check_the_format_in_validate_too_and_need_a_report_folder() {
        Outcome validate = run("validate", "greetings.yaml", "--format", "xml", "--report-dir", "out");
        assertThat(validate.code()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(validate.err()).contains("--format: unknown report format 'xml'; known: console, harness, html, json, junit, md, tally");

        Outcome noFolder = run("run", "greetings.yaml", "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1",
                "--format", "json");
        assertThat(noFolder.code()).isEqualTo(AgentEvalCli.INVALID);
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
