package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/** The {@code md} report format: the Markdown transcript (results.md), with its baseline section when compared. */
public final class MarkdownFormat implements ReportFormat {

    @Override
    public String id() {
        return "md";
    }

    @Override
    public String fileName() {
        return Reports.MARKDOWN_FILE;
    }

    @Override
    public String description() {
        return "the Markdown transcript (results.md), with its baseline section when compared";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        boolean verbose = options.get(Reports.Detail.class).orElse(Reports.Detail.SUMMARY) == Reports.Detail.VERBOSE;
        return new FileSink(file, "Markdown", MarkdownReport.renderer(ReportText.comparison(options), verbose,
                ReportText.confidence(options)));
    }
}
