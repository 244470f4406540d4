package dev.agenteval.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.DayOfWeek;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small, deterministic A2A 0.3 agent over JSON-RPC, served on 127.0.0.1 with the JDK's HTTP
 * server: what the demo suites are run against, and a readable picture of what an A2A agent
 * looks like on the wire.
 *
 * <pre>{@code
 * try (DemoAgent agent = DemoAgent.start()) {
 *     System.out.println("A2A agent at " + agent.url());   // http://127.0.0.1:<port>/
 * }
 * }</pre>
 *
 * <h2>Endpoints</h2>
 * <ul>
 * <li>{@code GET /.well-known/agent-card.json}: the agent card (protocol version 0.3.0, url, skills);</li>
 * <li>{@code POST /}: JSON-RPC 2.0 with one method, {@code message/send}. Bad input gets a
 *     JSON-RPC error object: -32700 (not JSON), -32600 (not a JSON-RPC request), -32601 (another
 *     method), -32602 (bad params, e.g. no {@code messageId}), -32001 (unknown {@code taskId}),
 *     -32603 (a bug in the agent).</li>
 * </ul>
 *
 * <h2>Conversations and tasks</h2>
 * A message without {@code contextId} starts a conversation (a new context id); a message
 * without {@code taskId} starts a task in its conversation. The answer is always a Task
 * {@code {id, contextId, status: {state, message, timestamp}, artifacts?, history, metadata,
 * kind: "task"}}; its metadata holds the usage ({@code _usage: {input_tokens, output_tokens}} and
 * {@code credits}) and, when tools were called, {@code toolCalls: [{name, arguments, result}]}.
 *
 * <h2>Behaviours, chosen by keywords in the user's text (the first match wins)</h2>
 * <table>
 * <caption>What the demo agent answers</caption>
 * <tr><th>keywords</th><th>state</th><th>answer</th></tr>
 * <tr><td>refund</td><td>rejected</td><td>a refusal: refunds are not its business</td></tr>
 * <tr><td>crash, fail</td><td>failed</td><td>an error message (a simulated crash)</td></tr>
 * <tr><td>book, schedule</td><td>input-required</td><td>asks for a day; the reply, sent with the
 *     same {@code taskId} and {@code contextId}, completes the task: "Booked for Tuesday at 09:00."
 *     (a reply without the {@code taskId} is a new task, and is not understood)</td></tr>
 * <tr><td>vitals</td><td>completed</td><td>a text part, and an artifact with a data part
 *     {@code {items: [{type, value, unitName, timestamp}, ...]}} (four vitals)</td></tr>
 * <tr><td>find, lookup, look up, search</td><td>completed</td><td>the assets found, after calling the
 *     tools {@code find_assets} and {@code get_asset_status} (reported in {@code metadata.toolCalls})</td></tr>
 * <tr><td>elaborate, tell me more</td><td>completed</td><td>expands on looking up assets if it
 *     listed its capabilities earlier in the same conversation</td></tr>
 * <tr><td>hello, hi, hey, what can you</td><td>completed</td><td>a greeting listing what it can do</td></tr>
 * <tr><td>anything else</td><td>completed</td><td>says it did not understand</td></tr>
 * </table>
 *
 * Thread-safe: requests are served concurrently, and conversations and tasks are updated under
 * one lock. State lives in memory until {@link #close()}.
 */
public final class DemoAgent implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DemoAgent.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Where the agent card is served, as A2A 0.3 says. */
    public static final String AGENT_CARD_PATH = "/.well-known/agent-card.json";

    private static final int MAX_REQUEST_BYTES = 1 << 20;

    // JSON-RPC 2.0 error codes, and A2A's code for an unknown task.
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int TASK_NOT_FOUND = -32001;

    /** The answer when the agent says what it can do; judge criteria in the demo suites echo it. */
    static final String GREETING = "Hello! I am the agent-eval demo agent. I can help you with three things:"
            + " looking up assets such as pumps, showing the latest vitals, and booking check-ups.";

    private static final List<Map<String, Object>> ASSETS = List.of(
            asset("P-101", "Feed pump", "pump", "Plant A", "running"),
            asset("P-102", "Cooling water pump", "pump", "Plant A", "stopped"),
            asset("P-201", "Booster pump", "pump", "Plant B", "running"),
            asset("V-301", "Inlet valve", "valve", "Plant A", "open"),
            asset("C-401", "Air compressor", "compressor", "Plant B", "running"));

    private static final Pattern GREETING_WORDS = Pattern.compile("\\b(hello|hi|hey)\\b|what can you");

    private final HttpServer server;
    private final ExecutorService executor;
    private final URI url;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Object lock = new Object();
    private final Map<String, Conversation> conversations = new HashMap<>();
    private final Map<String, Task> tasks = new HashMap<>();

    private DemoAgent(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
        this.url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /**
     * Starts an agent on 127.0.0.1 and a free port.
     *
     * @throws UncheckedIOException when no port could be bound
     */
    public static DemoAgent start() {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the demo agent on 127.0.0.1", e);
        }
        ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "demo-agent");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        DemoAgent agent = new DemoAgent(server, executor);
        server.createContext("/", agent::handle);
        server.start();
        LOG.debug("Demo agent listening at {}", agent.url);
        return agent;
    }

    /** The agent's URL, {@code http://127.0.0.1:<port>/}: its JSON-RPC endpoint and the base of its card. */
    public URI url() {
        return url;
    }

    /** Stops serving; in-flight exchanges are dropped. Idempotent. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        server.stop(0);
        executor.shutdownNow();
        LOG.debug("Demo agent at {} stopped", url);
    }

    @Override
    public String toString() {
        return "DemoAgent[" + url + "]";
    }

    // ---------------------------------------------------------------- HTTP

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (path.equals(AGENT_CARD_PATH) && method.equals("GET")) {
                respond(exchange, 200, agentCard());
            } else if (path.equals("/") && method.equals("POST")) {
                byte[] body = readBody(exchange.getRequestBody());
                if (body == null) {
                    respond(exchange, 413, Map.of("error", "request larger than " + MAX_REQUEST_BYTES + " bytes"));
                } else {
                    respond(exchange, 200, jsonRpc(body));
                }
            } else if (path.equals("/") || path.equals(AGENT_CARD_PATH)) {
                exchange.getResponseHeaders().set("Allow", path.equals("/") ? "POST" : "GET");
                respond(exchange, 405, Map.of("error", method + " is not allowed on " + path));
            } else {
                respond(exchange, 404, Map.of("error", "no such path: " + path));
            }
        } finally {
            exchange.close();
        }
    }

    private static byte[] readBody(InputStream in) throws IOException {
        byte[] body = in.readNBytes(MAX_REQUEST_BYTES + 1);
        return body.length > MAX_REQUEST_BYTES ? null : body;
    }

    private static void respond(HttpExchange exchange, int status, Object json) throws IOException {
        byte[] bytes = MAPPER.writeValueAsBytes(json);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private Map<String, Object> agentCard() {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("protocolVersion", "0.3.0");
        card.put("name", "agent-eval demo agent");
        card.put("description", "A deterministic demo agent: greets, looks up assets, shows vitals, books check-ups.");
        card.put("url", url.toString());
        card.put("preferredTransport", "JSONRPC");
        card.put("version", "1.0.0");
        card.put("capabilities", map("streaming", false, "pushNotifications", false));
        card.put("defaultInputModes", List.of("text/plain"));
        card.put("defaultOutputModes", List.of("text/plain", "application/json"));
        card.put("skills", List.of(
                skill("find-assets", "Look up assets", "Finds assets such as pumps and reports their status.",
                        "Find pumps"),
                skill("vitals", "Show vitals", "Shows the latest vitals as text and as a data part.",
                        "Show the latest vitals"),
                skill("book-check-up", "Book a check-up", "Books a check-up; asks for the day first.",
                        "I need to book a check-up")));
        return card;
    }

    private static Map<String, Object> skill(String id, String name, String description, String example) {
        return map("id", id, "name", name, "description", description, "tags", List.of("demo"),
                "examples", List.of(example));
    }

    // ---------------------------------------------------------------- JSON-RPC

    /** A JSON-RPC error to answer with. */
    private static final class RpcError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int code;

        RpcError(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    /** The user's message, validated. */
    private record Incoming(Map<String, Object> message, String text, String contextId, String taskId) {
    }

    private Map<String, Object> jsonRpc(byte[] body) {
        JsonNode request;
        try {
            request = MAPPER.readTree(body);
        } catch (IOException e) {
            return error(null, PARSE_ERROR, "Parse error: the body is not JSON");
        }
        JsonNode id = request == null ? null : request.get("id");
        try {
            if (request == null || !request.isObject()) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: expected a JSON object");
            }
            if (!"2.0".equals(request.path("jsonrpc").asText(null))) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
            }
            if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
                id = null;
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"id\" must be a string or an integer");
            }
            JsonNode method = request.get("method");
            if (method == null || !method.isTextual()) {
                throw new RpcError(INVALID_REQUEST, "Invalid Request: \"method\" must be a string");
            }
            if (!method.textValue().equals("message/send")) {
                throw new RpcError(METHOD_NOT_FOUND, "Method not found: " + method.textValue()
                        + " (this agent supports message/send)");
            }
            Incoming incoming = incoming(request.get("params"));
            Map<String, Object> response = new LinkedHashMap<>();
            response.put("jsonrpc", "2.0");
            response.put("id", id);
            response.put("result", send(incoming));
            return response;
        } catch (RpcError e) {
            return error(id, e.code, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("Demo agent failed on a message/send request", e);
            return error(id, INTERNAL_ERROR, "Internal error: " + e);
        }
    }

    private static Map<String, Object> error(JsonNode id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", id);
        response.put("error", error);
        return response;
    }

    private static Incoming incoming(JsonNode params) {
        if (params == null || !params.isObject()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params\" must be an object holding \"message\"");
        }
        JsonNode message = params.get("message");
        if (message == null || !message.isObject()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message\" must be an object");
        }
        if (!message.path("messageId").isTextual() || message.get("messageId").textValue().isBlank()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.messageId\" is required");
        }
        if (!"user".equals(message.path("role").asText(null))) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.role\" must be \"user\"");
        }
        JsonNode parts = message.get("parts");
        if (parts == null || !parts.isArray() || parts.isEmpty()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message.parts\" must be a non-empty array");
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : parts) {
            if (part.path("kind").asText("").equals("text") && part.path("text").isTextual()) {
                text.append(text.length() == 0 ? "" : "\n").append(part.get("text").textValue());
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> asMap = MAPPER.convertValue(message, Map.class);
        return new Incoming(asMap, text.toString(), optionalId(message, "contextId"), optionalId(message, "taskId"));
    }

    private static String optionalId(JsonNode message, String field) {
        JsonNode value = message.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().isBlank()) {
            throw new RpcError(INVALID_PARAMS, "Invalid params: \"params.message." + field + "\" must be a string");
        }
        return value.textValue();
    }

    // ---------------------------------------------------------------- conversations and tasks

    /** What the agent remembers of one context: whether it has told the user what it can do. */
    private static final class Conversation {
        boolean listedCapabilities;
    }

    /** One task: its messages and, while it waits for input, what it waits for. */
    private static final class Task {
        final String id = UUID.randomUUID().toString();
        final String contextId;
        final List<Map<String, Object>> history = new ArrayList<>();
        String state = "submitted";
        boolean awaitingDay;

        Task(String contextId) {
            this.contextId = contextId;
        }

        boolean isTerminal() {
            return List.of("completed", "failed", "rejected", "canceled").contains(state);
        }
    }

    /** What a behaviour answers: a state, text, and optionally artifacts and the tool calls made. */
    private record Reply(String state, String text, List<Map<String, Object>> artifacts,
                         List<Map<String, Object>> toolCalls) {
        static Reply of(String state, String text) {
            return new Reply(state, text, List.of(), List.of());
        }
    }

    private Map<String, Object> send(Incoming in) {
        synchronized (lock) {
            Task task;
            if (in.taskId() != null) {
                task = tasks.get(in.taskId());
                if (task == null) {
                    throw new RpcError(TASK_NOT_FOUND, "Task not found: " + in.taskId());
                }
                if (in.contextId() != null && !in.contextId().equals(task.contextId)) {
                    throw new RpcError(INVALID_PARAMS, "Invalid params: task " + task.id + " belongs to context "
                            + task.contextId + ", not " + in.contextId());
                }
                if (task.isTerminal()) {
                    throw new RpcError(INVALID_PARAMS, "Invalid params: task " + task.id + " is " + task.state
                            + " and accepts no more messages; send without taskId to start a new task");
                }
            } else {
                task = new Task(in.contextId() != null ? in.contextId() : UUID.randomUUID().toString());
                tasks.put(task.id, task);
            }
            Conversation conversation = conversations.computeIfAbsent(task.contextId, c -> new Conversation());
            Map<String, Object> userMessage = new LinkedHashMap<>(in.message());
            userMessage.put("contextId", task.contextId);
            userMessage.put("taskId", task.id);
            task.history.add(userMessage);

            Reply reply = task.awaitingDay ? bookingDay(task, in.text()) : answer(task, conversation, in.text());
            task.state = reply.state();
            Map<String, Object> agentMessage = agentMessage(task, reply.text());
            Map<String, Object> result = taskJson(task, reply, agentMessage, in.text());
            task.history.add(agentMessage);
            LOG.debug("message/send context {} task {}: {}", task.contextId, task.id, reply.state());
            return result;
        }
    }

    // ---------------------------------------------------------------- behaviours

    private static Reply answer(Task task, Conversation conversation, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("refund")) {
            return Reply.of("rejected", "I'm sorry, but I can't help with refunds."
                    + " Please contact the billing department.");
        }
        if (t.contains("crash") || t.contains("fail")) {
            return Reply.of("failed", "Error: the asset service crashed while handling your request"
                    + " (a simulated failure).");
        }
        if (t.contains("book") || t.contains("schedule")) {
            String day = dayIn(t);
            if (day != null) {
                return booked(day);
            }
            task.awaitingDay = true;
            return Reply.of("input-required", "Sure, I can book a check-up. Which day would you like?");
        }
        if (t.contains("vitals")) {
            return vitals();
        }
        if (t.contains("find") || t.contains("lookup") || t.contains("look up") || t.contains("search")) {
            return lookup(t);
        }
        if (t.contains("elaborate") || t.contains("tell me more")) {
            return Reply.of("completed", conversation.listedCapabilities
                    ? "Sure. The first thing I mentioned was looking up assets: I search the asset catalogue"
                    + " with the find_assets tool, for example for pumps, and then report the status of each"
                    + " asset found with the get_asset_status tool."
                    : "I have not mentioned anything yet in this conversation. Ask me what I can help with.");
        }
        if (GREETING_WORDS.matcher(t).find()) {
            conversation.listedCapabilities = true;
            return Reply.of("completed", GREETING);
        }
        return Reply.of("completed", "Sorry, I did not understand that. I can look up assets such as pumps,"
                + " show the latest vitals, and book check-ups.");
    }

    private static Reply bookingDay(Task task, String text) {
        String day = dayIn(text.toLowerCase(Locale.ROOT));
        if (day == null) {
            return Reply.of("input-required", "Which day would you like? Please name a day of the week,"
                    + " for example Tuesday.");
        }
        task.awaitingDay = false;
        return booked(day);
    }

    private static Reply booked(String day) {
        return Reply.of("completed", "Booked for " + day + " at 09:00. See you then!");
    }

    /** The first day of the week named in lower-case {@code text}, capitalised; null when none. */
    private static String dayIn(String text) {
        for (DayOfWeek d : DayOfWeek.values()) {
            String name = d.name().toLowerCase(Locale.ROOT);
            if (text.contains(name)) {
                return Character.toUpperCase(name.charAt(0)) + name.substring(1);
            }
        }
        return null;
    }

    private static Reply vitals() {
        String at = "2025-01-15T08:30:00Z";
        List<Map<String, Object>> items = List.of(
                vital("TEMP", 38.5, "°C", at), vital("SYS", 120, "mmHg", at),
                vital("DIAS", 80, "mmHg", at), vital("PULSE", 90, "Bpm", at));
        Map<String, Object> artifact = new LinkedHashMap<>();
        artifact.put("artifactId", UUID.randomUUID().toString());
        artifact.put("name", "vitals");
        artifact.put("parts", List.of(map("kind", "data", "data", map("items", items))));
        return new Reply("completed", "The latest vitals: temperature 38.5 °C, blood pressure 120/80 mmHg,"
                + " pulse 90 Bpm.", List.of(artifact), List.of());
    }

    private static Map<String, Object> vital(String type, Number value, String unit, String timestamp) {
        return map("type", type, "value", value, "unitName", unit, "timestamp", timestamp);
    }

    /** Calls find_assets, then get_asset_status for what it found, and reports both calls. */
    private static Reply lookup(String text) {
        String filter = Stream.of("pump", "valve", "compressor").filter(text::contains).findFirst().orElse("");
        List<Map<String, Object>> found = ASSETS.stream()
                .filter(a -> filter.isEmpty() || a.get("kind").equals(filter)).toList();
        List<Map<String, Object>> calls = List.of(
                toolCall("find_assets", map("filter", filter, "limit", 10),
                        found.stream().map(a -> map("id", a.get("id"), "name", a.get("name"), "site", a.get("site")))
                                .toList()),
                toolCall("get_asset_status", map("ids", found.stream().map(a -> a.get("id")).toList()),
                        found.stream().map(a -> map("id", a.get("id"), "status", a.get("status"))).toList()));
        String answer = "I found " + found.size() + " " + (filter.isEmpty() ? "asset" : filter)
                + (found.size() == 1 ? "" : "s") + ": " + found.stream()
                .map(a -> a.get("id") + " " + a.get("name") + " (" + a.get("site") + ") is " + a.get("status"))
                .collect(Collectors.joining(", ")) + ".";
        return new Reply("completed", answer, List.of(), calls);
    }

    private static Map<String, Object> toolCall(String name, Map<String, Object> arguments, Object result) {
        return map("name", name, "arguments", arguments, "result", result);
    }

    private static Map<String, Object> asset(String id, String name, String kind, String site, String status) {
        return map("id", id, "name", name, "kind", kind, "site", site, "status", status);
    }

    /** A JSON object from key/value pairs, keeping their order (so the wire JSON reads in that order). */
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    // ---------------------------------------------------------------- wire shapes

    private static Map<String, Object> agentMessage(Task task, String text) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "agent");
        message.put("parts", List.of(map("kind", "text", "text", text)));
        message.put("messageId", UUID.randomUUID().toString());
        message.put("taskId", task.id);
        message.put("contextId", task.contextId);
        message.put("kind", "message");
        return message;
    }

    private static Map<String, Object> taskJson(Task task, Reply reply, Map<String, Object> agentMessage,
                                                String userText) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("state", reply.state());
        status.put("message", agentMessage);
        status.put("timestamp", Instant.now().toString());

        Map<String, Object> usage = new LinkedHashMap<>();
        usage.put("input_tokens", words(userText));
        usage.put("output_tokens", words(reply.text()));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("_usage", usage);
        metadata.put("credits", BigDecimal.valueOf(words(userText) + words(reply.text()), 3));
        if (!reply.toolCalls().isEmpty()) {
            metadata.put("toolCalls", reply.toolCalls());
        }

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", task.id);
        json.put("contextId", task.contextId);
        json.put("status", status);
        if (!reply.artifacts().isEmpty()) {
            json.put("artifacts", reply.artifacts());
        }
        json.put("history", List.copyOf(task.history));
        json.put("metadata", metadata);
        json.put("kind", "task");
        return json;
    }

    /** A stand-in for a token count: the number of words. */
    private static int words(String text) {
        String t = text.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }
}
