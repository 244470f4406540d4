package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * A tool call the agent reported.
 *
 * @param name      the runtime tool name; never blank
 * @param arguments the arguments as a JSON object; never null, may be empty
 * @param result    the tool's output as a JSON-like value, or null when not reported
 */
@API(status = STABLE)
public record ToolCall(String name, Map<String, Object> arguments, Object result) {

    /** Validates and copies. */
    public ToolCall {
        Checks.requireNonBlank(name, "tool call name");
        arguments = JsonValues.copyMap(arguments, "tool call '" + name + "' arguments");
        result = JsonValues.copy(result, "tool call '" + name + "' result");
    }

    /** A call with arguments and no reported result. */
    public static ToolCall of(String name, Map<String, ?> arguments) {
        return new ToolCall(name, JsonValues.copyMap(arguments, "arguments"), null);
    }
}
