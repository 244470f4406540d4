package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ToolMock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the runner gives an {@link AgentSession} with one turn's message besides the message.
 *
 * @param turn          the 1-based index of the turn in the case
 * @param mocks         the tool mocks in force for this turn, most specific first: the turn's,
 *                      then the case's, then the suite's, and within a level those with an
 *                      argument matcher before those without; empty when none
 * @param mocksRequired true when every tool call must be answered by a mock (the suite says so):
 *                      an unmocked call is not executed and fails the turn
 * @param headers       request headers a wire protocol adds for this turn (e.g. W3C
 *                      {@code traceparent}); never secrets; empty when none
 */
@API(status = EXPERIMENTAL)
public record TurnContext(int turn, List<ToolMock> mocks, boolean mocksRequired, Map<String, String> headers) {

    /** Validates and copies. */
    public TurnContext {
        if (turn < 1) {
            throw new IllegalArgumentException("turn must be >= 1, was " + turn);
        }
        mocks = List.copyOf(Objects.requireNonNull(mocks, "mocks"));
        headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
    }

    /** Turn {@code turn} with no mocks and no headers. */
    public static TurnContext of(int turn) {
        return new TurnContext(turn, List.of(), false, Map.of());
    }

    /** The mock answering a call of {@code tool} with {@code arguments}, if any. */
    public Optional<ToolMock> mockFor(String tool, Map<String, Object> arguments) {
        return ToolMock.find(mocks, tool, arguments);
    }
}
