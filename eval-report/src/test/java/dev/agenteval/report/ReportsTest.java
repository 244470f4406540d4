package dev.agenteval.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.internal.SampleResults;
import dev.agenteval.report.internal.XmlTestSupport;
import dev.agenteval.spi.ResultSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

    @TempDir
    Path dir;

    private final SuiteResult result = SampleResults.mixed();

    @Test
    void should_write_json_markdown_and_junit_files_into_a_new_report_folder() throws Exception {
        Path reportDir = dir.resolve("reports/run-1");

        Reports.all(reportDir).write(result);

        assertThat(names(reportDir)).containsExactly("junit.xml", "report.html", "results.json", "results.md");
        assertThat(Files.readString(reportDir.resolve("results.json"), StandardCharsets.UTF_8))
                .isEqualTo(Reports.render("json", result));
        assertThat(Files.readString(reportDir.resolve("results.md"), StandardCharsets.UTF_8))
                .isEqualTo(Reports.render("md", result));
        assertThat(XmlTestSupport.parse(Files.readString(reportDir.resolve("junit.xml"), StandardCharsets.UTF_8))
                .getDocumentElement().getAttribute("tests")).isEqualTo("5");
    }

    @Test
    void should_write_the_other_files_and_name_the_one_that_failed() throws Exception {
        Files.createDirectories(dir.resolve("junit.xml/blocker"));

        assertThatThrownBy(() -> Reports.all(dir).write(result))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Could not write JUnit XML report to '")
                .hasMessageContaining("junit.xml");

        assertThat(dir.resolve("results.json")).isRegularFile();
        assertThat(dir.resolve("results.md")).isRegularFile();
        assertThat(names(dir)).containsExactly("junit.xml", "report.html", "results.json", "results.md");
    }

    @Test
    void should_overwrite_a_previous_report() throws Exception {
        Path file = dir.resolve("out.json");
        Files.writeString(file, "stale");

        Reports.sink("json", file).write(result);

        assertThat(new ObjectMapper().readTree(file.toFile()).get("suite").asText()).isEqualTo("pharmacy");
    }

    @Test
    void should_write_single_format_sinks() throws Exception {
        Reports.sink("md", dir.resolve("t.md")).write(result);
        Reports.sink("junit", dir.resolve("t.xml")).write(result);

        assertThat(dir.resolve("t.md")).content(StandardCharsets.UTF_8).startsWith("# Eval results: pharmacy");
        assertThat(dir.resolve("t.xml")).content(StandardCharsets.UTF_8).contains("<testsuite name=\"pharmacy\"");
    }

    @Test
    void should_print_console_summary() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultSink sink = Reports.console(new PrintStream(bytes, true, StandardCharsets.UTF_8));

        sink.caseFinished(SampleResults.lookup());
        sink.write(result);

        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed).startsWith("Suite pharmacy")
                .contains("5 cases: 1 passed, 2 failed, 1 errored, 1 skipped; pass rate 20% (95% CI 4-62%, n=5) in 12.345s")
                .contains("  FAIL  lookup (0.5s): must_include 'ibuprofen': not found in response")
                .doesNotContain("\u001b");
    }

    @Test
    void should_render_json_and_markdown_as_text() {
        assertThat(Reports.render("json", result)).startsWith("{\n  \"suite\": \"pharmacy\"");
        assertThat(Reports.render("md", result)).contains("- turn 1: must_include 'ibuprofen': not found in response");
    }

    private static java.util.List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
