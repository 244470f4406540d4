package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.JsonPath;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.common.json.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads an A2A result of any version into an {@link AgentResponse}: a Task (0.3 {@code kind: task}
 * or 1.0 {@code {"task": {...}}}) or a Message. The answer is the status message's parts followed
 * by the artifacts' parts, without repeating text present in both; any part with a {@code data}
 * key is a data part, its payload any JSON value; file parts are skipped; history is never read. The state is normalised; usage comes
 * from the task's metadata (or the status message's); tool calls from the configured
 * {@code toolCallsPath} (evaluated on the task, or the message of a message reply), else from the
 * task's metadata, else the status message's, under one of {@link ToolCalls#METADATA_KEYS}.
 */
final class A2aResults {

    /** The metadata flag of a data part whose payload the A2A JS SDK wrapped as {@code {"value": ...}}. */
    static final String DATA_PART_COMPAT = "data_part_compat";

    private A2aResults() {
    }

    /**
     * The response for one result object.
     *
     * @param result the JSON-RPC {@code result}, or a REST response body
     * @param raw    the whole response as a JSON-like value
     * @param where  what answered, for messages (e.g. the URL)
     * @throws dev.agenteval.api.AgentException {@code invalid_response} when it is neither a task nor a message
     */
    static AgentResponse.Builder read(JsonNode result, Object raw, String where) {
        return read(result, raw, where, null);
    }

    /**
     * As {@link #read(JsonNode, Object, String)}, the tool calls first looked for at
     * {@code toolCallsPath} (null: only under the metadata keys).
     */
    static AgentResponse.Builder read(JsonNode result, Object raw, String where, JsonPath toolCallsPath) {
        if (result == null || !result.isObject()) {
            throw Json.invalid(where + " answered no A2A result object", Map.of("url", where));
        }
        JsonNode task = result.get("task");
        if (task != null && task.isObject()) {
            return task(task, raw, where, toolCallsPath);
        }
        JsonNode message = result.get("message");
        if (message != null && message.isObject() && !result.has("parts")) {
            return message(message, raw, where, toolCallsPath);
        }
        String kind = Json.text(result, "kind");
        if ("task".equals(kind) || result.has("status")) {
            return task(result, raw, where, toolCallsPath);
        }
        if ("message".equals(kind) || result.has("parts")) {
            return message(result, raw, where, toolCallsPath);
        }
        throw Json.invalid(where + " answered neither an A2A task nor a message (fields: "
                + String.join(", ", fieldNames(result)) + ")", Map.of("url", where));
    }

    private static AgentResponse.Builder task(JsonNode task, Object raw, String where, JsonPath toolCallsPath) {
        JsonNode status = task.get("status");
        JsonNode stateNode = status == null ? null : status.get("state");
        if (stateNode == null || !stateNode.isTextual()) {
            throw Json.invalid(where + " answered a task without status.state", Map.of("url", where));
        }
        // A whitespace-only state is no state, as the harness reads it: nothing for the guard to fail.
        String state = stateNode.textValue().isBlank() ? null : stateNode.textValue();
        JsonNode statusMessage = status.get("message");
        List<Part> statusParts = parts(statusMessage == null ? null : statusMessage.get("parts"));
        List<Part> artifactParts = new ArrayList<>();
        List<ToolCall> toolCalls = new ArrayList<>(ToolCalls.at(toolCallsPath, task));
        if (toolCalls.isEmpty()) {
            toolCalls.addAll(ToolCalls.fromMetadata(task.get("metadata")));
        }
        for (JsonNode artifact : Json.items(task.get("artifacts"))) {
            artifactParts.addAll(parts(artifact.get("parts")));
        }
        if (toolCalls.isEmpty() && statusMessage != null) {
            toolCalls.addAll(ToolCalls.fromMetadata(statusMessage.get("metadata")));
        }
        var usage = Usages.fromMetadata(task.get("metadata"));
        if (usage == null && statusMessage != null) {
            usage = Usages.fromMetadata(statusMessage.get("metadata"));
        }
        return AgentResponse.builder()
                .parts(merge(statusParts, artifactParts))
                .state(state == null ? null : TaskState.parse(state))
                .toolCalls(toolCalls)
                .usage(usage)
                .contextId(Json.text(task, "contextId"))
                .taskId(Json.text(task, "id"))
                .rawUnchecked(raw);
    }

    private static AgentResponse.Builder message(JsonNode message, Object raw, String where, JsonPath toolCallsPath) {
        List<Part> parts = parts(message.get("parts"));
        if (!message.has("parts")) {
            throw Json.invalid(where + " answered a message without parts", Map.of("url", where));
        }
        List<ToolCall> toolCalls = ToolCalls.at(toolCallsPath, message);
        return AgentResponse.builder()
                .parts(parts)
                .toolCalls(toolCalls.isEmpty() ? ToolCalls.fromMetadata(message.get("metadata")) : toolCalls)
                .usage(Usages.fromMetadata(message.get("metadata")))
                .contextId(Json.text(message, "contextId"))
                .taskId(Json.text(message, "taskId"))
                .rawUnchecked(raw);
    }

    /**
     * Text and data parts of a parts array, in order. A data part is any part with a {@code data}
     * key, whatever its {@code kind} (1.0 parts have none), and its payload is any JSON value: the
     * harness seed's rule, which {@code jsonpath} and {@code must_include_json} rely on.
     */
    static List<Part> parts(JsonNode parts) {
        List<Part> out = new ArrayList<>();
        for (JsonNode p : Json.items(parts)) {
            if (!p.isObject()) {
                continue;
            }
            String kind = Json.text(p, "kind", "type");
            JsonNode text = p.get("text");
            if (text != null && text.isTextual() && (kind == null || kind.equals("text"))) {
                out.add(Part.text(text.textValue()));
            }
            if (p.has("data")) {
                out.add(Part.data(JsonTrees.toValue(compatUnwrapped(p))));
            }
        }
        return out;
    }

    /**
     * A data part's payload. The A2A JS SDK's v0.3 compatibility layer cannot put a non-object
     * payload (an array, a string, a number, {@code null}) in a 0.3 data part, so it sends
     * {@code {"data": {"value": X}, "metadata": {"data_part_compat": true}}}; the payload is X, as
     * the SDK's own 0.3 reader takes it.
     */
    private static JsonNode compatUnwrapped(JsonNode part) {
        JsonNode data = part.get("data");
        JsonNode flag = part.path("metadata").get(DATA_PART_COMPAT);
        if (flag != null && flag.isBoolean() && flag.booleanValue() && data.isObject() && data.has("value")) {
            return data.get("value");
        }
        return data;
    }

    /**
     * The status message's parts then the artifacts' parts, skipping a status text the artifacts
     * already hold (as one part or split over several) and exact repeats.
     */
    static List<Part> merge(List<Part> status, List<Part> artifacts) {
        String artifactText = concatenated(artifacts);
        String artifactLines = joined(artifacts, "\n");
        String statusText = joined(status, "\n");
        boolean statusRepeatsArtifacts = !statusText.isEmpty()
                && (statusText.equals(artifactText) || statusText.equals(artifactLines));
        List<Part> out = new ArrayList<>();
        for (Part p : status) {
            if (statusRepeatsArtifacts && p instanceof Part.Text) {
                continue;
            }
            addUnlessRepeated(out, p);
        }
        for (Part p : artifacts) {
            addUnlessRepeated(out, p);
        }
        return out;
    }

    private static void addUnlessRepeated(List<Part> out, Part p) {
        for (Part existing : out) {
            if (existing instanceof Part.Text a && p instanceof Part.Text b && a.text().strip().equals(b.text().strip())) {
                return;
            }
            if (Objects.equals(existing, p)) {
                return;
            }
        }
        out.add(p);
    }

    private static String joined(List<Part> parts, String separator) {
        StringBuilder sb = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Part.Text t) {
                if (sb.length() > 0) {
                    sb.append(separator);
                }
                sb.append(t.text().strip());
            }
        }
        return sb.toString().strip();
    }

    private static String concatenated(List<Part> parts) {
        StringBuilder sb = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Part.Text t) {
                sb.append(t.text());
            }
        }
        return sb.toString().strip();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
