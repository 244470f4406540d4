package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * A tool call the agent reported, or that an in-process agent made.
 *
 * @param name      the runtime tool name; never blank
 * @param arguments the arguments as a JSON object; never null, may be empty
 * @param result    the tool's output as a JSON-like value, or null when not reported
 * @param error     the message the tool failed with, or null when it did not fail (or it is not known)
 * @param mocked    true when a {@link ToolMock} answered the call and the tool did not run
 */
@API(status = STABLE)
public record ToolCall(String name, Map<String, Object> arguments, Object result, String error, boolean mocked) {

    /** Validates and copies. */
    public ToolCall {
        Checks.requireNonBlank(name, "tool call name");
        arguments = JsonValues.copyMap(arguments, "tool call '" + name + "' arguments");
        result = JsonValues.copy(result, "tool call '" + name + "' result");
    }

    /** A call that did not fail and was not mocked. */
    public ToolCall(String name, Map<String, Object> arguments, Object result) {
        this(name, arguments, result, null, false);
    }

    /** A call with arguments and no reported result. */
    public static ToolCall of(String name, Map<String, ?> arguments) {
        return new ToolCall(name, JsonValues.copyMap(arguments, "arguments"), null);
    }

    /** This call, failed with {@code message}. */
    public ToolCall withError(String message) {
        return new ToolCall(name, arguments, result, message, mocked);
    }

    /** This call, marked as answered by a mock. */
    public ToolCall asMocked() {
        return new ToolCall(name, arguments, result, error, true);
    }
}
