package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.report.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/** The {@code junit} report format: JUnit XML (junit.xml), one testcase per case. */
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
        Confidence confidence = ReportText.confidence(options);
        return new FileSink(file, "JUnit XML", (result, out) -> JUnitXmlReport.write(result, confidence, out));
    }
}
