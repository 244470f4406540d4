package dev.agenteval.report.internal;

import dev.agenteval.report.Baseline;
import dev.agenteval.report.Reports;
import dev.agenteval.report.internal.ConsoleSink;
import dev.agenteval.report.internal.FileSink;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/**
 * The {@code console} report format: the summary {@link Reports#console} prints (no colours),
 * written to a file ({@value Reports#SUMMARY_FILE}), with the baseline comparison when compared.
 */
public final class ConsoleFormat implements ReportFormat {

    @Override
    public String id() {
        return "console";
    }

    @Override
    public String fileName() {
        return Reports.SUMMARY_FILE;
    }

    @Override
    public String description() {
        return "the console summary as plain text (summary.txt)";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        Baseline baseline = options.get(Baseline.class).orElse(null);
        return new FileSink(file, "summary", (result, out) ->
                out.write(ConsoleSink.render(result, false, baseline == null ? null : baseline.compare(result))));
    }
}
