/**
 * Reports of a run: {@code Reports} (JSON, Markdown, JUnit XML, HTML, console sinks, atomic and
 * streamed), the results.json reader, {@code Baseline} and its {@code BaselineComparison},
 * {@code Gate}, and {@code SuiteResults} for merging shards.
 */
module dev.agenteval.report {
    requires transitive dev.agenteval.core;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.report;
}
