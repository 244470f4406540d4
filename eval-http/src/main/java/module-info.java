/**
 * JSON over HTTP shared by agent clients, judges and sinks that talk HTTP: {@code HttpJson},
 * {@code RetryPolicy}, {@code Authentication}; the base of an agent protocol over HTTP,
 * {@code HttpAgentProvider}, with its {@code HttpClientSettings}, which the built-in protocols and
 * plugins extend alike; and the typed reader of providers' settings ({@code settings}).
 * resilience4j and {@code java.net.http} live here, not in eval-core; resilience4j stays internal
 * (no exported signature names it), Jackson is required transitively on purpose ({@code HttpJson}
 * answers with its trees).
 */
module dev.agenteval.http {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.api;
    requires dev.agenteval.core;
    requires dev.agenteval.common;
    requires transitive com.fasterxml.jackson.databind;
    requires transitive java.net.http;
    requires io.github.resilience4j.retry;
    requires io.github.resilience4j.core;
    requires org.slf4j;

    exports dev.agenteval.http;
    exports dev.agenteval.http.settings;
}
