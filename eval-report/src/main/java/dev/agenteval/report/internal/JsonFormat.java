package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/** The {@code json} report format: the JSON report (results.json), with its baseline section when compared. */
public final class JsonFormat implements ReportFormat {

    @Override
    public String id() {
        return "json";
    }

    @Override
    public String fileName() {
        return Reports.JSON_FILE;
    }

    @Override
    public String description() {
        return "the JSON report (results.json), with its baseline section when compared";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        return new FileSink(file, "JSON", JsonReport.renderer(ReportText.comparison(options),
                ReportText.confidence(options)));
    }
}
