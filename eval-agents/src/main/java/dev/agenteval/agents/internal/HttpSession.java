package dev.agenteval.agents.internal;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Message;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.TurnContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A session over HTTP whose requests carry the turn's {@link TurnContext#headers()} (W3C
 * {@code traceparent} and {@code tracestate}): {@link #send(Message, TurnContext)} keeps them for
 * the turn, and every request of the turn adds them through {@link #headers(Map)}.
 */
abstract class HttpSession implements AgentSession {

    /** The headers of the turn in flight; empty between turns. */
    private volatile Map<String, String> turnHeaders = Map.of();

    @Override
    public final AgentResponse send(Message message, TurnContext context) throws InterruptedException {
        turnHeaders = context.headers();
        try {
            return send(message);
        } finally {
            turnHeaders = Map.of();
        }
    }

    /** The turn's headers with the protocol's {@code own} headers, which win on a shared name. */
    final Map<String, String> headers(Map<String, String> own) {
        if (turnHeaders.isEmpty()) {
            return own;
        }
        Map<String, String> all = new LinkedHashMap<>(turnHeaders);
        all.keySet().removeIf(name -> own.keySet().stream().anyMatch(name::equalsIgnoreCase));
        all.putAll(own);
        return all;
    }
}
