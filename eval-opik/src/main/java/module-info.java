/**
 * Records a run in Opik ({@code OpikSink}): a dataset item per case, upserted by content, an
 * experiment on that dataset, a trace per case when the agent reported none, an experiment item
 * linking each case's dataset item to its trace, and a feedback score per check.
 */
module dev.agenteval.opik {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.api;
    requires dev.agenteval.core;
    requires dev.agenteval.common;
    requires transitive dev.agenteval.http; // OpikSink.Builder takes its RetryPolicy
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.opik;
}
