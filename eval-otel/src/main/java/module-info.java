/**
 * OpenTelemetry for agent-eval: {@code OtlpReceiver}, an embedded OTLP/HTTP trace receiver on
 * 127.0.0.1 that the agent under test exports its spans to (protobuf and JSON encodings), and
 * {@code AgentTrace}, the tool calls and token usage read from those spans (GenAI semantic
 * conventions and OpenInference); the turn hooks {@code TraceContextHook} (W3C trace context on
 * every agent request) and {@code AgentTraceHook} (tool calls and usage from the agent's spans of a
 * turn). Serves HTTP with the JDK's {@code com.sun.net.httpserver}.
 * {@code RunTracer} exports the run itself as a trace (run, case attempts, agent calls with GenAI
 * attributes and evaluation events, judge calls) with the official OpenTelemetry SDK over OTLP/HTTP.
 */
module dev.agenteval.otel {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.api;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;
    requires java.logging;
    requires org.slf4j;
    requires io.opentelemetry.api;
    requires io.opentelemetry.context;
    requires io.opentelemetry.sdk.common;
    requires io.opentelemetry.sdk.trace;
    requires io.opentelemetry.exporter.otlp;

    exports dev.agenteval.otel;
}
