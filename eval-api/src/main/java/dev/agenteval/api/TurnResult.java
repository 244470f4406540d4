package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.time.Duration;
import java.util.List;

/**
 * What happened on one turn. A turn the harness could not evaluate has a
 * {@link #harnessFailure()} and no scores.
 *
 * @param index          1-based position in the case
 * @param name           the step name, or null
 * @param input          the text sent (placeholders resolved, secrets redacted); never null
 * @param request        the request payload as sent, secrets redacted, or null when none was built
 * @param response       the raw response JSON, or null when none arrived
 * @param answer         the answer text, or null when none arrived
 * @param state          the normalised task state, or null
 * @param toolCalls      the tool calls reported; never null
 * @param duration       the round trip; never null
 * @param usage          the agent's usage, or null when none was reported
 * @param harnessFailure why the turn could not be evaluated, or null
 * @param scores         the scorers' verdicts; never null
 * @param agentId        the agent's id as the client knows it (the one it created or was given), or null
 * @param contextId      the conversation's context id after this turn, or null when none was reported
 * @param taskId         the agent's task id of this turn (A2A), or null when none was reported
 * @param traceUrl       a link to the agent's trace of this exchange, or null when unknown
 * @param inputParts     the parts of the message sent when it was more than one text part, e.g. a
 *                       feature input's one data part (placeholders resolved, secrets redacted),
 *                       so that it can be written back as data; empty when {@code input} is the
 *                       whole message (one text part) or unknown; never null
 * @param traceId        the W3C trace id sent with the turn (trace context), or null when none was
 * @param toolCallsSource where {@code toolCalls} came from when the agent's trace was consulted:
 *                       {@code response}, {@code trace}, or {@code no_trace} (awaited, not arrived);
 *                       null when it was not
 */
@API(status = STABLE)
public record TurnResult(int index, String name, String input, Object request, Object response, String answer,
                         TaskState state, List<ToolCall> toolCalls, Duration duration, Usage usage,
                         InfrastructureFailure harnessFailure, List<ScoreResult> scores, String agentId, String contextId,
                         String taskId, String traceUrl, List<Part> inputParts, String traceId,
                         String toolCallsSource) {

    /** Validates and copies. */
    public TurnResult {
        if (index < 1) {
            throw new IllegalArgumentException("index must be >= 1 but was " + index);
        }
        Checks.requireNonNull(input, "input");
        request = JsonValues.copy(request, "request");
        toolCalls = List.copyOf(Checks.requireNonNull(toolCalls, "toolCalls"));
        Checks.requireNonNull(duration, "duration");
        scores = List.copyOf(Checks.requireNonNull(scores, "scores"));
        inputParts = List.copyOf(Checks.requireNonNull(inputParts, "inputParts"));
    }

    /**
     * The parts of {@code message} as {@link #inputParts()} keeps them: none when it is one text
     * part (the turn's {@code input} says it all), else all of them.
     */
    public static List<Part> partsBeyondText(Message message) {
        Checks.requireNonNull(message, "message");
        return message.parts().size() == 1 && message.parts().get(0) instanceof Part.Text ? List.of() : message.parts();
    }

    /** A turn result without trace id or tool-call source (as before they were recorded). */
    public TurnResult(int index, String name, String input, Object request, Object response, String answer,
                      TaskState state, List<ToolCall> toolCalls, Duration duration, Usage usage,
                      InfrastructureFailure harnessFailure, List<ScoreResult> scores, String agentId, String contextId,
                      String taskId, String traceUrl, List<Part> inputParts) {
        this(index, name, input, request, response, answer, state, toolCalls, duration, usage, harnessFailure, scores,
                agentId, contextId, taskId, traceUrl, inputParts, null, null);
    }

    /** A turn result without a task id, whose input was one text part (as before they were recorded). */
    public TurnResult(int index, String name, String input, Object request, Object response, String answer,
                      TaskState state, List<ToolCall> toolCalls, Duration duration, Usage usage,
                      InfrastructureFailure harnessFailure, List<ScoreResult> scores, String agentId, String contextId,
                      String traceUrl) {
        this(index, name, input, request, response, answer, state, toolCalls, duration, usage, harnessFailure, scores,
                agentId, contextId, null, traceUrl, List.of());
    }

    /** A turn result without agent id, context id, task id or trace link (as before they were recorded). */
    public TurnResult(int index, String name, String input, Object request, Object response, String answer,
                      TaskState state, List<ToolCall> toolCalls, Duration duration, Usage usage,
                      InfrastructureFailure harnessFailure, List<ScoreResult> scores) {
        this(index, name, input, request, response, answer, state, toolCalls, duration, usage, harnessFailure, scores,
                null, null, null);
    }

    /** This turn with {@code traceId} as the W3C trace id sent with it (null: none), everything else kept. */
    public TurnResult withTraceId(String traceId) {
        return new TurnResult(index, name, input, request, response, answer, state, toolCalls, duration, usage,
                harnessFailure, scores, agentId, contextId, taskId, traceUrl, inputParts, traceId, toolCallsSource);
    }

    /** This turn with {@code traceUrl} as its trace link (null: none), everything else kept. */
    public TurnResult withTraceUrl(String traceUrl) {
        return new TurnResult(index, name, input, request, response, answer, state, toolCalls, duration, usage,
                harnessFailure, scores, agentId, contextId, taskId, traceUrl, inputParts, traceId, toolCallsSource);
    }

    /**
     * The name of the turn the runner adds after the last turn of a simulated case, or of a case
     * with conversation scorers: its scores are the conversation scorers', its input says how many
     * turns ran and why the conversation stopped, and its {@link #request()} is
     * {@code {"conversation": {"turns": N, "stopReason": "goal_met"}}}.
     */
    public static final String CONVERSATION = "conversation";

    /** True for the conversation turn ({@link #CONVERSATION}), which sent nothing to the agent. */
    public boolean isConversation() {
        return CONVERSATION.equals(name) && request instanceof java.util.Map<?, ?> m && m.containsKey(CONVERSATION)
                && response == null;
    }

    /** True when every score passed or was skipped, and the harness did not fail. */
    public boolean passed() {
        return harnessFailure == null && scores.stream()
                .allMatch(s -> s.status() == ScoreStatus.PASSED || s.status() == ScoreStatus.SKIPPED);
    }

    /**
     * The failed checks of this turn, with their scorer types, for error lines in reports. An
     * undecided score is not a failure and is not listed here.
     */
    public List<String> failedChecks() {
        return scores.stream()
                .filter(s -> s.status() != ScoreStatus.UNDECIDED)
                .flatMap(s -> s.status() == ScoreStatus.FAILED && s.checks().isEmpty()
                        ? java.util.stream.Stream.of(s.type() + ": " + s.reason())
                        : s.checks().stream().filter(c -> !c.passed())
                                .map(c -> s.type() + " '" + c.label() + "': " + c.detail()))
                .toList();
    }
}
