package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One turn of a {@link Recording}: the text sent, the agent's whole response and how long the
 * agent took to give it.
 *
 * <pre>{@code
 * RecordedTurn turn = recording.turns().get(0);
 * turn.answer();      // "Your refund for order 42 was issued on Monday."
 * turn.tools();       // ["find_order", "refund_status"]
 * turn.toolCalls();   // with their arguments, e.g. find_order {order=42}
 * }</pre>
 *
 * @param input    the user message sent; never null
 * @param response the agent's response, as its client returned it (text, parts, task state, tool
 *                 calls, usage, ids); never null
 * @param duration   from sending the message to receiving the response; never null or negative
 * @param inputParts the parts of the message sent when it was not one text part (a feature
 *                   input's data part), as {@link dev.agenteval.api.TurnResult#inputParts()}; empty
 *                   when {@code input} is the whole message; never null
 */
@API(status = MAINTAINED)
public record RecordedTurn(String input, AgentResponse response, Duration duration, List<Part> inputParts) {

    /** Validates and copies. */
    public RecordedTurn {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration must be >= 0 but was " + duration);
        }
        inputParts = List.copyOf(Objects.requireNonNull(inputParts, "inputParts"));
    }

    /** A turn whose message was one text part, {@code input}. */
    public RecordedTurn(String input, AgentResponse response, Duration duration) {
        this(input, response, duration, List.of());
    }

    /** The answer text; never null, may be empty. */
    public String answer() {
        return response.text();
    }

    /** The task state, empty when the protocol has none. */
    public Optional<TaskState> state() {
        return response.state();
    }

    /** The tools the agent called on this turn, in call order, with their arguments; never null. */
    public List<ToolCall> toolCalls() {
        return response.toolCalls();
    }

    /** The names of the tools the agent called on this turn, in call order; never null. */
    public List<String> tools() {
        return response.toolCalls().stream().map(ToolCall::name).toList();
    }
}
