package dev.agenteval.report.internal;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The {@code junit} report format: JUnit XML (junit.xml), one testcase per case.
 *
 * <p>One {@code <testsuite>} named after the suite, one {@code <testcase>} per case: failed cases
 * carry a {@code <failure type="failed">} listing failed checks, errored cases an
 * {@code <error>} whose type is the harness failure code, skipped cases a {@code <skipped>};
 * {@code <system-out>} holds the inputs and answers. The timestamp is UTC. Compared with a baseline,
 * its paired comparison is in the {@code <testsuite>} properties.
 */
public final class JUnitXmlFormat implements ReportFormat {

    /** The file it writes in a report folder. */
    public static final String FILE_NAME = "junit.xml";

    @Override
    public String id() {
        return "junit";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String description() {
        return "JUnit XML (junit.xml), one testcase per case";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        Function<SuiteResult, BaselineComparison> comparison = ReportText.comparison(options);
        Confidence confidence = ReportText.confidence(options);
        return new FileSink(file, "JUnit XML",
                (result, out) -> JUnitXmlReport.write(result, comparison.apply(result), confidence, out));
    }
}
