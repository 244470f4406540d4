package dev.agenteval.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An A2A JSON-RPC agent on 127.0.0.1 that answers from a table: the text of the first text part
 * of the incoming message is the key, the value is the canned {@code result} (a task or a
 * message). It speaks one wire version, announced by its agent card: 0.3 ({@code message/send},
 * {@code kind} discriminators, {@code completed}) or 1.0 ({@code SendMessage}, no {@code kind},
 * {@code {"task": {...}}} / {@code {"message": {...}}} wrappers, {@code TASK_STATE_COMPLETED}).
 *
 * <p>Every task it answers gets a {@code history} that echoes the user's message as received,
 * then an agent message holding {@link #HISTORY_MARKER}, then any history the canned task adds:
 * so a word of the user's message, or the marker, is found in the task only through its history.
 *
 * <p>Canned answers are written with {@link #task(String)} and {@link #message(Part...)}, which
 * render in either version's shape, or given as raw JSON ({@link #raw(String)}), used as-is
 * (history still injected into a task).
 */
final class CannedA2aAgent implements AutoCloseable {

    /** The word only the injected history holds. */
    static final String HISTORY_MARKER = "HISTORY_ONLY_MARKER";

    /** The A2A wire version the agent speaks. */
    enum Wire {
        V0_3("0.3"), V1_0("1.0");

        private final String label;

        Wire(String label) {
            this.label = label;
        }

        /** A state in this version's spelling: {@code input-required} or {@code TASK_STATE_INPUT_REQUIRED}. */
        String state(String neutral) {
            return this == V0_3 ? neutral
                    : "TASK_STATE_" + neutral.replace('-', '_').toUpperCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();

    private final Wire wire;
    private final Map<String, Canned> answers;
    private final HttpServer server;

    /**
     * @param wire    the version spoken
     * @param answers the canned result for each message text
     */
    CannedA2aAgent(Wire wire, Map<String, ? extends Canned> answers) throws IOException {
        this.wire = wire;
        this.answers = Map.copyOf(answers);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/.well-known/agent-card.json", this::card);
        server.createContext("/rpc", this::rpc);
        server.start();
    }

    /** The base URL, ending in a slash. */
    URI url() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort() + "/");
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ---------------------------------------------------------------- canned answers

    /** A canned result, rendered in the version's shape when the agent answers. */
    interface Canned {
        /** The JSON-RPC {@code result}. */
        ObjectNode render(Wire wire);
    }

    /** A part of a message or an artifact. */
    interface Part {
        ObjectNode render(Wire wire);
    }

    /** A text part: {@code {"kind":"text","text":..}} (0.3) or {@code {"text":..}} (1.0). */
    static Part text(String text) {
        return w -> {
            ObjectNode p = JSON.createObjectNode();
            if (w == Wire.V0_3) {
                p.put("kind", "text");
            }
            p.put("text", text);
            return p;
        };
    }

    /**
     * A data part: {@code {"kind":"data","data":..}} (0.3) or {@code {"data":..}} (1.0). The payload
     * is JSON text, so it may be any JSON value: {@code data("{\"a\": 1}")}, {@code data("[1,2,3]")},
     * {@code data("42")}, {@code data("\"hello\"")}, {@code data("null")}.
     */
    static Part data(String json) {
        JsonNode payload = parse(json);
        return w -> {
            ObjectNode p = JSON.createObjectNode();
            if (w == Wire.V0_3) {
                p.put("kind", "data");
            }
            p.set("data", payload.deepCopy());
            return p;
        };
    }

    /** A part written verbatim in both versions, e.g. {@code {"kind":"json","data":{...}}}. */
    static Part rawPart(String json) {
        JsonNode part = parse(json);
        return w -> (ObjectNode) part.deepCopy();
    }

    /** A task ending in {@code state} (neutral spelling such as {@code failed}, rendered per version). */
    static Task task(String state) {
        return new Task(state, false);
    }

    /** A task whose {@code status.state} is {@code state} exactly as written, in both versions. */
    static Task taskSpelled(String state) {
        return new Task(state, true);
    }

    /** A message result: 0.3 {@code {"kind":"message","role":"agent",...}}, 1.0 {@code {"message": {...}}}. */
    static Canned message(Part... parts) {
        return w -> {
            ObjectNode m = agentMessage(w, List.of(parts));
            if (w == Wire.V0_3) {
                return m;
            }
            ObjectNode result = JSON.createObjectNode();
            result.set("message", m);
            return result;
        };
    }

    /** No JSON-RPC answer but an HTTP error {@code status}: the agent is broken. */
    static Canned httpError(int status) {
        return new HttpError(status);
    }

    private record HttpError(int status) implements Canned {
        @Override
        public ObjectNode render(Wire wire) {
            throw new UnsupportedOperationException("an HTTP error has no JSON-RPC result");
        }
    }

    /** A result given as JSON text, used as-is (a task still gets the history). */
    static Canned raw(String json) {
        JsonNode result = parse(json);
        return w -> (ObjectNode) result.deepCopy();
    }

    /** A canned task: status message parts, artifacts, extra history. */
    static final class Task implements Canned {
        private final String state;
        private final boolean spelled;
        private final List<Part> status = new ArrayList<>();
        private final List<List<Part>> artifacts = new ArrayList<>();
        private final List<Part> history = new ArrayList<>();

        private Task(String state, boolean spelled) {
            this.state = state;
            this.spelled = spelled;
        }

        /** Parts of the status message. */
        Task status(Part... parts) {
            status.addAll(List.of(parts));
            return this;
        }

        /** One artifact with these parts. */
        Task artifact(Part... parts) {
            artifacts.add(List.of(parts));
            return this;
        }

        /** One more agent message in the history, after the injected ones. */
        Task history(Part... parts) {
            history.addAll(List.of(parts));
            return this;
        }

        @Override
        public ObjectNode render(Wire w) {
            ObjectNode task = JSON.createObjectNode();
            if (w == Wire.V0_3) {
                task.put("kind", "task");
            }
            task.put("id", "task-" + Integer.toHexString(System.identityHashCode(this)));
            task.put("contextId", "ctx-" + Integer.toHexString(System.identityHashCode(this)));
            ObjectNode s = task.putObject("status");
            s.put("state", spelled ? state : w.state(state));
            if (!status.isEmpty()) {
                s.set("message", agentMessage(w, status));
            }
            if (!artifacts.isEmpty()) {
                ArrayNode a = task.putArray("artifacts");
                for (int i = 0; i < artifacts.size(); i++) {
                    ObjectNode artifact = a.addObject();
                    artifact.put("artifactId", "a" + (i + 1));
                    ArrayNode parts = artifact.putArray("parts");
                    artifacts.get(i).forEach(p -> parts.add(p.render(w)));
                }
            }
            if (!history.isEmpty()) {
                task.putArray("history").add(agentMessage(w, history));
            }
            if (w == Wire.V0_3) {
                return task;
            }
            ObjectNode result = JSON.createObjectNode();
            result.set("task", task);
            return result;
        }
    }

    private static ObjectNode agentMessage(Wire w, List<Part> parts) {
        ObjectNode m = JSON.createObjectNode();
        if (w == Wire.V0_3) {
            m.put("kind", "message");
        }
        m.put("role", w == Wire.V0_3 ? "agent" : "ROLE_AGENT");
        ArrayNode array = m.putArray("parts");
        parts.forEach(p -> array.add(p.render(w)));
        m.put("messageId", "msg-" + Integer.toHexString(System.identityHashCode(parts)));
        return m;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + json, e);
        }
    }

    // ---------------------------------------------------------------- HTTP

    private void card(HttpExchange x) throws IOException {
        ObjectNode card = JSON.createObjectNode();
        card.put("name", "Canned " + wire);
        String rpc = url() + "rpc";
        if (wire == Wire.V0_3) {
            card.put("url", rpc);
            card.put("protocolVersion", "0.3.0");
            card.put("preferredTransport", "JSONRPC");
        } else {
            card.putArray("supportedInterfaces").addObject().put("url", rpc).put("protocolBinding", "JSONRPC")
                    .put("protocolVersion", "1.0");
        }
        respond(x, card);
    }

    private void rpc(HttpExchange x) throws IOException {
        JsonNode request = JSON.readTree(x.getRequestBody().readAllBytes());
        JsonNode id = request.get("id");
        String method = request.path("method").asText();
        String expected = wire == Wire.V0_3 ? "message/send" : "SendMessage";
        if (!expected.equals(method)) {
            respond(x, error(id, -32601, "Method not found: " + method + " (this agent speaks " + wire + ")"));
            return;
        }
        JsonNode message = request.path("params").path("message");
        String key = null;
        for (JsonNode part : message.path("parts")) {
            if (part.path("text").isTextual()) {
                key = part.path("text").textValue();
                break;
            }
        }
        Canned canned = key == null ? null : answers.get(key);
        if (canned == null) {
            respond(x, error(id, -32602, "no canned answer for message text " + key));
            return;
        }
        if (canned instanceof HttpError e) {
            byte[] body = "Internal Server Error".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            x.sendResponseHeaders(e.status(), body.length);
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
            return;
        }
        ObjectNode result = canned.render(wire);
        ObjectNode task = taskOf(result);
        if (task != null) {
            injectHistory(task, message);
        }
        ObjectNode response = JSON.createObjectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("result", result);
        respond(x, response);
    }

    /** The task object of a result: a bare 0.3 task or the 1.0 wrapper's; null for a message. */
    private static ObjectNode taskOf(ObjectNode result) {
        if (result.get("task") instanceof ObjectNode t) {
            return t;
        }
        if ("task".equals(result.path("kind").asText()) || result.has("status")) {
            return result;
        }
        return null;
    }

    private void injectHistory(ObjectNode task, JsonNode userMessage) {
        List<JsonNode> later = new ArrayList<>();
        task.path("history").forEach(later::add);
        ArrayNode history = task.putArray("history");
        history.add(userMessage.deepCopy());
        history.add(agentMessage(wire, List.of(text("Earlier turn: " + HISTORY_MARKER + " (only in history)"))));
        later.forEach(history::add);
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode response = JSON.createObjectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        return response;
    }

    private static void respond(HttpExchange x, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** An ordered map from alternating keys and canned answers, for the constructor. */
    static Map<String, Canned> answers(Object... keysAndAnswers) {
        Map<String, Canned> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndAnswers.length; i += 2) {
            map.put((String) keysAndAnswers[i], (Canned) keysAndAnswers[i + 1]);
        }
        return map;
    }
}
