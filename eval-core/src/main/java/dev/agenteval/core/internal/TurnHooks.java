package dev.agenteval.core.internal;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.TurnHook;
import dev.agenteval.spi.TurnHook.TurnInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's {@link TurnHook}s called as one, in order: headers merged (the first hook's value of a
 * header wins), each hook given the response the previous one completed, and a hook's
 * {@link RuntimeException} logged and ignored. {@code hooks} is not copied (RunSettings' list is immutable).
 */
public record TurnHooks(List<TurnHook> hooks, Providers providers, Prices prices) {

    private static final Logger LOG = LoggerFactory.getLogger(TurnHooks.class);

    /** Turn {@code index} (0-based) of an attempt as the hooks see it, with the headers they give it. */
    TurnInfo before(Case c, int attempt, int index, List<ScorerSpec> specs) {
        TurnInfo info = new TurnInfo(c, attempt, index + 1, Map.of(), reads(specs, ScorerFactory::readsToolCalls),
                !prices.isEmpty() || reads(specs, ScorerFactory::readsUsage), reads(specs, ScorerFactory::readsSpans));
        Map<String, String> headers = new LinkedHashMap<>();
        each("beforeTurn", info, h -> h.beforeTurn(info).forEach(headers::putIfAbsent));
        return info.withHeaders(headers);
    }

    /** The response completed by each hook in turn. */
    AgentResponse after(TurnInfo info, AgentResponse response) throws InterruptedException {
        for (TurnHook h : hooks) {
            try {
                response = java.util.Objects.requireNonNullElse(h.afterTurn(info, response), response);
            } catch (RuntimeException e) {
                failed(h, "afterTurn", info, e);
            }
        }
        return response;
    }

    /** Tells each hook the turn ended with {@code result}, a failed one given the trace id its request was sent with. */
    TurnResult ended(TurnInfo info, TurnResult turn) {
        String[] parent = info.headers().getOrDefault("traceparent", "").split("-");
        TurnResult result = turn.traceId() == null && parent.length == 4 ? turn.withTraceId(parent[1]) : turn;
        each("turnEnded", info, h -> h.turnEnded(info, result));
        return result;
    }

    private void each(String method, TurnInfo info, java.util.function.Consumer<TurnHook> call) {
        for (TurnHook h : hooks) {
            try {
                call.accept(h);
            } catch (RuntimeException e) {
                failed(h, method, info, e);
            }
        }
    }

    private boolean reads(List<ScorerSpec> specs, Predicate<ScorerFactory> reads) {
        return specs.stream().anyMatch(s -> providers.findScorer(s.type()).filter(reads).isPresent());
    }

    private static void failed(TurnHook hook, String method, TurnInfo info, RuntimeException e) {
        LOG.warn("Turn hook {}.{} failed on case '{}' turn {} (ignored): {}", hook.getClass().getName(), method,
                info.testCase().id(), info.turn(), e.toString(), e);
    }
}
