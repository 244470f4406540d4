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
 * The {@code html} report format: the self-contained HTML report (report.html), regressions highlighted when compared.
 *
 * <p>One self-contained page (inline style and script, nothing fetched; a content security policy
 * forbids anything else): the pass rate, counts, duration, agent and judge usage, a table of the
 * cases, and per case its verdict, failed checks and harness failures, and every turn's input,
 * answer, state, tool calls, usage and scores with their reasons (judge reasons included), the
 * request and raw response folded away. Readable on phones and desktops; without script it shows
 * everything, with it a filter by verdict. Agent text is HTML-escaped.
 */
public final class HtmlFormat implements ReportFormat {

    /** The file it writes in a report folder. */
    public static final String FILE_NAME = "report.html";

    @Override
    public String id() {
        return "html";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
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
