package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/**
 * The {@code harness} report format: the Python harness's result file ({@value Reports#HARNESS_FILE})
 * and its Markdown sibling ({@code harness.md}), for tooling that reads the harness's output. It
 * does not compare with a baseline: the harness's file has no place for one.
 */
public final class HarnessFormat implements ReportFormat {

    @Override
    public String id() {
        return "harness";
    }

    @Override
    public String fileName() {
        return Reports.HARNESS_FILE;
    }

    @Override
    public String description() {
        return "the Python harness's result file (harness.json) and its Markdown sibling (harness.md)";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        return Reports.harness(file);
    }
}
