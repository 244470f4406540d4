package dev.agenteval.testkit.demo;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import static dev.agenteval.testkit.demo.DemoBehaviours.map;

import dev.agenteval.testkit.demo.DemoBehaviours.Conversation;
import dev.agenteval.testkit.demo.DemoBehaviours.Reply;
import dev.agenteval.testkit.demo.DemoBehaviours.Task;
import dev.agenteval.testkit.demo.JsonRpc.Incoming;
import dev.agenteval.testkit.demo.JsonRpc.RpcError;
import dev.agenteval.testkit.internal.FakeHttpServer;
import dev.agenteval.testkit.internal.FakeHttpServer.Answer;
import dev.agenteval.testkit.internal.Json;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small, deterministic A2A 0.3 agent over JSON-RPC, served on 127.0.0.1 by the testkit's HTTP
 * server (the one {@link dev.agenteval.testkit.FakeA2aAgent} uses): what {@code agent-eval demo-agent}
 * serves and the demo suites are run against, and a readable picture of what an A2A agent looks
 * like on the wire. Unlike the fake agent, it is not scripted by a test: it keeps conversations and
 * tasks and validates every request as a real agent would.
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
 * <li>{@code POST /} (at most 1 MiB, else 413): JSON-RPC 2.0 with one method, {@code message/send}. Bad input gets a
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
@API(status = EXPERIMENTAL)
public final class DemoAgent implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DemoAgent.class);

    /** Where the agent card is served, as A2A 0.3 says. */
    public static final String AGENT_CARD_PATH = dev.agenteval.testkit.FakeA2aAgent.AGENT_CARD_PATH;

    /** The largest request body served; a larger one gets 413. */
    static final int MAX_REQUEST_BYTES = 1 << 20;

    private final FakeHttpServer server;
    private final URI url;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Object lock = new Object();
    private final Map<String, Conversation> conversations = new HashMap<>();
    private final Map<String, Task> tasks = new HashMap<>();

    private DemoAgent(int port) {
        this.server = FakeHttpServer.start("demo agent", port, this::handle);
        this.url = server.url("/");
    }

    /**
     * Starts an agent on 127.0.0.1 and a free port.
     *
     * @throws UncheckedIOException when no port could be bound
     */
    public static DemoAgent start() {
        return start(0);
    }

    /**
     * Starts an agent on 127.0.0.1 and {@code port} ({@code agent-eval demo-agent --port N}); 0 is a free port.
     *
     * @throws UncheckedIOException when the port could not be bound (in use, not allowed)
     */
    public static DemoAgent start(int port) {
        DemoAgent agent = new DemoAgent(port);
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
        server.close();
        LOG.debug("Demo agent at {} stopped", url);
    }

    @Override
    public String toString() {
        return "DemoAgent[" + url + "]";
    }

    /** GET the card, POST JSON-RPC to {@code /}; 405 with {@code Allow} for another method there, 404 elsewhere. */
    private Answer handle(FakeHttpServer.Incoming in) {
        String path = in.path();
        String method = in.method();
        if (path.equals(AGENT_CARD_PATH) && method.equals("GET")) {
            return Answer.json(200, Json.write(agentCard()));
        }
        if (path.equals("/") && method.equals("POST")) {
            byte[] body = in.body();
            return body.length > MAX_REQUEST_BYTES
                    ? Answer.json(413, Json.write(Map.of("error", "request larger than " + MAX_REQUEST_BYTES + " bytes")))
                    : Answer.json(200, Json.write(JsonRpc.handle(body, this::send)));
        }
        if (path.equals("/") || path.equals(AGENT_CARD_PATH)) {
            return Answer.json(405, Json.write(Map.of("error", method + " is not allowed on " + path)))
                    .withHeader("Allow", path.equals("/") ? "POST" : "GET");
        }
        return Answer.json(404, Json.write(Map.of("error", "no such path: " + path)));
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

    // ---------------------------------------------------------------- conversations and tasks

    private Map<String, Object> send(Incoming in) {
        synchronized (lock) {
            Task task;
            if (in.taskId() != null) {
                task = tasks.get(in.taskId());
                if (task == null) {
                    throw new RpcError(JsonRpc.TASK_NOT_FOUND, "Task not found: " + in.taskId());
                }
                if (in.contextId() != null && !in.contextId().equals(task.contextId)) {
                    throw new RpcError(JsonRpc.INVALID_PARAMS, "Invalid params: task " + task.id + " belongs to context "
                            + task.contextId + ", not " + in.contextId());
                }
                if (task.isTerminal()) {
                    throw new RpcError(JsonRpc.INVALID_PARAMS, "Invalid params: task " + task.id + " is " + task.state
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

            Reply reply = task.awaitingDay ? DemoBehaviours.bookingDay(task, in.text())
                    : DemoBehaviours.answer(task, conversation, in.text());
            task.state = reply.state();
            Map<String, Object> agentMessage = agentMessage(task, reply.text());
            Map<String, Object> result = taskJson(task, reply, agentMessage, in.text());
            task.history.add(agentMessage);
            LOG.debug("message/send context {} task {}: {}", task.contextId, task.id, reply.state());
            return result;
        }
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
