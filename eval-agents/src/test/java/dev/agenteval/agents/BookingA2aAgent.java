package dev.agenteval.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A small A2A 0.3 agent on 127.0.0.1 that books check-ups in two input-required steps (date, then
 * time). It keeps conversations per {@code contextId} and tasks per {@code taskId}: a message
 * without the context starts over, and a message without the task id of the task waiting for input
 * starts a new task that knows nothing. With {@code strict}, such a message is refused with a
 * JSON-RPC error instead. A repeated {@code messageId} is always refused.
 */
final class BookingA2aAgent implements AutoCloseable {

    private static final String SORRY = "Sorry, what would you like to book?";

    private final HttpServer server;
    private final boolean strict;
    private final Map<String, Map<String, Booking>> contexts = new HashMap<>();
    private final Set<String> messageIds = new HashSet<>();
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private int ids;

    private static final class Booking {
        String step = "date";
        String date;
    }

    BookingA2aAgent(boolean strict) throws IOException {
        this.strict = strict;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/.well-known/agent-card.json", this::card);
        server.createContext("/rpc", this::rpc);
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    List<JsonNode> received() {
        return received;
    }

    private void card(HttpExchange x) throws IOException {
        respond(x, 200, "{\"name\":\"Booking\",\"url\":\"" + url() + "rpc\",\"protocolVersion\":\"0.3.0\","
                + "\"preferredTransport\":\"JSONRPC\",\"capabilities\":{}}");
    }

    private synchronized void rpc(HttpExchange x) throws IOException {
        JsonNode request = Wire.MAPPER.readTree(x.getRequestBody().readAllBytes());
        received.add(request);
        JsonNode id = request.get("id");
        if (!"message/send".equals(request.path("method").asText())) {
            respond(x, 200, error(id, -32601, "Method not found"));
            return;
        }
        JsonNode message = request.path("params").path("message");
        String messageId = message.path("messageId").asText("");
        if (messageId.isEmpty() || !messageIds.add(messageId)) {
            respond(x, 200, error(id, -32600, "messageId missing or repeated: " + messageId));
            return;
        }
        String text = message.path("parts").path(0).path("text").asText("");
        String contextId = message.path("contextId").asText(null);
        String taskId = message.path("taskId").asText(null);
        if (contextId == null || !contexts.containsKey(contextId)) {
            contextId = "ctx-" + (++ids);
            contexts.put(contextId, new HashMap<>());
        }
        Map<String, Booking> tasks = contexts.get(contextId);
        if (taskId != null && !tasks.containsKey(taskId)) {
            respond(x, 200, error(id, -32001, "Task not found: " + taskId));
            return;
        }
        if (taskId == null) {
            String waiting = tasks.entrySet().stream().filter(e -> !e.getValue().step.equals("done"))
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            if (waiting != null && strict) {
                respond(x, 200, error(id, -32602, "task " + waiting + " is waiting for input: send its taskId"));
                return;
            }
            taskId = "task-" + (++ids);
            if (!text.toLowerCase(java.util.Locale.ROOT).contains("check-up")) {
                Booking b = new Booking();
                b.step = "done";
                tasks.put(taskId, b);
                respond(x, 200, task(id, taskId, contextId, "completed", SORRY, null));
                return;
            }
            tasks.put(taskId, new Booking());
            respond(x, 200, task(id, taskId, contextId, "input-required", "Which date suits you?", null));
            return;
        }
        Booking b = tasks.get(taskId);
        switch (b.step) {
            case "date" -> {
                b.date = text;
                b.step = "time";
                respond(x, 200, task(id, taskId, contextId, "input-required", "What time on " + text + "?", null));
            }
            case "time" -> {
                b.step = "done";
                String answer = "Booked your check-up on " + b.date + " at " + text + ".";
                respond(x, 200, task(id, taskId, contextId, "completed", answer, answer));
            }
            default -> respond(x, 200, error(id, -32002, "Task " + taskId + " is already completed"));
        }
    }

    private static String task(JsonNode id, String taskId, String contextId, String state, String statusText,
                               String artifactText) {
        ObjectNode result = Wire.MAPPER.createObjectNode();
        result.put("kind", "task");
        result.put("id", taskId);
        result.put("contextId", contextId);
        ObjectNode status = result.putObject("status");
        status.put("state", state);
        ObjectNode message = status.putObject("message");
        message.put("kind", "message");
        message.put("role", "agent");
        message.put("messageId", java.util.UUID.randomUUID().toString());
        message.putArray("parts").addObject().put("kind", "text").put("text", statusText);
        if (artifactText != null) {
            ObjectNode artifact = result.putArray("artifacts").addObject();
            artifact.put("artifactId", "booking");
            artifact.putArray("parts").addObject().put("kind", "text").put("text", artifactText);
        }
        ObjectNode response = Wire.MAPPER.createObjectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("result", result);
        return response.toString();
    }

    private static String error(JsonNode id, int code, String message) {
        ObjectNode response = Wire.MAPPER.createObjectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        return response.toString();
    }

    private static void respond(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
