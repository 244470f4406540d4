package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.TurnHook;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;

/**
 * W3C trace context for each turn: a random trace id per case attempt (a new one on each attempt's
 * first turn), a random span id per turn, sampled, sent as {@code traceparent} (with a configured
 * {@code tracestate} passed through as it is) so that the agent's spans join one trace per attempt,
 * each turn's under its own parent span. The response scored records the trace id, and, with a
 * link template ({@code {traceId}} in it, e.g. {@code http://jaeger:16686/trace/{traceId}}), a link
 * to the trace when the agent gave none.
 */
@API(status = EXPERIMENTAL)
public final class TraceContextHook implements TurnHook {

    /** The placeholder a link template puts the trace id at. */
    public static final String TRACE_ID = "{traceId}";

    private final RandomGenerator random;
    private final String tracestate;
    private final String linkTemplate;
    private final Map<Attempt, String> traces = new ConcurrentHashMap<>();

    private record Attempt(String caseId, int attempt) {
    }

    private TraceContextHook(RandomGenerator random, String tracestate, String linkTemplate) {
        this.random = Objects.requireNonNull(random, "random");
        this.tracestate = tracestate == null || tracestate.isBlank() ? null : tracestate.strip();
        this.linkTemplate = checkedTemplate(linkTemplate);
    }

    /** Random ids from a {@link SecureRandom}, no {@code tracestate}, no link. */
    public static TraceContextHook create() {
        return new TraceContextHook(new SecureRandom(), null, null);
    }

    /** This hook with {@code tracestate} sent with each {@code traceparent} (null or blank: none). */
    public TraceContextHook withTracestate(String tracestate) {
        return new TraceContextHook(random, tracestate, linkTemplate);
    }

    /**
     * This hook with a trace link template holding {@link #TRACE_ID} (null: no link).
     *
     * @throws ConfigurationException when the template has no {@code {traceId}}
     */
    public TraceContextHook withLinkTemplate(String linkTemplate) {
        return new TraceContextHook(random, tracestate, linkTemplate);
    }

    /** This hook with ids from {@code random} (tests). */
    public TraceContextHook withRandom(RandomGenerator random) {
        return new TraceContextHook(random, tracestate, linkTemplate);
    }

    /** The link to a trace by the template, or null when there is no template. */
    public String link(String traceId) {
        return linkTemplate == null ? null : linkTemplate.replace(TRACE_ID, traceId);
    }

    @Override
    public Map<String, String> beforeTurn(TurnInfo turn) {
        Attempt key = new Attempt(turn.testCase().id(), turn.attempt());
        String traceId = turn.turn() == 1 ? null : traces.get(key);
        Traceparent parent = traceId == null ? Traceparent.random(random)
                : Traceparent.inTrace(traceId, random);
        traces.put(key, parent.traceId());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Traceparent.HEADER, parent.header());
        if (tracestate != null) {
            headers.put(Traceparent.STATE_HEADER, tracestate);
        }
        return headers;
    }

    @Override
    public AgentResponse afterTurn(TurnInfo turn, AgentResponse response) {
        return Traceparent.in(turn.headers()).map(p -> {
            AgentResponse.Builder b = response.toBuilder().traceId(p.traceId());
            if (response.traceUrl().isEmpty() && linkTemplate != null) {
                b.traceUrl(link(p.traceId()));
            }
            return b.build();
        }).orElse(response);
    }

    private static String checkedTemplate(String template) {
        if (template == null || template.isBlank()) {
            return null;
        }
        if (!template.contains(TRACE_ID)) {
            throw new ConfigurationException("trace link template '" + template + "' has no " + TRACE_ID
                    + " (e.g. http://localhost:16686/trace/" + TRACE_ID + ")");
        }
        return template.strip();
    }
}
