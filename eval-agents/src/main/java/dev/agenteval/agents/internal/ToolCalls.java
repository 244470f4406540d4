package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.JsonPath;
import dev.agenteval.api.ToolCall;
import dev.agenteval.common.json.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tool calls in the shapes agents report them: {@code {name, arguments|args|input|parameters,
 * result|output}}, OpenAI's {@code {id, type, function: {name, arguments}}} with arguments as a
 * JSON string, {@code {toolName, ...}}, or just the tool's name as a string.
 */
final class ToolCalls {

    /**
     * Metadata keys under which A2A agents report the tool calls of a task or message, the first
     * present wins; {@code toolsCalled} is the platform CLI's name. Elsewhere: {@code toolCallsPath}.
     */
    static final List<String> METADATA_KEYS = List.of("toolCalls", "tool_calls", "toolsCalled", "tools_called",
            "$toolCalls", "_toolCalls");

    private ToolCalls() {
    }

    /**
     * The tool calls at {@code path} in {@code document} (a JSON-like value): an array of calls, one
     * call, or, for a path with wildcards or filters, the calls and arrays of calls it matched, in
     * order. Empty when {@code path} is null or matches nothing.
     */
    static List<ToolCall> at(JsonPath path, Object document) {
        Object found = JsonPaths.read(path, document);
        if (found == null) {
            return List.of();
        }
        JsonNode tree = JsonTrees.toNode(found);
        if (!tree.isArray()) {
            ToolCall c = fromItem(tree);
            return c == null ? List.of() : List.of(c);
        }
        if (path.isDefinite()) {
            return fromArray(tree);
        }
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode match : tree) {
            if (match.isArray()) {
                calls.addAll(fromArray(match));
            } else {
                ToolCall c = fromItem(match);
                if (c != null) {
                    calls.add(c);
                }
            }
        }
        return calls;
    }

    /** As {@link #at(JsonPath, Object)} in a JSON tree. */
    static List<ToolCall> at(JsonPath path, JsonNode document) {
        return path == null || document == null ? List.of() : at(path, JsonTrees.toValue(document));
    }

    /** The tool calls in an array (calls, or tools' names); entries without a name are skipped. */
    static List<ToolCall> fromArray(JsonNode array) {
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode entry : Json.items(array)) {
            ToolCall c = fromItem(entry);
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

    /** An item of a list of calls: one call, or a tool's name alone; null when it has no name. */
    private static ToolCall fromItem(JsonNode item) {
        if (item != null && item.isTextual() && !item.textValue().isBlank()) {
            return new ToolCall(item.textValue().strip(), Map.of(), null);
        }
        return fromEntry(item);
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
