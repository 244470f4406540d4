package dev.agenteval.core.internal;

import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Message;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.TurnResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The turn results an attempt records besides the agent's scored answers: a turn the agent failed,
 * a simulated turn whose message the simulator could not give, a turn cut off by a failure or the
 * case timeout, and the conversation turn. Indexes are 0-based here and 1-based in the results;
 * {@code agentId} is the existing agent the case names, or null.
 */
final class AttemptTurns {

    /** The input shown for a simulated turn whose message was not given yet. */
    static final String AWAITING_SIMULATOR = "(the simulated user's next message)";

    private AttemptTurns() {
    }

    /** Turn {@code index}, sent as {@code request} (null when not sent), that the agent failed. */
    static TurnResult failed(int index, String name, Message input, Object request, Duration duration,
                             InfrastructureFailure failure, String agentId) {
        return new TurnResult(index + 1, name, input.readableText(), request, null, null, null,
                List.of(), duration, null, failure, List.of(), agentId, null, null, null,
                TurnResult.partsBeyondText(input));
    }

    /** Simulated turn {@code index}, whose message the simulator could not give. */
    static TurnResult simulatorFailed(int index, Duration duration, InfrastructureFailure failure, String agentId) {
        return new TurnResult(index + 1, null, AWAITING_SIMULATOR, null, null, null, null, List.of(), duration, null,
                failure, List.of(), agentId, null, null);
    }

    /** Turn {@code index}, showing {@code input}, cut off by {@code failure} while in flight. */
    static TurnResult cutOff(int index, String name, String input, Duration duration, InfrastructureFailure failure,
                             String agentId) {
        return new TurnResult(index + 1, name, input, null, null, null, null, List.of(), duration, null, failure,
                List.of(), agentId, null, null);
    }

    /**
     * The conversation turn after {@code turns} turns: the conversation scorers' {@code scores}
     * and, for a simulated conversation, why it stopped ({@code reason}, else null).
     */
    static TurnResult conversation(int turns, String reason, Duration duration, List<ScoreResult> scores,
                                   String agentId) {
        return new TurnResult(turns + 1, TurnResult.CONVERSATION, conversationSummary(turns, reason),
                conversationRequest(turns, reason), null, null, null, List.of(), duration, null, null, scores, agentId,
                null, null);
    }

    /** The input the conversation turn shows. */
    static String conversationSummary(int turns, String reason) {
        return "(the whole conversation: " + turns + (turns == 1 ? " turn" : " turns")
                + (reason == null ? "" : ", stopped: " + reason) + ")";
    }

    private static Map<String, Object> conversationRequest(int turns, String reason) {
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("turns", turns);
        if (reason != null) {
            about.put("stopReason", reason);
        }
        return Map.of(TurnResult.CONVERSATION, about);
    }
}
