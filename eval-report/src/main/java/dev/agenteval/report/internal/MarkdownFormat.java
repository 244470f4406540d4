package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/**
 * The {@code md} report format: the Markdown transcript (results.md), with its baseline section when compared.
 *
 * <p>A title, a summary table (cases, passed, failed, errored, skipped, pass rate, duration, cost)
 * and a table of the failed and errored cases with why (what a CI job summary shows first), then
 * per case its verdict (✅ passed, ❌ failed, ⚠️ errored,
 * ⏭️ skipped), tags, duration, usage, an {@code Errors:} list derived only from failed checks and
 * harness failures, and every turn's input, request (a passing case's only when verbose), answer, state, tool calls and scores. Text
 * from agents sits in fenced blocks longer than any backtick run inside it. A repeated case also
 * lists its attempts and a {@code Repeats:} line (pass@k, pass^k, flaky, pass threshold); given a
 * {@link dev.agenteval.results.Baseline}, a "Compared with baseline" section precedes the cases.
 */
public final class MarkdownFormat implements ReportFormat {

    /** The file it writes in a report folder. */
    public static final String FILE_NAME = "results.md";

    @Override
    public String id() {
        return "md";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
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
