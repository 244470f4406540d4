package dev.agenteval.report.internal;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.report.Reports;
import dev.agenteval.report.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;
import java.util.function.Function;

/** The {@code junit} report format: JUnit XML (junit.xml), one testcase per case; the baseline's paired comparison as properties when compared. */
public final class JUnitXmlFormat implements ReportFormat {

    @Override
    public String id() {
        return "junit";
    }

    @Override
    public String fileName() {
        return Reports.JUNIT_FILE;
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
