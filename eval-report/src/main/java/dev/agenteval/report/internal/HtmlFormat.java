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

/** The {@code html} report format: the self-contained HTML report (report.html), regressions highlighted when compared. */
public final class HtmlFormat implements ReportFormat {

    @Override
    public String id() {
        return "html";
    }

    @Override
    public String fileName() {
        return Reports.HTML_FILE;
    }

    @Override
    public String description() {
        return "the self-contained HTML report (report.html), regressions highlighted when compared";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        Function<SuiteResult, BaselineComparison> comparison = ReportText.comparison(options);
        Confidence confidence = ReportText.confidence(options);
        return new FileSink(file, "HTML", (r, out) -> HtmlReport.write(r, comparison.apply(r), confidence, out));
    }
}
