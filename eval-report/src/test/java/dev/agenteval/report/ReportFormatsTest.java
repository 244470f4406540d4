package dev.agenteval.report;

import dev.agenteval.results.ResultsFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.Providers;
import dev.agenteval.report.internal.ConsoleSink;
import dev.agenteval.report.internal.HarnessTranscript;
import dev.agenteval.report.internal.HtmlReport;
import dev.agenteval.report.internal.JUnitXmlFormat;
import dev.agenteval.report.internal.JsonReport;
import dev.agenteval.report.internal.MarkdownReport;
import dev.agenteval.report.internal.SampleResults;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Report formats chosen by id: the built-ins as services, {@link Reports#folder}, a plugin's own. */
class ReportFormatsTest {

    @TempDir
    Path dir;

    private final SuiteResult result = SampleResults.mixed();

    /** A plugin's format: the suite name and pass rate in one line. */
    static final class OneLineFormat implements ReportFormat {
        private final String id;

        OneLineFormat(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public String fileName() {
            return "one-line.txt";
        }

        @Override
        public ResultSink create(Path file, ReportOptions options) {
            return r -> Files.writeString(file, r.suite() + " " + r.summary().passRate() + "\n");
        }
    }

    @Test
    void should_find_the_built_in_formats_as_services() {
        Providers providers = Providers.discover();

        assertThat(providers.reportFormatIds()).containsExactly("console", "harness", "html", "json", "junit", "md");
        assertThat(providers.reportFormat("json").fileName()).isEqualTo(ResultsFile.FILE_NAME);
        assertThat(providers.reportFormat("md").fileName()).isEqualTo("results.md");
        assertThat(providers.reportFormat("junit").fileName()).isEqualTo("junit.xml");
        assertThat(providers.reportFormat("html").fileName()).isEqualTo("report.html");
        assertThat(providers.reportFormat("console").fileName()).isEqualTo("summary.txt");
        assertThat(providers.reportFormat("harness").fileName()).isEqualTo("harness.json");
        assertThat(Reports.formats().stream().map(ReportFormat::id))
                .containsExactly("console", "harness", "html", "json", "junit", "md");
        assertThat(Reports.defaultFormats().stream().map(ReportFormat::id)).containsExactly("json", "md", "junit", "html");
        assertThat(Reports.format("junit")).isInstanceOf(JUnitXmlFormat.class);
    }

    @Test
    void should_look_a_format_up_by_id_naming_the_known_ones_and_the_closest() {
        assertThatThrownBy(() -> Reports.format("jsno"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("unknown report format 'jsno'; known: console, harness, html, json, junit, md"
                        + " — did you mean 'json'?");
        assertThatThrownBy(() -> Reports.sink("htm", dir.resolve("x.html")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("did you mean 'html'?");
    }

    @Test
    void should_render_a_format_by_id_as_its_sink_writes_it() throws Exception {
        SuiteResult result = SampleResults.mixed();
        Reports.sink("md", dir.resolve("any-name.md")).write(result);

        assertThat(Reports.render("md", result)).isEqualTo(Files.readString(dir.resolve("any-name.md")))
                .isEqualTo(MarkdownReport.render(result));
        assertThat(Reports.render("junit", result)).startsWith("<?xml");
    }

    @Test
    void should_list_the_known_formats_for_an_unknown_id() {
        assertThatThrownBy(() -> Providers.discover().reportFormat("xml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("unknown report format 'xml'; known: console, harness, html, json, junit, md");
    }

    @Test
    void should_refuse_a_second_format_with_the_same_id_naming_both_classes() {
        Providers providers = Providers.discover();

        assertThatThrownBy(() -> providers.withReportFormat(new OneLineFormat("json")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("duplicate report format id 'json'")
                .hasMessageContaining("JsonFormat")
                .hasMessageContaining(OneLineFormat.class.getName());
        assertThatThrownBy(() -> providers.withReportFormat(new OneLineFormat("One Line")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid id 'One Line'");
    }

    @Test
    void should_write_only_the_formats_given() throws Exception {
        Providers providers = Providers.discover();

        Reports.folder(dir, List.of(providers.reportFormat("json"))).write(result);

        assertThat(names(dir)).containsExactly("results.json");
        assertThat(Files.readString(dir.resolve("results.json"), StandardCharsets.UTF_8)).isEqualTo(Reports.render("json", result));
    }

    @Test
    void should_write_a_plugin_format_beside_the_built_ins() throws Exception {
        Providers providers = Providers.discover().withReportFormat(new OneLineFormat("one-line"));

        Reports.folder(dir, List.of(providers.reportFormat("one-line"), providers.reportFormat("console"),
                providers.reportFormat("html"))).write(result);

        assertThat(names(dir)).containsExactly("one-line.txt", "report.html", "summary.txt");
        assertThat(Files.readString(dir.resolve("one-line.txt"))).isEqualTo("pharmacy " + result.summary().passRate() + "\n");
        assertThat(Files.readString(dir.resolve("summary.txt"), StandardCharsets.UTF_8))
                .isEqualTo(ConsoleSink.render(result, false));
        assertThat(Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8)).isEqualTo(HtmlReport.render(result));
    }

    @Test
    void should_hand_the_baseline_to_the_formats_that_compare() throws Exception {
        Baseline baseline = Baseline.of(SampleResults.allPassed()).withSource("previous/results.json");

        Reports.folder(dir, Reports.formats(), ReportOptions.none().with(Baseline.class, baseline)).write(result);

        assertThat(names(dir)).containsExactly("harness.json", "harness.md", "junit.xml", "report.html", "results.json",
                "results.md", "summary.txt");
        assertThat(Files.readString(dir.resolve("harness.json"), StandardCharsets.UTF_8))
                .as("the harness format has no baseline section").isEqualTo(Reports.render("harness", result));
        assertThat(Files.readString(dir.resolve("harness.md"), StandardCharsets.UTF_8))
                .isEqualTo(HarnessTranscript.render(result));
        BaselineComparison comparison = baseline.compare(result);
        assertThat(Files.readString(dir.resolve("results.json"), StandardCharsets.UTF_8))
                .isEqualTo(JsonReport.render(result, comparison));
        assertThat(Files.readString(dir.resolve("results.md"), StandardCharsets.UTF_8))
                .isEqualTo(MarkdownReport.render(result, comparison));
        assertThat(Files.readString(dir.resolve("summary.txt"), StandardCharsets.UTF_8))
                .isEqualTo(ConsoleSink.render(result, false, comparison));
    }

    @Test
    void should_write_the_same_files_through_all_as_through_the_default_formats() throws Exception {
        Path viaAll = dir.resolve("all");
        Path viaIds = dir.resolve("ids");
        Providers providers = Providers.discover();

        Reports.all(viaAll).write(result);
        Reports.folder(viaIds, Reports.DEFAULT_FORMATS.stream().map(providers::reportFormat).toList()).write(result);

        assertThat(names(viaIds)).isEqualTo(names(viaAll)).containsExactly("junit.xml", "report.html", "results.json", "results.md");
        for (String name : names(viaAll)) {
            assertThat(Files.readString(viaIds.resolve(name))).as(name).isEqualTo(Files.readString(viaAll.resolve(name)));
        }
    }

    @Test
    void should_refuse_no_formats_and_two_formats_writing_one_file() {
        assertThatThrownBy(() -> Reports.folder(dir, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("no report format given");
        assertThatThrownBy(() -> Reports.folder(dir, List.of(new OneLineFormat("a"), new OneLineFormat("b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("report formats 'a' and 'b' both write one-line.txt");
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
