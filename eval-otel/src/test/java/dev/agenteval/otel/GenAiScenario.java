package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The spans an agent instrumented with the GenAI semantic conventions exports for one turn, made
 * with an official SDK ({@link #emitWithJavaSdk}, and {@code src/test/otel-js/export.mjs} for the
 * JS SDK: the same scenario), and what the receiver must make of them ({@link #assertReceived}):
 * an {@code invoke_agent} span continuing the evaluation's {@code traceparent}, under it a chat span
 * with token usage and two {@code execute_tool} spans, the second started later but ended (so
 * exported) first, failed, with an event.
 */
final class GenAiScenario {

    /** The evaluation's turn: the trace and the parent span the agent's traceparent names. */
    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String TURN_SPAN_ID = "00f067aa0ba902b7";
    static final String TRACEPARENT = "00-" + TRACE_ID + "-" + TURN_SPAN_ID + "-01";

    /** 2026-01-01T00:00:00Z in milliseconds: the scenario's times are offsets from it. */
    static final long T0_MILLIS = 1767225600000L;

    private GenAiScenario() {
    }

    static long at(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(T0_MILLIS + millis);
    }

    /** The scenario with the Java SDK, each span exported through {@code exporter} as it ends; returns the agent span's id. */
    static String emitWithJavaSdk(SpanExporter exporter) {
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), "java-agent")))
                .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                .build();
        try {
            Tracer tracer = provider.get("agent-eval-otel-java-test", "1.0.0");
            Context turn = Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(TRACE_ID, TURN_SPAN_ID,
                    TraceFlags.getSampled(), TraceState.getDefault())));
            Span agent = tracer.spanBuilder("invoke_agent weather-agent").setParent(turn).setSpanKind(SpanKind.SERVER)
                    .setStartTimestamp(at(0), TimeUnit.NANOSECONDS)
                    .setAttribute("gen_ai.operation.name", "invoke_agent")
                    .setAttribute("gen_ai.agent.name", "weather-agent")
                    .setAttribute("test.count", 7L)
                    .setAttribute("test.ratio", 0.5)
                    .setAttribute("test.flag", true)
                    .setAttribute(AttributeKey.stringArrayKey("test.names"), List.of("a", "b"))
                    .startSpan();
            Context inAgent = turn.with(agent);
            tracer.spanBuilder("chat gpt-4o").setParent(inAgent).setSpanKind(SpanKind.CLIENT)
                    .setStartTimestamp(at(1), TimeUnit.NANOSECONDS)
                    .setAttribute("gen_ai.operation.name", "chat")
                    .setAttribute("gen_ai.request.model", "gpt-4o")
                    .setAttribute("gen_ai.response.model", "gpt-4o-2024-08-06")
                    .setAttribute("gen_ai.usage.input_tokens", 120L)
                    .setAttribute("gen_ai.usage.output_tokens", 30L)
                    .startSpan().end(at(5), TimeUnit.NANOSECONDS);
            Span weather = tool(tracer, inAgent, 10, "get_weather", "call-1", "{\"city\":\"Paris\"}",
                    "{\"temperature\":21,\"unit\":\"C\"}");
            Span booking = tool(tracer, inAgent, 30, "book_table", "call-2",
                    "{\"restaurant\":\"Chez Nous\",\"people\":2}", "no table left");
            booking.addEvent("retry", Attributes.of(AttributeKey.longKey("attempt"), 2L), at(35), TimeUnit.NANOSECONDS);
            booking.setStatus(StatusCode.ERROR, "fully booked");
            booking.end(at(40), TimeUnit.NANOSECONDS);
            weather.end(at(20), TimeUnit.NANOSECONDS);
            agent.end(at(50), TimeUnit.NANOSECONDS);
            assertThat(provider.forceFlush().join(30, TimeUnit.SECONDS).isSuccess()).as("the SDK's export succeeded")
                    .isTrue();
            return agent.getSpanContext().getSpanId();
        } finally {
            provider.shutdown().join(30, TimeUnit.SECONDS);
        }
    }

    private static Span tool(Tracer tracer, Context parent, long startMillis, String name, String callId,
                             String arguments, String result) {
        return tracer.spanBuilder("execute_tool " + name).setParent(parent).setSpanKind(SpanKind.INTERNAL)
                .setStartTimestamp(at(startMillis), TimeUnit.NANOSECONDS)
                .setAttribute("gen_ai.operation.name", "execute_tool")
                .setAttribute("gen_ai.tool.name", name)
                .setAttribute("gen_ai.tool.call.id", callId)
                .setAttribute("gen_ai.tool.call.arguments", arguments)
                .setAttribute("gen_ai.tool.call.result", result)
                .startSpan();
    }

    /** The scenario's four spans as received: ids, links, kinds, times, typed attributes, status, event, resource, scope. */
    static void assertReceived(List<OtlpSpan> spans, String agentSpanId, String serviceName, String scopeName) {
        assertThat(spans).extracting(OtlpSpan::name).containsExactlyInAnyOrder("invoke_agent weather-agent",
                "chat gpt-4o", "execute_tool get_weather", "execute_tool book_table");
        assertThat(spans).allSatisfy(s -> {
            assertThat(s.traceId()).isEqualTo(TRACE_ID);
            assertThat(s.serviceName()).isEqualTo(serviceName);
            assertThat(s.scopeName()).isEqualTo(scopeName);
            assertThat(s.scopeVersion()).isEqualTo("1.0.0");
        });
        OtlpSpan agent = named(spans, "invoke_agent weather-agent");
        assertThat(agent.spanId()).isEqualTo(agentSpanId);
        assertThat(agent.parentSpanId()).isEqualTo(TURN_SPAN_ID);
        assertThat(agent.kind()).isEqualTo(OtlpSpan.Kind.SERVER);
        assertThat(agent.startTimeUnixNano()).isEqualTo(at(0));
        assertThat(agent.endTimeUnixNano()).isEqualTo(at(50));
        assertThat(agent.attributes()).containsEntry("gen_ai.operation.name", "invoke_agent")
                .containsEntry("test.count", 7L).containsEntry("test.ratio", 0.5).containsEntry("test.flag", true)
                .containsEntry("test.names", List.of("a", "b"));
        assertThat(agent.statusCode()).isEqualTo(OtlpSpan.StatusCode.UNSET);
        for (String child : List.of("chat gpt-4o", "execute_tool get_weather", "execute_tool book_table")) {
            assertThat(named(spans, child).parentSpanId()).as(child + "'s parent").isEqualTo(agentSpanId);
        }
        OtlpSpan chat = named(spans, "chat gpt-4o");
        assertThat(chat.kind()).isEqualTo(OtlpSpan.Kind.CLIENT);
        assertThat(chat.attributes()).containsEntry("gen_ai.usage.input_tokens", 120L)
                .containsEntry("gen_ai.usage.output_tokens", 30L);
        OtlpSpan booking = named(spans, "execute_tool book_table");
        assertThat(booking.kind()).isEqualTo(OtlpSpan.Kind.INTERNAL);
        assertThat(booking.startTimeUnixNano()).isEqualTo(at(30));
        assertThat(booking.endTimeUnixNano()).isEqualTo(at(40));
        assertThat(booking.statusCode()).isEqualTo(OtlpSpan.StatusCode.ERROR);
        assertThat(booking.statusMessage()).isEqualTo("fully booked");
        assertThat(booking.events()).containsExactly(new OtlpSpan.Event(at(35), "retry", Map.of("attempt", 2L)));
        assertThat(named(spans, "execute_tool get_weather").attributes())
                .containsEntry("gen_ai.tool.call.id", "call-1");

        AgentTrace turn = AgentTrace.of(spans).under(TURN_SPAN_ID);
        assertThat(turn.toolCalls()).containsExactly(
                new ToolCall("get_weather", Map.of("city", "Paris"), Map.of("temperature", 21, "unit", "C")),
                new ToolCall("book_table", Map.of("restaurant", "Chez Nous", "people", 2), "no table left")
                        .withError("fully booked"));
        assertThat(turn.usage()).isEqualTo(Usage.tokens(120, 30).withModel("gpt-4o-2024-08-06"));
        assertThat(AgentTrace.of(spans).under("0123456789abcdef").toolCalls()).as("another turn's subtree").isEmpty();
    }

    static OtlpSpan named(List<OtlpSpan> spans, String name) {
        return spans.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no span named '" + name + "' in " + spans));
    }
}
