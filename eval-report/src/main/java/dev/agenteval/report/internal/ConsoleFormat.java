package dev.agenteval.report.internal;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.report.Reports;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The {@code console} report format: the summary {@link Reports#console} prints (no colours),
 * written to a file ({@value #FILE_NAME}), with the baseline comparison when compared.
 */
public final class ConsoleFormat implements ReportFormat {

    /** The file it writes in a report folder. */
    public static final String FILE_NAME = "summary.txt";

    @Override
    public String id() {
        return "console";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String description() {
        return "the console summary as plain text (summary.txt)";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        Function<SuiteResult, BaselineComparison> comparison = ReportText.comparison(options);
        Confidence confidence = ReportText.confidence(options);
        return new FileSink(file, "summary", (result, out) ->
                out.write(ConsoleSink.render(result, false, comparison.apply(result), confidence)));
    }
}
