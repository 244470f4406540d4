package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.ToolCall;
import dev.agenteval.common.json.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tool calls in the shapes agents report them: {@code {name, arguments|args|input|parameters,
 * result|output}}, OpenAI's {@code {id, type, function: {name, arguments}}} with arguments as a
 * JSON string, or {@code {toolName, ...}}.
 */
final class ToolCalls {

    /** Metadata keys under which A2A agents report the tool calls of a task. */
    static final List<String> METADATA_KEYS = List.of("toolCalls", "tool_calls", "$toolCalls", "_toolCalls");

    private ToolCalls() {
    }

    /** The tool calls in an array; entries without a name are skipped. */
    static List<ToolCall> fromArray(JsonNode array) {
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode entry : Json.items(array)) {
            ToolCall c = fromEntry(entry);
            if (c != null) {
                calls.add(c);
            }
        }
        return calls;
    }

    /** The tool calls listed in a metadata object under one of {@link #METADATA_KEYS}. */
    static List<ToolCall> fromMetadata(JsonNode metadata) {
        JsonNode list = Json.field(metadata, METADATA_KEYS.toArray(String[]::new));
        return list == null ? List.of() : fromArray(list);
    }

    /** One tool call; null when the entry has no name. */
    static ToolCall fromEntry(JsonNode entry) {
        if (entry == null || !entry.isObject()) {
            return null;
        }
        JsonNode function = entry.get("function");
        String name = Json.text(entry, "name", "toolName", "tool");
        if (name == null && function != null) {
            name = Json.text(function, "name");
        }
        if (name == null) {
            return null;
        }
        JsonNode args = Json.field(entry, "arguments", "args", "input", "parameters", "toolArguments");
        if (args == null && function != null) {
            args = Json.field(function, "arguments");
        }
        Object result = JsonTrees.toValue(Json.field(entry, "result", "output", "response"));
        return new ToolCall(name, arguments(args), result);
    }

    /** Arguments as a JSON object: a JSON string is parsed; anything else is wrapped as {@code {"value": ...}}. */
    static Map<String, Object> arguments(JsonNode args) {
        if (args == null) {
            return Map.of();
        }
        if (args.isTextual()) {
            String text = args.textValue().strip();
            if (text.isEmpty()) {
                return Map.of();
            }
            JsonNode parsed = JsonTrees.parseOrNull(text);
            return parsed == null ? Json.object(args) : Json.object(parsed);
        }
        return Json.object(args);
    }
}
