package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports whose cases are rendered as they finish ({@link FileSink.CaseRenderer}) write the
 * same bytes as when everything is rendered at the end.
 */
class CaseFragmentsTest {

    @TempDir
    Path dir;

    /** The sample cases, many times over under new ids, so the background renderer has work. */
    private static SuiteResult many(int copies) {
        List<CaseResult> cases = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            for (CaseResult c : SampleResults.mixed().cases()) {
                cases.add(renamed(c, c.id() + "-" + i));
            }
        }
        return new SuiteResult("pharmacy", SampleResults.STARTED, Duration.ofMillis(12345), false, cases);
    }

    private static CaseResult renamed(CaseResult c, String id) {
        return new CaseResult(id, c.tags(), c.expectPass(), c.status(), c.reason(), c.duration(), c.usage(),
                c.attempts(), c.passThreshold());
    }

    /** An equal-looking result of the same id that says something else: must never be taken for the original. */
    private static CaseResult replaced(CaseResult c) {
        return new CaseResult(c.id(), c.tags(), c.expectPass(), c.status(), c.reason() + " (rewritten)", c.duration(),
                c.usage(), c.attempts(), c.passThreshold());
    }

    private static List<Function<Path, ResultSink>> sinks(Baseline baseline) {
        ReportOptions compared = ReportOptions.none().with(Baseline.class, baseline);
        ReportOptions verbose = ReportOptions.none().with(Reports.Detail.class, Reports.Detail.VERBOSE);
        return List.of(f -> Reports.sink("json", f), f -> Reports.sink("md", f), f -> Reports.sink("md", f, verbose),
                f -> Reports.sink("json", f, compared), f -> Reports.sink("md", f, compared),
                f -> Reports.sink("md", f, compared.with(Reports.Detail.class, Reports.Detail.VERBOSE)));
    }

    private byte[] written(Function<Path, ResultSink> sink, SuiteResult result) throws IOException {
        Path file = dir.resolve("plain-" + System.nanoTime());
        sink.apply(file).write(result);
        return Files.readAllBytes(file);
    }

    private static Baseline baseline() {
        return Baseline.of(SampleResults.allPassed());
    }

    @Test
    void should_write_the_same_bytes_with_the_cases_rendered_as_they_finished() throws Exception {
        SuiteResult result = many(40);
        for (Function<Path, ResultSink> make : sinks(baseline())) {
            byte[] expected = written(make, result);
            Path file = dir.resolve("ahead-" + System.nanoTime());
            ResultSink sink = make.apply(file);
            ExecutorService threads = Executors.newFixedThreadPool(8);
            for (CaseResult c : result.cases()) {
                threads.execute(() -> sink.caseFinished(c));
            }
            threads.shutdown();
            assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            sink.write(result);
            assertThat(Files.readAllBytes(file)).isEqualTo(expected);
        }
    }

    @Test
    void should_render_at_write_the_cases_replaced_or_never_announced() throws Exception {
        SuiteResult finished = many(10);
        List<CaseResult> cases = new ArrayList<>(finished.cases());
        for (int i = 0; i < cases.size(); i += 3) {
            cases.set(i, replaced(cases.get(i)));   // rewritten after caseFinished: same id, new object
        }
        cases.add(SampleResults.later());            // e.g. a skipped case made at the end
        SuiteResult result = new SuiteResult("pharmacy", SampleResults.STARTED, Duration.ofMillis(12345), false, cases);
        for (Function<Path, ResultSink> make : sinks(baseline())) {
            byte[] expected = written(make, result);
            assertThat(new String(expected, java.nio.charset.StandardCharsets.UTF_8)).contains("(rewritten)");
            Path file = dir.resolve("ahead-" + System.nanoTime());
            ResultSink sink = make.apply(file);
            finished.cases().forEach(sink::caseFinished);
            sink.write(result);
            assertThat(Files.readAllBytes(file)).isEqualTo(expected);
        }
    }

    @Test
    void should_start_over_after_each_write() throws Exception {
        SuiteResult first = many(5);
        SuiteResult second = many(3);
        for (Function<Path, ResultSink> make : sinks(baseline())) {
            Path file = dir.resolve("twice-" + System.nanoTime());
            ResultSink sink = make.apply(file);
            first.cases().forEach(sink::caseFinished);
            sink.write(first);
            assertThat(Files.readAllBytes(file)).isEqualTo(written(make, first));
            second.cases().forEach(sink::caseFinished);
            sink.write(second);
            assertThat(Files.readAllBytes(file)).isEqualTo(written(make, second));
            sink.write(first);   // nothing announced this time
            assertThat(Files.readAllBytes(file)).isEqualTo(written(make, first));
        }
    }

    @Test
    void should_match_the_text_renderers() throws Exception {
        SuiteResult result = many(3);
        Path json = dir.resolve("results.json");
        Path md = dir.resolve("results.md");
        ResultSink sink = Reports.composite(List.of(Reports.sink("json", json), Reports.sink("md", md)));
        result.cases().forEach(sink::caseFinished);
        sink.write(result);
        assertThat(Files.readString(json)).isEqualTo(Reports.render("json", result));
        assertThat(Files.readString(md)).isEqualTo(Reports.render("md", result));
    }

    @Test
    void should_render_at_write_a_case_whose_rendering_ahead_failed() throws Exception {
        SuiteResult result = many(4);
        FileSink.CaseRenderer json = JsonReport.renderer(r -> null);
        java.util.concurrent.atomic.AtomicInteger failures = new java.util.concurrent.atomic.AtomicInteger();
        FileSink.CaseRenderer failingAhead = new FileSink.CaseRenderer() {
            @Override
            public byte[] renderCase(CaseResult c) throws IOException {
                if (c.id().startsWith("slow")) {
                    failures.incrementAndGet();
                    throw new IOException("disk full");
                }
                return json.renderCase(c);
            }

            @Override
            public void write(SuiteResult r, Function<CaseResult, byte[]> rendered, java.io.Writer out) throws IOException {
                json.write(r, rendered, out);
            }
        };
        Path file = dir.resolve("results.json");
        FileSink sink = new FileSink(file, "JSON", failingAhead);
        result.cases().forEach(sink::caseFinished);
        sink.write(result);
        assertThat(failures.get()).isEqualTo(4);
        assertThat(Files.readString(file)).isEqualTo(Reports.render("json", result));
    }
}
