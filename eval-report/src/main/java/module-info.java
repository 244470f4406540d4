/**
 * Reports of a run: {@code Reports} (JSON, Markdown, JUnit XML, HTML, console sinks, atomic and
 * streamed), the results.json reader, {@code Baseline} and its {@code BaselineComparison},
 * {@code Gate}, and {@code SuiteResults} for merging shards. Its report formats are
 * {@code dev.agenteval.spi.ReportFormat} services, found by id as a plugin's are.
 */
module dev.agenteval.report {
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.report;
    exports dev.agenteval.report.stats;

    provides dev.agenteval.spi.ReportFormat with
            dev.agenteval.report.internal.JsonFormat,
            dev.agenteval.report.internal.MarkdownFormat,
            dev.agenteval.report.internal.JUnitXmlFormat,
            dev.agenteval.report.internal.HtmlFormat,
            dev.agenteval.report.internal.ConsoleFormat,
            dev.agenteval.report.internal.HarnessFormat;
}
