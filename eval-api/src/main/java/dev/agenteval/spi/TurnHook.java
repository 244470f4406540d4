package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.TurnResult;
import java.util.Map;
import java.util.Objects;

/**
 * Takes part in each turn's agent call: adds request headers before it (W3C {@code traceparent}
 * for tracing), may complete the response before it is scored (tool calls and usage read from the
 * agent's own traces), and sees the turn's result. Hooks run on the case's thread, in the order
 * the runner was given them; the first hook's value of a header wins. Must be thread-safe; a
 * hook's {@link RuntimeException} is logged and ignored (a hook never costs a result).
 */
@API(status = EXPERIMENTAL)
public interface TurnHook {

    /** Headers to add to this turn's request ({@link TurnContext#headers()}); empty by default. */
    default Map<String, String> beforeTurn(TurnInfo turn) {
        return Map.of();
    }

    /**
     * The response to score: {@code response} itself by default, or a copy completed by the hook.
     * Called after a successful agent call, before scoring.
     */
    default AgentResponse afterTurn(TurnInfo turn, AgentResponse response) throws InterruptedException {
        return response;
    }

    /** The turn ended with {@code result} (scored, or failed). */
    default void turnEnded(TurnInfo turn, TurnResult result) {
    }

    /**
     * One turn as the hooks see it.
     *
     * @param testCase       the case
     * @param attempt        the 1-based attempt
     * @param turn           the 1-based turn index
     * @param headers        the headers the turn's request carries (after {@link #beforeTurn}); empty before
     * @param needsToolCalls true when a scorer of the turn reads tool calls
     * @param needsUsage     true when a scorer of the turn, or the run's prices, read token usage
     * @param needsSpans     true when a scorer of the turn reads the agent's own spans
     */
    record TurnInfo(Case testCase, int attempt, int turn, Map<String, String> headers, boolean needsToolCalls,
                    boolean needsUsage, boolean needsSpans) {
        /** Validates and copies. */
        public TurnInfo {
            Objects.requireNonNull(testCase, "testCase");
            headers = Map.copyOf(headers);
        }

        /** A turn whose scorers read no spans. */
        public TurnInfo(Case testCase, int attempt, int turn, Map<String, String> headers, boolean needsToolCalls,
                        boolean needsUsage) {
            this(testCase, attempt, turn, headers, needsToolCalls, needsUsage, false);
        }

        /** This turn with the request's {@code headers}. */
        public TurnInfo withHeaders(Map<String, String> headers) {
            return new TurnInfo(testCase, attempt, turn, headers, needsToolCalls, needsUsage, needsSpans);
        }
    }
}
