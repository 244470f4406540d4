package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.TaskState;
import dev.agenteval.testkit.internal.Delivery;
import dev.agenteval.testkit.internal.FakeHttpServer.Answer;
import dev.agenteval.testkit.internal.FakeHttpServer.Body;
import dev.agenteval.testkit.internal.FakeHttpServer.Mode;
import dev.agenteval.testkit.internal.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link FakeA2aAgent} answers to one message: a task in some state, a message, a raw
 * result, a JSON-RPC error, or a fault (an HTTP status, malformed JSON, a dropped connection, a
 * slow answer or none at all, a body cut off or stalled part way, an oversized body, a wrong
 * header). Written once, rendered in the shapes of the agent's
 * {@linkplain A2aWire wire version}. Immutable: every method returns a new reply.
 *
 * <pre>{@code
 * agent.enqueue(A2aReply.completed("I found 2 pumps.")
 *         .toolCall("find_assets", "{\"filter\": \"pump\"}", "[{\"id\": \"P-101\"}]")
 *         .data("{\"items\": [{\"type\": \"TEMP\", \"value\": 38.5}]}")
 *         .usage(12, 30));
 * agent.enqueue(A2aReply.inputRequired("Which day?"));
 * agent.enqueue(A2aReply.httpStatus(503, "busy").delayed(Duration.ofMillis(200)));
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class A2aReply {

    private enum Kind { TASK, MESSAGE, RESULT, RPC_ERROR, FAULT }

    private final Kind kind;
    private final String state;
    private final List<A2aPart> parts;
    private final List<List<A2aPart>> artifacts;
    private final List<List<A2aPart>> history;
    private final Map<String, JsonNode> metadata;
    private final JsonNode raw;
    private final int rpcCode;
    private final Answer fault;
    private final Delivery delivery;
    private final String contextId;
    private final String taskId;

    private A2aReply(Kind kind, String state, List<A2aPart> parts, List<List<A2aPart>> artifacts,
                     List<List<A2aPart>> history, Map<String, JsonNode> metadata, JsonNode raw, int rpcCode,
                     Answer fault, Delivery delivery, String contextId, String taskId) {
        this.kind = kind;
        this.state = state;
        this.parts = List.copyOf(parts);
        this.artifacts = List.copyOf(artifacts);
        this.history = List.copyOf(history);
        this.metadata = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        this.raw = raw;
        this.rpcCode = rpcCode;
        this.fault = fault;
        this.delivery = delivery;
        this.contextId = contextId;
        this.taskId = taskId;
    }

    private static A2aReply of(Kind kind, String state, JsonNode raw, int rpcCode, Answer fault) {
        return new A2aReply(kind, state, List.of(), List.of(), List.of(), Map.of(), raw, rpcCode, fault, Delivery.PROMPT, null, null);
    }

    // ---------------------------------------------------------------- tasks and messages

    /**
     * A task in {@code state}, spelled per version ({@code input-required} or
     * {@code TASK_STATE_INPUT_REQUIRED}), with no status message until {@link #text} or
     * {@link #parts} gives one.
     */
    public static A2aReply task(TaskState state) {
        Objects.requireNonNull(state, "state");
        return of(Kind.TASK, state.name(), null, 0, null);
    }

    /**
     * A task whose {@code status.state} is {@code state} exactly as written, in every version
     * (to test how a client reads odd spellings such as {@code "Completed"} or {@code "paused"}).
     */
    public static A2aReply taskSpelled(String state) {
        Objects.requireNonNull(state, "state");
        return of(Kind.TASK, "=" + state, null, 0, null);
    }

    /** A task in {@code state} whose status message holds {@code text}. */
    public static A2aReply task(TaskState state, String text) {
        return task(state).text(text);
    }

    /** A completed task answering {@code text}. */
    public static A2aReply completed(String text) {
        return task(TaskState.COMPLETED, text);
    }

    /** A task waiting for the user: {@code input-required}, asking {@code text}. */
    public static A2aReply inputRequired(String text) {
        return task(TaskState.INPUT_REQUIRED, text);
    }

    /** A failed task, {@code text} saying why. */
    public static A2aReply failed(String text) {
        return task(TaskState.FAILED, text);
    }

    /** A canceled task. */
    public static A2aReply canceled(String text) {
        return task(TaskState.CANCELED, text);
    }

    /** A rejected task. */
    public static A2aReply rejected(String text) {
        return task(TaskState.REJECTED, text);
    }

    /** A message result (no task): 0.3 {@code {"kind": "message", ...}}, 1.0 {@code {"message": {...}}}. */
    public static A2aReply message(String text) {
        return message(A2aPart.text(text));
    }

    /** A message result holding {@code parts}. */
    public static A2aReply message(A2aPart... parts) {
        return of(Kind.MESSAGE, null, null, 0, null).parts(parts);
    }

    /** The JSON-RPC {@code result} (or the REST answer) exactly as {@code json} says, in every version. */
    public static A2aReply result(String json) {
        return of(Kind.RESULT, null, Json.parse("the result", json), 0, null);
    }

    // ---------------------------------------------------------------- errors and faults

    /** A JSON-RPC error {@code {"code": code, "message": message}} (HTTP 200). */
    public static A2aReply rpcError(int code, String message) {
        return of(Kind.RPC_ERROR, message, null, code, null);
    }

    /** HTTP {@code status} with {@code body} (JSON or not) instead of a JSON-RPC answer: a broken agent. */
    public static A2aReply httpStatus(int status, String body) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be 100..599 but was " + status);
        }
        return of(Kind.FAULT, null, null, 0, Answer.json(status, body));
    }

    /** HTTP 200 with a body that breaks off in the middle of the JSON. */
    public static A2aReply malformedJson() {
        return of(Kind.FAULT, null, null, 0, Answer.json(200, "{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {\"kind\": \"ta"));
    }

    /** The connection closed before any byte of an answer (the client sees an I/O error). */
    public static A2aReply dropConnection() {
        return of(Kind.FAULT, null, null, 0, Answer.dropped());
    }

    /** No answer at all until the agent closes: for timeouts, without a test that waits on a clock. */
    public static A2aReply hang() {
        return of(Kind.FAULT, null, null, 0, Answer.hanging());
    }

    /** The same reply, sent {@code delay} after the request arrived: a slow agent. */
    public A2aReply delayed(Duration delay) {
        return delivered(delivery.delayed(delay));
    }

    /**
     * The same reply with the response header {@code name: value}, replacing one of that name: a
     * {@code Retry-After} on a 429, a {@code Content-Type} a broken agent gets wrong, ...
     */
    public A2aReply header(String name, String value) {
        return delivered(delivery.header(name, value));
    }

    /**
     * The same reply, its connection closed after the first {@code bytes} bytes of the body while
     * the {@code Content-Length} promised all of it: an answer cut off mid-body (the body must be longer).
     */
    public A2aReply cutAfter(long bytes) {
        return delivered(delivery.endedAfter(Mode.CUT, bytes));
    }

    /**
     * The same reply, its headers and the first {@code bytes} bytes of the body sent, then nothing
     * until the agent closes: a body that stalls, for read timeouts without a test that waits on a clock.
     */
    public A2aReply stallAfter(long bytes) {
        return delivered(delivery.endedAfter(Mode.STALL, bytes));
    }

    /**
     * HTTP 200 with a JSON-RPC answer (a completed task in the 0.3 shape) of exactly {@code bytes}
     * bytes, most of them one long text, written as it goes and never held in memory: for a
     * client's limit on the size of an answer.
     */
    public static A2aReply oversized(long bytes) {
        return of(Kind.FAULT, null, null, 0, new Answer(200, Map.of("Content-Type", "application/json"), Body.filled(
                "{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {\"kind\": \"task\", \"id\": \"task-big\", \"contextId\":"
                        + " \"ctx-big\", \"status\": {\"state\": \"completed\", \"message\": {\"kind\": \"message\", \"role\":"
                        + " \"agent\", \"messageId\": \"msg-big\", \"parts\": [{\"kind\": \"text\", \"text\": \"",
                bytes, "\"}]}}}}"), 0, Mode.WHOLE, 0));
    }

    // ---------------------------------------------------------------- what a task or message holds

    /** One more text part in the status message (or the message). */
    public A2aReply text(String text) {
        return parts(A2aPart.text(text));
    }

    /** More parts in the status message (or the message). */
    public A2aReply parts(A2aPart... more) {
        List<A2aPart> all = new ArrayList<>(parts);
        all.addAll(List.of(more));
        return withParts(all);
    }

    /** One more artifact holding one data part; {@code json} may be any JSON value. */
    public A2aReply data(String json) {
        return artifact(A2aPart.data(json));
    }

    /** One more artifact holding {@code parts}. */
    public A2aReply artifact(A2aPart... parts) {
        return withArtifact(List.of(parts));
    }

    /** One more agent message with {@code text} in the task's history, after the turns the agent recorded. */
    public A2aReply history(String text) {
        return history(A2aPart.text(text));
    }

    /** One more agent message holding {@code parts} in the task's history, after the turns the agent recorded. */
    public A2aReply history(A2aPart... message) {
        if (kind != Kind.TASK) {
            throw new IllegalStateException("only a task has a history, not " + this);
        }
        List<List<A2aPart>> more = new ArrayList<>(history);
        more.add(List.of(message));
        return new A2aReply(kind, state, parts, artifacts, more, metadata, raw, rpcCode, fault, delivery, contextId,
                taskId);
    }

    /**
     * One more tool call in {@code metadata.toolCalls}: {@code {"name", "arguments", "result"}};
     * {@code argumentsJson} and {@code resultJson} are JSON ({@code resultJson} may be null).
     */
    public A2aReply toolCall(String name, String argumentsJson, String resultJson) {
        ObjectNode call = Json.object().put("name", Objects.requireNonNull(name, "name"));
        call.set("arguments", Json.parse("the arguments of tool call " + name, argumentsJson));
        if (resultJson != null) {
            call.set("result", Json.parse("the result of tool call " + name, resultJson));
        }
        ArrayNode calls = metadata.get("toolCalls") instanceof ArrayNode a ? a.deepCopy() : Json.MAPPER.createArrayNode();
        calls.add(call);
        return withMetadata("toolCalls", calls);
    }

    /**
     * The usage in the metadata, as each version's agents report it: 0.3
     * {@code _usage: {input_tokens, output_tokens}}, 1.0 {@code $usage: {inputTokens, outputTokens, totalTokens}}.
     */
    public A2aReply usage(long inputTokens, long outputTokens) {
        ObjectNode u = Json.object().put("inputTokens", inputTokens).put("outputTokens", outputTokens);
        return withMetadata(USAGE, u);
    }

    /** The credits the turn cost: 0.3 {@code metadata.credits}, 1.0 {@code $usage.credits}. */
    public A2aReply credits(double credits) {
        return withMetadata(CREDITS, Json.MAPPER.getNodeFactory().numberNode(credits));
    }

    /** One more metadata entry, {@code json} being any JSON value. */
    public A2aReply metadata(String key, String json) {
        return withMetadata(Objects.requireNonNull(key, "key"), Json.parse("metadata " + key, json));
    }

    /** The task's (or message's) context id, instead of the one the agent keeps for the conversation. */
    public A2aReply contextId(String contextId) {
        return new A2aReply(kind, state, parts, artifacts, history, metadata, raw, rpcCode, fault, delivery,
                Objects.requireNonNull(contextId, "contextId"), taskId);
    }

    /** The task's id, instead of the one the agent gives. */
    public A2aReply taskId(String taskId) {
        return new A2aReply(kind, state, parts, artifacts, history, metadata, raw, rpcCode, fault, delivery,
                contextId, Objects.requireNonNull(taskId, "taskId"));
    }

    @Override
    public String toString() {
        return "A2aReply[" + kind + (state == null ? "" : " " + state) + "]";
    }

    // ---------------------------------------------------------------- rendering (FakeA2aAgent)

    private static final String USAGE = " usage";
    private static final String CREDITS = " credits";

    private static <T> List<T> add(List<T> list, T item) {
        List<T> more = new ArrayList<>(list);
        more.add(item);
        return more;
    }

    private A2aReply delivered(Delivery how) {
        return new A2aReply(kind, state, parts, artifacts, history, metadata, raw, rpcCode, fault, how, contextId, taskId);
    }

    private A2aReply withParts(List<A2aPart> more) {
        if (kind != Kind.TASK && kind != Kind.MESSAGE) {
            throw new IllegalStateException("only a task or a message has parts, not " + this);
        }
        return new A2aReply(kind, state, more, artifacts, history, metadata, raw, rpcCode, fault, delivery, contextId,
                taskId);
    }

    private A2aReply withArtifact(List<A2aPart> artifact) {
        if (kind != Kind.TASK) {
            throw new IllegalStateException("only a task has artifacts, not " + this);
        }
        return new A2aReply(kind, state, parts, add(artifacts, artifact), history, metadata, raw, rpcCode, fault,
                delivery, contextId, taskId);
    }

    private A2aReply withMetadata(String key, JsonNode value) {
        if (kind != Kind.TASK && kind != Kind.MESSAGE) {
            throw new IllegalStateException("only a task or a message has metadata, not " + this);
        }
        Map<String, JsonNode> more = new LinkedHashMap<>(metadata);
        more.put(key, value);
        return new A2aReply(kind, state, parts, artifacts, history, more, raw, rpcCode, fault, delivery, contextId,
                taskId);
    }

    /** Whether the agent says something: a task without parts has no status message. */
    boolean speaks() {
        return !parts.isEmpty();
    }

    boolean isTask() {
        return kind == Kind.TASK;
    }

    /** The state as it ends up in a task's memory: terminal states accept no more messages. */
    boolean isTerminal() {
        return kind == Kind.TASK && !state.startsWith("=") && TaskState.valueOf(state) != TaskState.INPUT_REQUIRED
                && TaskState.valueOf(state) != TaskState.AUTH_REQUIRED && TaskState.valueOf(state) != TaskState.WORKING
                && TaskState.valueOf(state) != TaskState.SUBMITTED;
    }

    String contextIdOr(String given) {
        return contextId != null ? contextId : given;
    }

    String taskIdOr(String given) {
        return taskId != null ? taskId : given;
    }

    /** {@code answer} as this reply is delivered: delayed, with its headers, cut or stalled. */
    Answer deliver(Answer answer) {
        return delivery.apply(answer);
    }

    /** The fault to answer with instead of a result; null for a result or a JSON-RPC error. */
    Answer fault() {
        return fault == null ? null : delivery.apply(fault);
    }

    /** The JSON-RPC error object; null unless this is one. */
    ObjectNode rpcError() {
        return kind == Kind.RPC_ERROR ? Json.object().put("code", rpcCode).put("message", state) : null;
    }

    /** The agent's message (status message of a task, or the message result), in {@code wire}'s shape. */
    ObjectNode agentMessage(A2aWire wire, String messageId, String contextId, String taskId) {
        return message(wire, parts, messageId, contextId, taskId);
    }

    /** The agent messages of {@link #history(String)}. */
    List<ObjectNode> extraHistory(A2aWire wire, String contextId, String taskId, int number) {
        List<ObjectNode> messages = new ArrayList<>();
        for (int i = 0; i < history.size(); i++) {
            messages.add(message(wire, history.get(i), "msg-" + number + "-h" + (i + 1), contextId, taskId));
        }
        return messages;
    }

    static ObjectNode message(A2aWire wire, List<A2aPart> parts, String messageId, String contextId, String taskId) {
        ObjectNode m = Json.object();
        if (wire == A2aWire.V0_3) {
            m.put("kind", "message");
        }
        m.put("role", wire.agentRole());
        ArrayNode array = m.putArray("parts");
        parts.forEach(p -> array.add(p.render(wire)));
        m.put("messageId", messageId);
        if (contextId != null) {
            m.put("contextId", contextId);
        }
        if (taskId != null) {
            m.put("taskId", taskId);
        }
        return m;
    }

    /**
     * The result in {@code wire}'s shape: the task (0.3 bare with {@code kind}, 1.0 wrapped in
     * {@code {"task": ...}}), the message, or the raw result.
     */
    ObjectNode render(A2aWire wire, String contextId, String taskId, List<JsonNode> priorHistory, ObjectNode statusMessage,
                      int number) {
        if (kind == Kind.RESULT) {
            return (ObjectNode) raw.deepCopy();
        }
        if (kind == Kind.MESSAGE) {
            statusMessage.set("metadata", metadata(wire));
            if (metadata.isEmpty()) {
                statusMessage.remove("metadata");
            }
            return wire == A2aWire.V0_3 ? statusMessage : wrap("message", statusMessage);
        }
        ObjectNode task = Json.object();
        if (wire == A2aWire.V0_3) {
            task.put("kind", "task");
        }
        task.put("id", taskId);
        task.put("contextId", contextId);
        ObjectNode status = task.putObject("status");
        status.put("state", state.startsWith("=") ? state.substring(1) : wire.spell(TaskState.valueOf(state)));
        if (!parts.isEmpty()) {
            status.set("message", statusMessage);
        }
        if (!artifacts.isEmpty()) {
            ArrayNode a = task.putArray("artifacts");
            for (int i = 0; i < artifacts.size(); i++) {
                ObjectNode artifact = a.addObject().put("artifactId", "artifact-" + number + "-" + (i + 1));
                ArrayNode p = artifact.putArray("parts");
                artifacts.get(i).forEach(part -> p.add(part.render(wire)));
            }
        }
        ArrayNode h = task.putArray("history");
        priorHistory.forEach(m -> h.add(m.deepCopy()));
        if (!metadata.isEmpty()) {
            task.set("metadata", metadata(wire));
        }
        return wire == A2aWire.V0_3 ? task : wrap("task", task);
    }

    private ObjectNode metadata(A2aWire wire) {
        ObjectNode m = Json.object();
        JsonNode usage = metadata.get(USAGE);
        JsonNode credits = metadata.get(CREDITS);
        metadata.forEach((k, v) -> {
            if (!k.equals(USAGE) && !k.equals(CREDITS)) {
                m.set(k, v.deepCopy());
            }
        });
        if (wire == A2aWire.V0_3) {
            if (usage != null) {
                m.putObject("_usage").put("input_tokens", usage.get("inputTokens").longValue())
                        .put("output_tokens", usage.get("outputTokens").longValue());
            }
            if (credits != null) {
                m.set("credits", credits);
            }
        } else if (usage != null || credits != null) {
            ObjectNode u = m.putObject("$usage");
            if (usage != null) {
                long in = usage.get("inputTokens").longValue();
                long out = usage.get("outputTokens").longValue();
                u.put("inputTokens", in).put("outputTokens", out).put("totalTokens", in + out);
            }
            if (credits != null) {
                u.set("credits", credits);
            }
        }
        return m;
    }

    private static ObjectNode wrap(String field, ObjectNode value) {
        ObjectNode wrapper = Json.object();
        wrapper.set(field, value);
        return wrapper;
    }
}
