package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.testkit.internal.FakeHttpServer;
import dev.agenteval.testkit.internal.FakeHttpServer.Answer;
import dev.agenteval.testkit.internal.FakeHttpServer.Incoming;
import dev.agenteval.testkit.internal.Json;
import dev.agenteval.testkit.internal.Script;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A fake A2A agent on 127.0.0.1 for tests of clients, scorers and whole runs: it speaks A2A 0.3
 * or 1.0 over JSON-RPC (and the REST {@code POST .../message:send} binding), answers each message
 * as scripted, and records every message it received.
 *
 * <pre>{@code
 * try (FakeA2aAgent agent = FakeA2aAgent.start(A2aWire.V0_3)) {
 *     agent.enqueue(A2aReply.inputRequired("Which day?"));          // the first message
 *     agent.when("Tuesday", A2aReply.completed("Booked for Tuesday.")); // then by the text
 *     // ... run a client or agent-eval against agent.url() ...
 *     assertThat(agent.takeRequest().text()).isEqualTo("Book a check-up");
 *     assertThat(agent.takeRequest().taskId()).isPresent();         // the reply went to the same task
 * }
 * }</pre>
 *
 * <h2>What it serves</h2>
 * <ul>
 * <li>{@code GET /.well-known/agent-card.json} (and the older {@code agent.json}): a card naming
 *     the version and the JSON-RPC URL, {@link #url()}; 404 {@linkplain #withoutCard() without one}.</li>
 * <li>{@code POST} to any other path: JSON-RPC 2.0 with the version's send method
 *     ({@link A2aWire#sendMethod()}); another method gets error -32601, a body that is not JSON
 *     -32700, params without a {@code message} -32602. A path ending in {@code message:send} is the
 *     REST binding: the body is {@code {"message": {...}}} and the answer the bare result.</li>
 * </ul>
 *
 * <h2>Conversations</h2>
 * The agent keeps, like a real one, a context per conversation and a task per piece of work: a
 * message without {@code contextId} starts a context ({@code ctx-1}, {@code ctx-2}, ...), a
 * message without {@code taskId} starts a task ({@code task-1}, ...), and a message carrying the
 * {@code taskId} of a task still waiting ({@code input-required}) continues it. A task's
 * {@code history} holds its messages so far, the user's as received.
 *
 * <h2>Scripting</h2>
 * Each message is answered by the first of: the replies {@linkplain #enqueue queued} (in order),
 * the {@linkplain #when rules} (in the order added), and the fallback ({@link #otherwise}; at
 * first a completed task echoing the message's text). Thread-safe: requests are served
 * concurrently, and scripting may change while they are.
 */
@API(status = EXPERIMENTAL)
public final class FakeA2aAgent implements AutoCloseable {

    /** Where the card is served, as A2A 0.3 and 1.0 say. */
    public static final String AGENT_CARD_PATH = "/.well-known/agent-card.json";

    private static final Duration TAKE_TIMEOUT = Duration.ofSeconds(10);

    private final A2aWire wire;
    private final String name;
    private final FakeHttpServer server;
    private final Script<A2aRequest, A2aReply> script = new Script<>(r -> A2aReply.completed(r.text()));
    private final AtomicInteger contexts = new AtomicInteger();
    private final AtomicInteger tasks = new AtomicInteger();
    private final Object lock = new Object();
    private final Map<String, List<JsonNode>> histories = new HashMap<>();
    private final Map<String, Boolean> open = new HashMap<>();
    private volatile boolean cardless;

    private FakeA2aAgent(A2aWire wire, String name, int port) {
        this.wire = Objects.requireNonNull(wire, "wire");
        this.name = Objects.requireNonNull(name, "name");
        this.server = FakeHttpServer.start(name, port, this::handle);
    }

    /** Starts an A2A 0.3 agent on a free port. */
    public static FakeA2aAgent start() {
        return start(A2aWire.V0_3);
    }

    /** Starts an agent speaking {@code wire} on a free port. */
    public static FakeA2aAgent start(A2aWire wire) {
        return new FakeA2aAgent(wire, "fake A2A agent", 0);
    }

    /**
     * Starts an agent speaking {@code wire} on 127.0.0.1 and {@code port} (0: a free one), its card
     * naming it {@code name}.
     *
     * @throws java.io.UncheckedIOException when the port cannot be bound
     */
    public static FakeA2aAgent start(A2aWire wire, int port, String name) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535 but was " + port);
        }
        return new FakeA2aAgent(wire, name, port);
    }

    /** The agent's URL, {@code http://127.0.0.1:<port>/}: its JSON-RPC endpoint and the base of its card. */
    public URI url() {
        return server.url("/");
    }

    /** The version it speaks. */
    public A2aWire wire() {
        return wire;
    }

    /**
     * Serves no card from now on: the card paths answer 404, as an agent without one does (a
     * client then speaks A2A 0.3 at the URL it was given).
     */
    public FakeA2aAgent withoutCard() {
        cardless = true;
        return this;
    }

    /** Queues replies for the next messages, in order, before any rule. */
    public FakeA2aAgent enqueue(A2aReply... replies) {
        for (A2aReply r : replies) {
            script.enqueue(r);
        }
        return this;
    }

    /** Answers {@code reply} to every message whose text contains {@code text} (after the queue). */
    public FakeA2aAgent when(String text, A2aReply reply) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(reply, "reply");
        script.when(r -> r.text().contains(text), r -> reply);
        return this;
    }

    /** Answers what {@code reply} makes of every message {@code when} accepts (after the queue). */
    public FakeA2aAgent when(Predicate<A2aRequest> when, Function<A2aRequest, A2aReply> reply) {
        script.when(when, reply);
        return this;
    }

    /** Answers {@code reply} when neither the queue nor a rule does. */
    public FakeA2aAgent otherwise(A2aReply reply) {
        Objects.requireNonNull(reply, "reply");
        script.otherwise(r -> reply);
        return this;
    }

    /** Answers what {@code script} makes of a message when neither the queue nor a rule does. */
    public FakeA2aAgent otherwise(Function<A2aRequest, A2aReply> script) {
        this.script.otherwise(script);
        return this;
    }

    /** Every message received so far, in order. */
    public List<A2aRequest> requests() {
        return script.received();
    }

    /** The number of messages received so far. */
    public int requestCount() {
        return script.count();
    }

    /**
     * The next message no earlier call returned, waiting up to 10 s for it.
     *
     * @throws IllegalStateException when none arrives
     */
    public A2aRequest takeRequest() throws InterruptedException {
        return script.take(name, TAKE_TIMEOUT);
    }

    /** Stops at once; hanging and delayed answers end unanswered. Idempotent. */
    @Override
    public void close() {
        server.close();
    }

    @Override
    public String toString() {
        return "FakeA2aAgent[" + wire + " at " + url() + "]";
    }

    // ---------------------------------------------------------------- HTTP and JSON-RPC

    private Answer handle(Incoming in) {
        String path = in.path();
        if (in.method().equals("GET") && (path.equals(AGENT_CARD_PATH) || path.equals("/.well-known/agent.json"))) {
            return cardless ? Answer.json(404, "{\"error\": \"this agent has no card\"}") : Answer.json(200, Json.write(card()));
        }
        if (!in.method().equals("POST")) {
            return Answer.json(405, "{\"error\": \"" + in.method() + " is not served at " + path + "\"}")
                    .withHeader("Allow", "POST");
        }
        boolean rest = path.endsWith("message:send");
        JsonNode body = Json.tryParse(in.body());
        JsonNode id = body == null ? null : body.get("id");
        if (body == null || !body.isObject()) {
            return error(rest, id, -32700, "Parse error: the body is not a JSON object");
        }
        String method = rest ? "message:send" : Objects.requireNonNullElse(Json.text(body, "method"), "");
        if (!rest && !method.equals(wire.sendMethod())) {
            return error(false, id, -32601, "Method not found: " + method + " (this agent speaks " + wire + ": "
                    + wire.sendMethod() + ")");
        }
        JsonNode message = rest ? body.get("message") : body.path("params").get("message");
        if (message == null || !message.isObject()) {
            return error(rest, id, -32602, "Invalid params: " + (rest ? "" : "params.") + "message must be an object");
        }
        A2aRequest request = new A2aRequest(script.count() + 1, path, method, in.headers(),
                new String(in.body(), StandardCharsets.UTF_8), text(message), optional(message, "contextId"),
                optional(message, "taskId"), optional(message, "messageId"));
        A2aReply reply = script.answer(request);
        Answer fault = reply.fault();
        if (fault != null) {
            return fault;
        }
        ObjectNode rpcError = reply.rpcError();
        if (rpcError != null) {
            return reply.deliver(rest ? Answer.json(400, Json.write(rpcError))
                    : Answer.json(200, Json.write(envelope(id).set("error", rpcError))));
        }
        ObjectNode result = result(request, message, reply);
        String json = Json.write(rest ? result : envelope(id).set("result", result));
        return reply.deliver(Answer.json(200, json));
    }

    /** The result, and the conversation's memory updated. */
    private ObjectNode result(A2aRequest request, JsonNode userMessage, A2aReply reply) {
        int number = request.number();
        synchronized (lock) {
            String contextId = reply.contextIdOr(request.contextId().orElseGet(() -> "ctx-" + contexts.incrementAndGet()));
            String given = request.taskId().filter(t -> open.getOrDefault(t, Boolean.TRUE)).orElse(null);
            String taskId = reply.taskIdOr(given != null ? given : "task-" + tasks.incrementAndGet());
            ObjectNode agentMessage = reply.agentMessage(wire, "msg-" + number, contextId, reply.isTask() ? taskId : null);
            if (!reply.isTask()) {
                return reply.render(wire, contextId, taskId, List.of(), agentMessage, number);
            }
            List<JsonNode> history = histories.computeIfAbsent(taskId, t -> new ArrayList<>());
            history.add(userMessage.deepCopy());
            if (reply.speaks()) {
                history.add(agentMessage.deepCopy());
            }
            history.addAll(reply.extraHistory(wire, contextId, taskId, number));
            open.put(taskId, !reply.isTerminal());
            return reply.render(wire, contextId, taskId, List.copyOf(history), agentMessage, number);
        }
    }

    private ObjectNode card() {
        ObjectNode card = Json.object().put("name", name)
                .put("description", "A fake A2A agent (agent-eval testkit)").put("version", "1.0.0");
        String rpc = url().toString();
        if (wire == A2aWire.V0_3) {
            card.put("protocolVersion", "0.3.0").put("url", rpc).put("preferredTransport", "JSONRPC");
        } else {
            card.putArray("supportedInterfaces").addObject().put("url", rpc).put("protocolBinding", "JSONRPC")
                    .put("protocolVersion", "1.0");
        }
        card.putObject("capabilities").put("streaming", false);
        card.putArray("defaultInputModes").add("text/plain");
        card.putArray("defaultOutputModes").add("text/plain").add("application/json");
        card.putArray("skills");
        return card;
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode response = Json.object().put("jsonrpc", "2.0");
        response.set("id", id);
        return response;
    }

    private static Answer error(boolean rest, JsonNode id, int code, String message) {
        ObjectNode error = Json.object().put("code", code).put("message", message);
        return rest ? Answer.json(400, Json.write(error)) : Answer.json(200, Json.write(envelope(id).set("error", error)));
    }

    private static String text(JsonNode message) {
        StringBuilder text = new StringBuilder();
        for (JsonNode part : message.path("parts")) {
            if (part.path("text").isTextual()) {
                text.append(text.length() == 0 ? "" : "\n").append(part.get("text").textValue());
            }
        }
        return text.toString();
    }

    private static Optional<String> optional(JsonNode message, String field) {
        return Optional.ofNullable(Json.text(message, field));
    }
}
