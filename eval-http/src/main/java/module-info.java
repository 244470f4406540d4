/**
 * JSON over HTTP shared by agent clients, judges and sinks that talk HTTP: {@code HttpJson},
 * {@code RetryPolicy}, {@code Authentication}, and the typed reader of their providers' settings
 * (exported to agent-eval's agent and judge modules only). resilience4j and {@code java.net.http} live here,
 * not in eval-core.
 */
// The qualified export names modules built after this one; javac warns that it cannot see them yet.
@SuppressWarnings("module")
module dev.agenteval.http {
    requires transitive dev.agenteval.api;
    requires dev.agenteval.core;
    requires dev.agenteval.common;
    requires transitive com.fasterxml.jackson.databind;
    requires transitive java.net.http;
    requires io.github.resilience4j.retry;
    requires io.github.resilience4j.core;
    requires org.slf4j;

    exports dev.agenteval.http;
    exports dev.agenteval.http.settings to dev.agenteval.agents, dev.agenteval.judge;
}
