package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.internal.JsonValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * The tool calls of one session's turn, made through the turn's mocks: a call a mock matches is
 * answered by it and the tool never runs; an unmocked call is refused where the suite requires
 * every tool to be mocked; any other runs the real tool. Every call is recorded (mocked or not,
 * with its result or error) in the order the calls started, for the turn's response. What an
 * in-process agent's tools go through: {@code InProcessAgent}'s conversations and
 * {@code FrameworkAgentClient}'s {@link ToolGate} each use one per session. Thread-safe.
 */
@API(status = EXPERIMENTAL)
public final class ToolCallRecorder {

    private volatile TurnContext context = TurnContext.of(1);
    private final List<ToolCall> calls = new ArrayList<>();

    /** Starts a turn: its mocks apply from now on, and the calls recorded so far are dropped. */
    public void begin(TurnContext turn) {
        Objects.requireNonNull(turn, "turn");
        synchronized (calls) {
            calls.clear();
        }
        context = turn;
    }

    /** The calls recorded since the turn began, in the order they started. */
    public List<ToolCall> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /**
     * Calls {@code tool} with {@code arguments} (a JSON object: JSON-like values only) through the
     * turn's mocks.
     *
     * @param args     the arguments
     * @param real     runs the real tool; called only when no mock answers and mocks are not required
     * @param recorded what is recorded of the real tool's output: a JSON-like value
     * @return the matching mock's {@link ToolMock#returns()} value, else what {@code real} returned
     * @throws ToolGate.ToolFailure when a mock fails the call or the tool is unmocked where mocks
     *         are required
     * @throws Exception what {@code real} threw, unchanged, after recording it
     */
    public <T> Object call(String tool, Map<String, ?> args, Callable<T> real, Function<? super T, Object> recorded)
            throws Exception {
        Map<String, Object> arguments = JsonValues.copyMap(args, "tool call '" + tool + "' arguments");
        int slot = record(-1, new ToolCall(tool, arguments, null));
        TurnContext turn = context;
        Optional<ToolMock> mock = turn.mockFor(tool, arguments);
        if (mock.isPresent()) {
            ToolMock m = mock.get();
            record(slot, new ToolCall(tool, arguments, m.fails() ? null : m.returns(), m.error(), true));
            if (m.fails()) {
                throw new ToolGate.ToolFailure(m.error());
            }
            return m.returns();
        }
        if (turn.mocksRequired()) {
            String message = "tool '" + tool + "' is not mocked and the suite requires every tool to be mocked;"
                    + " it was not run";
            record(slot, new ToolCall(tool, arguments, null, message, false));
            throw new ToolGate.ToolFailure(message);
        }
        try {
            T out = real.call();
            record(slot, new ToolCall(tool, arguments, recorded.apply(out)));
            return out;
        } catch (Exception e) {
            record(slot, new ToolCall(tool, arguments, null,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), false));
            throw e;
        }
    }

    /** Records {@code call} in {@code slot}, or in a new one when {@code slot} is -1; the slot. */
    private int record(int slot, ToolCall call) {
        synchronized (calls) {
            if (slot < 0) {
                calls.add(call);
                return calls.size() - 1;
            }
            calls.set(slot, call);
            return slot;
        }
    }
}
