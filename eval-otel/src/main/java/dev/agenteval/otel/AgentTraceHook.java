package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.TurnHook;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Completes a turn's response from the agent's own spans, received by an {@link OtlpReceiver}: tool
 * calls when a scorer of the turn reads them and the response reports none (or
 * {@link ToolCallsFrom#TRACES_FIRST}), token usage when a scorer or the prices read it and the
 * response reports none, and the turn's spans themselves ({@link AgentResponse#traceSpans()}, an
 * empty list when none arrived) when a scorer reads them ({@code TurnInfo#needsSpans}). The turn's
 * trace is found by its {@code traceparent} (put there by
 * {@link TraceContextHook}, which must come first); the hook waits at most {@code wait} for the
 * agent's root span under the turn's span ({@link OtlpReceiver#awaitTurn}) and only when it needs
 * something. The response records where its calls came from: {@code trace}, {@code response}, or
 * {@code no_trace} when no span of the turn arrived in time, which is no error: the turn is scored on
 * what the response has.
 */
@API(status = EXPERIMENTAL)
public final class AgentTraceHook implements TurnHook {

    /** {@link AgentResponse#toolCallsSource()}: the calls are the agent's trace's. */
    public static final String FROM_TRACE = "trace";
    /** {@link AgentResponse#toolCallsSource()}: the calls are the response's. */
    public static final String FROM_RESPONSE = "response";
    /** {@link AgentResponse#toolCallsSource()}: the trace was awaited and no span of the turn arrived. */
    public static final String NO_TRACE = "no_trace";

    private final OtlpReceiver receiver;
    private final Duration wait;
    private final ToolCallsFrom preference;

    /**
     * A hook reading {@code receiver}'s spans, waiting at most {@code wait} per turn.
     *
     * @throws IllegalArgumentException when {@code wait} is negative
     */
    public AgentTraceHook(OtlpReceiver receiver, Duration wait, ToolCallsFrom preference) {
        this.receiver = Objects.requireNonNull(receiver, "receiver");
        this.wait = Objects.requireNonNull(wait, "wait");
        this.preference = Objects.requireNonNull(preference, "preference");
        if (wait.isNegative()) {
            throw new IllegalArgumentException("wait must not be negative but was " + wait);
        }
    }

    @Override
    public AgentResponse afterTurn(TurnInfo turn, AgentResponse response) throws InterruptedException {
        Optional<Traceparent> parent = Traceparent.in(turn.headers());
        boolean wantCalls = turn.needsToolCalls()
                && (preference == ToolCallsFrom.TRACES_FIRST || response.toolCalls().isEmpty());
        boolean wantUsage = turn.needsUsage() && response.usage().isEmpty();
        if (parent.isEmpty() || !wantCalls && !wantUsage && !turn.needsSpans()) {
            return turn.needsToolCalls() ? response.toBuilder().toolCallsSource(FROM_RESPONSE).build() : response;
        }
        AgentTrace trace = receiver.awaitTurn(parent.get().traceId(), parent.get().spanId(), wait);
        AgentResponse.Builder b = response.toBuilder();
        if (turn.needsSpans()) {
            b.traceSpans(trace.spans().stream().map(AgentTraceHook::spanMap).toList());
        }
        if (trace.spans().isEmpty()) {
            return turn.needsToolCalls() ? b.toolCallsSource(NO_TRACE).build() : b.build();
        }
        if (wantCalls) {
            b.clearToolCalls().toolCalls(trace.toolCalls()).toolCallsSource(FROM_TRACE);
        } else if (turn.needsToolCalls()) {
            b.toolCallsSource(FROM_RESPONSE);
        }
        Usage usage = wantUsage ? trace.usage() : null;
        if (usage != null) {
            b.usage(usage);
        }
        return b.build();
    }

    /** A span as {@link AgentResponse#traceSpans()} gives it. */
    static Map<String, Object> spanMap(OtlpSpan s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("spanId", s.spanId());
        if (s.parentSpanId() != null) {
            m.put("parentSpanId", s.parentSpanId());
        }
        m.put("startUnixNano", s.startTimeUnixNano());
        m.put("endUnixNano", s.endTimeUnixNano());
        m.put("status", s.statusCode().name().toLowerCase(Locale.ROOT));
        m.put("statusMessage", Objects.requireNonNullElse(s.statusMessage(), ""));
        Map<String, Object> attributes = new LinkedHashMap<>();
        s.attributes().forEach((k, v) -> attributes.put(k, v == null ? "" : v));
        m.put("attributes", attributes);
        return m;
    }

    @Override
    public String toString() {
        return "AgentTraceHook[" + receiver.tracesEndpoint() + ", wait " + wait + ", " + preference.optionValue() + "]";
    }
}
