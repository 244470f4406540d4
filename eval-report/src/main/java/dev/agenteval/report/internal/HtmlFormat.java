package dev.agenteval.report.internal;

import dev.agenteval.report.Baseline;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

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
        return options.get(Baseline.class).map(b -> Reports.html(file, b)).orElseGet(() -> Reports.html(file));
    }
}
