package dev.agenteval.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.internal.SampleResults;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's reports share one comparison with the baseline, however many there are. */
class BaselineComparedOnceTest {

    @TempDir
    Path dir;

    private final SuiteResult earlier = SampleResults.allPassed();
    private final SuiteResult current = SampleResults.mixed();

    /** A plugin's format that records the comparison it is handed by the baseline of its options. */
    private static final class Recording implements ReportFormat {
        final List<BaselineComparison> seen = new ArrayList<>();

        @Override
        public String id() {
            return "recording";
        }

        @Override
        public String fileName() {
            return "recorded.txt";
        }

        @Override
        public ResultSink create(Path file, ReportOptions options) {
            Baseline baseline = options.get(Baseline.class).orElseThrow();
            return r -> {
                BaselineComparison comparison = baseline.compare(r);
                seen.add(comparison);
                Files.writeString(file, comparison.regressions().size() + " regressed\n");
            };
        }
    }

    /** Every sink a run can write with a baseline: each format of a folder, the single-file ones, the console. */
    private static List<ResultSink> everySink(Path dir, Baseline baseline, Recording recording, PrintStream console) {
        List<ReportFormat> formats = new ArrayList<>(Reports.formats());
        formats.add(recording);
        ReportOptions compared = ReportOptions.none().with(Baseline.class, baseline);
        return List.of(Reports.console(console, false, false, baseline, Confidence.DEFAULT),
                Reports.folder(dir.resolve("all"), formats, compared), Reports.sink("json", dir.resolve("out.json"), compared),
                Reports.sink("md", dir.resolve("out.md"), compared), Reports.sink("html", dir.resolve("out.html"), compared));
    }

    @Test
    void should_compare_a_result_once_for_every_report_of_it() throws Exception {
        Baseline baseline = Baseline.of(earlier);
        Recording recording = new Recording();
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        for (ResultSink sink : everySink(dir, baseline, recording, new PrintStream(console, true, StandardCharsets.UTF_8))) {
            sink.write(current);
        }

        assertThat(comparisons(baseline)).isEqualTo(1);
        assertThat(recording.seen).singleElement().isSameAs(baseline.compare(current));
        assertThat(comparisons(baseline)).isEqualTo(1);
    }

    @Test
    void should_write_the_same_reports_as_separate_baselines_comparing_each_on_its_own() throws Exception {
        Path shared = dir.resolve("shared");
        Path separate = dir.resolve("separate");
        Baseline baseline = Baseline.of(earlier);
        ByteArrayOutputStream sharedConsole = new ByteArrayOutputStream();
        ByteArrayOutputStream separateConsole = new ByteArrayOutputStream();

        for (ResultSink sink : everySink(shared, baseline, new Recording(),
                new PrintStream(sharedConsole, true, StandardCharsets.UTF_8))) {
            sink.write(current);
        }
        PrintStream separateOut = new PrintStream(separateConsole, true, StandardCharsets.UTF_8);
        int count = everySink(separate, Baseline.of(earlier), new Recording(), separateOut).size();
        for (int i = 0; i < count; i++) {
            // A baseline of its own for each sink: nothing is shared, every report compares for itself.
            everySink(separate, Baseline.of(earlier), new Recording(), separateOut).get(i).write(current);
        }

        assertThat(sharedConsole.toString(StandardCharsets.UTF_8)).isEqualTo(separateConsole.toString(StandardCharsets.UTF_8));
        try (var files = Files.walk(shared)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(separate.resolve(shared.relativize(f))).hasSameBinaryContentAs(f);
            }
        }
    }

    @Test
    void should_compare_another_result_anew() throws Exception {
        Baseline baseline = Baseline.of(earlier);
        SuiteResult other = SampleResults.mixed();

        BaselineComparison first = baseline.compare(current);
        BaselineComparison second = baseline.compare(other);

        assertThat(second).isNotSameAs(first).isEqualTo(first);
        assertThat(comparisons(baseline)).isEqualTo(2);
    }

    /**
     * How many comparisons {@code baseline} has worked out: its package-private counter, which
     * eval-results opens to this module's tests only (the surefire argLine's --add-opens).
     */
    private static int comparisons(Baseline baseline) throws ReflectiveOperationException {
        java.lang.reflect.Method count = Baseline.class.getDeclaredMethod("comparisons");
        count.setAccessible(true);
        return (int) count.invoke(baseline);
    }
}
