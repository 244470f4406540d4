package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A fake OpenAI-compatible chat model on 127.0.0.1: a judge, a user simulator or a model-backed
 * agent for tests, answering {@code POST /v1/chat/completions} as scripted and recording every
 * request. {@code GET /v1/models} lists the {@linkplain #models(String...) models it offers}.
 *
 * <pre>{@code
 * try (FakeChatModel judge = FakeChatModel.start()) {
 *     judge.enqueue(ChatReply.pass("Greets the user."));
 *     // agent-eval run suite.yaml --judge-url <judge.url()> --judge-model m ...
 *     assertThat(judge.takeRequest().prompt()).contains("Greets the user");
 * }
 * }</pre>
 *
 * Each request is answered by the first of: the replies {@linkplain #enqueue queued} (in order),
 * the {@linkplain #when rules} (in the order added), and the fallback ({@link #otherwise}; at
 * first HTTP 500 saying that nothing was scripted, so a test that asks more than it scripted
 * fails visibly). Thread-safe.
 */
@API(status = EXPERIMENTAL)
public final class FakeChatModel implements AutoCloseable {

    private static final Duration TAKE_TIMEOUT = Duration.ofSeconds(10);
    private static final String NAME = "fake chat model";

    private final FakeHttpServer server;
    private final Script<ChatRequest, ChatReply> script = new Script<>(r -> ChatReply.httpStatus(500,
            "{\"error\": {\"message\": " + Json.quote("FakeChatModel: nothing scripted for request " + r.number())
                    + "}}"));
    private volatile List<String> models = List.of("fake-model");
    private volatile ChatReply modelsReply;
    private volatile String key;

    private FakeChatModel() {
        this.server = FakeHttpServer.start(NAME, 0, this::handle);
    }

    /** Starts a model on a free port. */
    public static FakeChatModel start() {
        return new FakeChatModel();
    }

    /** The API root, {@code http://127.0.0.1:<port>/v1}: what {@code --judge-url} and {@code baseUrl} take. */
    public URI url() {
        return server.url("/v1");
    }

    /** The models {@code GET /v1/models} lists (at first {@code fake-model}). */
    public FakeChatModel models(String... ids) {
        if (ids.length == 0) {
            throw new IllegalArgumentException("models must name at least one model");
        }
        models = List.of(ids);
        modelsReply = null;
        return this;
    }

    /**
     * What {@code GET /v1/models} answers instead of a list, such as
     * {@code ChatReply.httpStatus(404, "{}")} for a server that lists no models, or a 500 for one
     * that is down. {@link #models(String...)} lists again.
     */
    public FakeChatModel models(ChatReply reply) {
        modelsReply = Objects.requireNonNull(reply, "reply");
        return this;
    }

    /**
     * Answers 401, as OpenAI does, to every request ({@code GET /v1/models} included) whose
     * {@code Authorization} is not {@code Bearer key}. A refused chat request is recorded but takes
     * no scripted reply.
     */
    public FakeChatModel requireKey(String key) {
        this.key = Objects.requireNonNull(key, "key");
        return this;
    }

    /** Queues replies for the next requests, in order, before any rule. */
    public FakeChatModel enqueue(ChatReply... replies) {
        for (ChatReply r : replies) {
            script.enqueue(r);
        }
        return this;
    }

    /** Answers {@code reply} to every request whose {@linkplain ChatRequest#prompt() prompt} contains {@code text}. */
    public FakeChatModel when(String text, ChatReply reply) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(reply, "reply");
        script.when(r -> r.prompt().contains(text), r -> reply);
        return this;
    }

    /** Answers what {@code reply} makes of every request {@code when} accepts (after the queue). */
    public FakeChatModel when(Predicate<ChatRequest> when, Function<ChatRequest, ChatReply> reply) {
        script.when(when, reply);
        return this;
    }

    /** Answers {@code reply} when neither the queue nor a rule does. */
    public FakeChatModel otherwise(ChatReply reply) {
        Objects.requireNonNull(reply, "reply");
        script.otherwise(r -> reply);
        return this;
    }

    /** Answers what {@code script} makes of a request when neither the queue nor a rule does. */
    public FakeChatModel otherwise(Function<ChatRequest, ChatReply> script) {
        this.script.otherwise(script);
        return this;
    }

    /** Every chat completion request received so far, in order ({@code GET /models} not counted). */
    public List<ChatRequest> requests() {
        return script.received();
    }

    /** The number of chat completion requests received so far. */
    public int requestCount() {
        return script.count();
    }

    /**
     * The next request no earlier call returned, waiting up to 10 s for it.
     *
     * @throws IllegalStateException when none arrives
     */
    public ChatRequest takeRequest() throws InterruptedException {
        return script.take(NAME, TAKE_TIMEOUT);
    }

    /** Stops at once; hanging and delayed answers end unanswered. Idempotent. */
    @Override
    public void close() {
        server.close();
    }

    @Override
    public String toString() {
        return "FakeChatModel[" + url() + "]";
    }

    private Answer handle(Incoming in) {
        String required = key;
        boolean refused = required != null && !in.headers().getOrDefault("authorization", List.of()).contains("Bearer " + required);
        if (in.method().equals("GET") && in.path().endsWith("/models")) {
            if (refused) {
                return unauthorized();
            }
            ChatReply reply = modelsReply;
            if (reply != null) {
                return reply.answer(models.get(0), 0);
            }
            ObjectNode list = Json.object().put("object", "list");
            ArrayNode data = list.putArray("data");
            models.forEach(id -> data.addObject().put("id", id).put("object", "model"));
            return Answer.json(200, Json.write(list));
        }
        if (!in.method().equals("POST") || !in.path().endsWith("/chat/completions")) {
            return Answer.json(404, "{\"error\": {\"message\": " + Json.quote("no such endpoint: " + in.method() + " "
                    + in.path() + " (the fake serves POST /v1/chat/completions and GET /v1/models)") + "}}");
        }
        JsonNode body = Json.tryParse(in.body());
        String model = body == null ? "" : Objects.requireNonNullElse(Json.text(body, "model"), "");
        List<ChatRequest.Message> messages = new ArrayList<>();
        if (body != null) {
            for (JsonNode m : body.path("messages")) {
                messages.add(new ChatRequest.Message(m.path("role").asText(""), content(m.get("content"))));
            }
        }
        ChatRequest request = new ChatRequest(script.count() + 1, in.path(), in.headers(),
                new String(in.body(), StandardCharsets.UTF_8), model, messages);
        if (refused) {
            script.record(request);
            return unauthorized();
        }
        return script.answer(request).answer(model.isEmpty() ? models.get(0) : model, request.number());
    }

    private static Answer unauthorized() {
        return Answer.json(401, "{\"error\": {\"message\": \"Incorrect API key provided (FakeChatModel.requireKey)\","
                + " \"type\": \"invalid_request_error\", \"code\": \"invalid_api_key\"}}");
    }

    private static String content(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        List<String> texts = new ArrayList<>();
        content.forEach(p -> {
            if (p.path("text").isTextual()) {
                texts.add(p.get("text").textValue());
            }
        });
        return String.join("\n", texts);
    }
}
