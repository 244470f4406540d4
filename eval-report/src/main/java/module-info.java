/**
 * Reports of a run: {@code Reports}, the lookup of report formats by id (its own JSON, Markdown,
 * JUnit XML, HTML, console and harness formats are {@code dev.agenteval.spi.ReportFormat}
 * services, found as a plugin's are) and the console sinks. The results they render from
 * (results.json read back, baselines, gates, statistics) are eval-results'.
 */
// The qualified export names a module built after this one; javac warns that it cannot see it yet.
@SuppressWarnings("module")
module dev.agenteval.report {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    // Reports and ReportOptions take a Baseline; the renderers show eval-results' statistics.
    requires transitive dev.agenteval.results;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.report;
    // eval-judge's CalibrationReports writes its files atomically.
    exports dev.agenteval.report.internal to dev.agenteval.judge;

    uses dev.agenteval.spi.ReportFormat;

    provides dev.agenteval.spi.ReportFormat with
            dev.agenteval.report.internal.JsonFormat,
            dev.agenteval.report.internal.MarkdownFormat,
            dev.agenteval.report.internal.JUnitXmlFormat,
            dev.agenteval.report.internal.HtmlFormat,
            dev.agenteval.report.internal.ConsoleFormat,
            dev.agenteval.report.internal.HarnessFormat;
}
