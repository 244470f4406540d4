package dev.agenteval.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool the agent calls that is not executed: when the agent calls {@link #tool()} with
 * arguments that include {@link #whenArgs()} (a JSON subset, as {@code must_include_json}
 * matches; any arguments when null), the call answers with {@link #returns()} (a JSON value or a
 * text) or, when {@link #error()} is set, fails with that message. Declared at suite, case and
 * turn level ({@code mocks:} in YAML); the most specific level wins. Only agents that run their
 * tools in process honour mocks ({@link dev.agenteval.spi.AgentClient#honoursToolMocks()}).
 *
 * @param tool     the tool name; never blank
 * @param whenArgs the arguments the call must include, or null for any arguments
 * @param returns  what the mocked tool returns (JSON-like value or text); ignored when {@code error} is set
 * @param error    the message the mocked tool fails with, or null when it returns
 */
@API(status = EXPERIMENTAL)
public record ToolMock(String tool, Map<String, Object> whenArgs, Object returns, String error) {

    /** Validates and copies. */
    public ToolMock {
        Checks.requireNonBlank(tool, "mocked tool name");
        whenArgs = whenArgs == null ? null : JsonValues.copyMap(whenArgs, "mock '" + tool + "' arguments");
        returns = JsonValues.copy(returns, "mock '" + tool + "' result");
        if (error != null && error.isBlank()) {
            throw new IllegalArgumentException("mock '" + tool + "': the error message must not be blank");
        }
    }

    /** A mock of {@code tool} returning {@code value} for any arguments. */
    public static ToolMock returning(String tool, Object value) {
        return new ToolMock(tool, null, value, null);
    }

    /** A mock of {@code tool} failing with {@code message} for any arguments. */
    public static ToolMock throwing(String tool, String message) {
        Objects.requireNonNull(message, "message");
        return new ToolMock(tool, null, null, message);
    }

    /** This mock, applying only to calls whose arguments include {@code args}. */
    public ToolMock when(Map<String, ?> args) {
        Objects.requireNonNull(args, "args");
        return new ToolMock(tool, JsonValues.copyMap(args, "mock '" + tool + "' arguments"), returns, error);
    }

    /** True when the mocked tool fails rather than returns. */
    public boolean fails() {
        return error != null;
    }

    /** True when a call of {@code name} with {@code arguments} is answered by this mock. */
    public boolean matches(String name, Map<String, Object> arguments) {
        return tool.equals(name) && (whenArgs == null || JsonValues.includes(whenArgs, arguments));
    }

    /**
     * The mocks in force for one turn, most specific first, as {@link #find} expects them: the
     * turn's, then the case's, then the suite's; within a level those with an argument matcher
     * ({@link #whenArgs()}) before those without, otherwise in declaration order.
     */
    public static List<ToolMock> inForce(List<ToolMock> turn, List<ToolMock> ofCase, List<ToolMock> ofSuite) {
        List<ToolMock> out = new ArrayList<>();
        for (List<ToolMock> level : List.of(turn, ofCase, ofSuite)) {
            level.stream().filter(m -> m.whenArgs != null).forEach(out::add);
            level.stream().filter(m -> m.whenArgs == null).forEach(out::add);
        }
        return List.copyOf(out);
    }

    /** Adds {@code mocks} to {@code list}, rejecting a null one with a message naming {@code where}. */
    static void addTo(List<ToolMock> list, ToolMock[] mocks, String where) {
        Objects.requireNonNull(mocks, where + ": mocks");
        for (ToolMock m : mocks) {
            list.add(Objects.requireNonNull(m, where + ": mock"));
        }
    }

    /**
     * The first of {@code mocks} that {@link #matches} the call, in list order; callers give the
     * list most specific first (see {@link dev.agenteval.spi.TurnContext#mocks()}).
     */
    public static Optional<ToolMock> find(List<ToolMock> mocks, String name, Map<String, Object> arguments) {
        return mocks.stream().filter(m -> m.matches(name, arguments)).findFirst();
    }
}
