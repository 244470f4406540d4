package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.Baseline;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTML page, byte for byte, against golden files. A change to the page is a change to these
 * files, made on purpose: the rendered text is left in {@code target/html-golden/}; diff it, then
 * copy it over the golden file (last: failures first, sortable table, case anchors by id, agent,
 * judge and fingerprint in the header, words not broken mid-word; the baseline section's paired tests;
 * a repeated run's attempt pass rate and pass@k / pass^k).
 */
class HtmlReportGoldenTest {

    @ParameterizedTest
    @ValueSource(strings = {"mixed", "baseline", "empty"})
    void should_render_the_page_as_before(String name) throws IOException {
        String actual = render(name);
        Path out = Path.of("target", "html-golden", name + ".html");
        Files.createDirectories(out.getParent());
        Files.writeString(out, actual, StandardCharsets.UTF_8);

        String resource = "golden/" + name + ".html";
        try (InputStream in = HtmlReportGoldenTest.class.getResourceAsStream(resource)) {
            assertThat(in).as("golden file %s", resource).isNotNull();
            byte[] expected = in.readAllBytes();
            assertThat(actual.getBytes(StandardCharsets.UTF_8)).as("%s, byte for byte (see %s)", resource, out)
                    .isEqualTo(expected);
        }
    }

    private static String render(String name) throws IOException {
        StringWriter out = new StringWriter();
        switch (name) {
            case "mixed" -> HtmlReport.write(HtmlReportTest.withHostileAndJudgeCases(), out);
            case "baseline" -> HtmlReport.write(SampleResults.mixed(),
                    Baseline.of(SampleResults.allPassed()).withSource("previous/results.json").compare(SampleResults.mixed()),
                    out);
            case "empty" -> HtmlReport.write(new SuiteResult("nothing", SampleResults.STARTED,
                    java.time.Duration.ZERO, true, List.of()), out);
            default -> throw new IllegalArgumentException(name);
        }
        return out.toString();
    }
}
