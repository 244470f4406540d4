package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.jayway.jsonpath.JsonPath;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An A2A agent over JSON-RPC: {@code message/send} (0.3) or {@code SendMessage} (1.0), chosen by
 * configuration or by the agent card. Each message gets a fresh {@code messageId}; the session
 * carries the {@code contextId} across turns and the {@code taskId} after a turn that ended
 * {@code input-required} (or {@code auth-required}). Optionally streams ({@code message/stream})
 * and records the time to the first event.
 */
final class A2aClient implements AgentClient {

    private static final Logger LOG = LoggerFactory.getLogger(A2aClient.class);

    /** What the session carries between turns. */
    enum Carry { ALL, CONTEXT_ONLY, NONE }

    /** How to ask for a blocking answer. */
    enum Blocking { TRUE, FALSE, OMIT }

    private final HttpClientSettings settings;
    private final HttpJson http;
    private final String description;
    private final A2aVersion configuredVersion;
    private final Blocking blocking;
    private final boolean stream;
    private final Carry carry;
    private final HttpClient streamingClient;
    private final AgentCard fixedEndpoint;
    private final AgentCardDiscovery discovery;
    private final JsonPath toolCallsPath;

    /**
     * @param cardTimeout the timeout of an agent card request, or null for the default (the
     *                    smaller of 5 s and the request timeout); unused when {@code version} is set
     * @param toolCallsPath where the tool calls are in a task or message besides the metadata keys, or null
     */
    A2aClient(HttpClientSettings settings, A2aVersion version, URI endpoint, Blocking blocking, boolean stream, Carry carry,
              Duration cardTimeout, JsonPath toolCallsPath) {
        this.settings = settings;
        this.toolCallsPath = toolCallsPath;
        this.http = settings.http();
        this.description = "a2a " + dev.agenteval.http.Urls.withoutSecrets(String.valueOf(settings.url()));
        this.configuredVersion = version;
        this.blocking = blocking;
        this.stream = stream;
        this.carry = carry;
        this.streamingClient = stream ? settings.streamingClient() : null;
        if (version != null) {
            this.fixedEndpoint = new AgentCard(endpoint != null ? endpoint : settings.url(), version);
            this.discovery = null;
        } else {
            this.fixedEndpoint = null;
            Duration timeout = AgentCardDiscovery.timeout(cardTimeout, settings.requestTimeout());
            this.discovery = new AgentCardDiscovery(cardHttp(settings, timeout), settings.url(), endpoint, timeout);
        }
    }

    /** A client for card requests: the agent's headers, credentials and retries, the card's own timeout. */
    private static HttpJson cardHttp(HttpClientSettings settings, Duration timeout) {
        return settings.httpBuilder()
                .connectTimeout(settings.connectTimeout().compareTo(timeout) < 0 ? settings.connectTimeout() : timeout)
                .requestTimeout(timeout)
                .build();
    }

    /** The protocol and URL (without user info, query or fragment), e.g. {@code a2a http://localhost:8080/}. */
    @Override
    public String description() {
        return description;
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        return new Session(request);
    }

    /**
     * The endpoint and version: configured, or read from the agent card once for the client's
     * lifetime (concurrent sessions wait for the same read; see {@link AgentCardDiscovery}).
     */
    AgentCard endpoint() throws InterruptedException {
        return fixedEndpoint != null ? fixedEndpoint : discovery.get();
    }

    /**
     * The agent card (when one was read), for the run's fingerprint: its skills, capabilities,
     * version and interfaces decide what the agent does; its name and description do not count.
     */
    @Override
    public Map<String, Object> configuration() throws InterruptedException {
        JsonNode card = endpoint().card();
        if (card == null || !card.isObject()) {
            return Map.of();
        }
        Map<String, Object> out = new java.util.LinkedHashMap<>(Json.object(card));
        out.remove("name");
        out.remove("description");
        return out;
    }

    @Override
    public void close() {
        if (discovery != null) {
            discovery.close();
        }
    }

    @Override
    public String toString() {
        return "A2aClient[" + settings.url() + ", version " + (configuredVersion == null ? "auto" : configuredVersion)
                + (stream ? ", streaming" : "") + "]";
    }

    private final class Session extends HttpSession {
        private final SessionRequest request;
        private String contextId;
        private String taskId;
        private TaskState lastState;
        private long rpcId;
        private Map<String, Object> lastRequest;
        private volatile SseCall streaming;

        Session(SessionRequest request) {
            this.request = request;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            AgentCard ep = endpoint();
            String ctx = carry != Carry.NONE ? contextId : null;
            String task = carry == Carry.ALL && (lastState == TaskState.INPUT_REQUIRED || lastState == TaskState.AUTH_REQUIRED)
                    ? taskId : null;
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("message", ep.version().message(message, UUID.randomUUID().toString(), ctx, task));
            Map<String, Object> configuration = configuration(ep.version());
            if (configuration != null) {
                params.put("configuration", configuration);
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("jsonrpc", "2.0");
            body.put("id", ++rpcId);
            body.put("method", ep.version().method(stream));
            body.put("params", params);
            lastRequest = body;
            if (LOG.isDebugEnabled()) {
                LOG.debug("A2A {} to {} for case '{}' turn {}", body.get("method"), HttpJson.display(ep.endpoint()),
                        request.caseId(), rpcId);
            }
            AgentResponse response = stream ? streamed(ep, body) : sent(ep, body);
            if (response.contextId().isPresent()) {
                contextId = response.contextId().get();
            }
            taskId = response.taskId().orElse(null);
            lastState = response.state().orElse(null);
            return response;
        }

        private Map<String, Object> configuration(A2aVersion version) {
            Map<String, Object> c = new LinkedHashMap<>();
            if (version == A2aVersion.V0_3) {
                if (blocking == Blocking.OMIT) {
                    return null;
                }
                c.put("blocking", blocking == Blocking.TRUE);
                return c;
            }
            // 1.0 waits for the task to settle unless told to return immediately.
            if (blocking == Blocking.FALSE) {
                c.put("returnImmediately", true);
                return c;
            }
            return null;
        }

        private AgentResponse sent(AgentCard ep, Map<String, Object> body) throws InterruptedException {
            JsonResponse response = http.post(ep.endpoint().toString(), body, headers(ep.version().headers()));
            JsonNode result = result(response.body(), ep.endpoint());
            return A2aResults.read(result, response.value(), ep.endpoint().toString(), toolCallsPath).build();
        }

        private AgentResponse streamed(AgentCard ep, Map<String, Object> body) throws InterruptedException {
            SseCall call = new SseCall(streamingClient, settings);
            streaming = call;
            StreamedTask aggregate = new StreamedTask();
            try {
                call.post(ep.endpoint(), JsonTrees.MAPPER.writeValueAsBytes(body), headers(ep.version().headers()), event -> {
                    aggregate.accept(result(event, ep.endpoint()));
                    return aggregate.isFinal();
                });
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("request not serializable", e);
            } finally {
                streaming = null;
            }
            if (call.events() == 0) {
                throw Json.invalid("POST " + ep.endpoint() + " streamed no events", Map.of("url", ep.endpoint().toString()));
            }
            JsonNode result = aggregate.result(ep.version());
            ObjectNode raw = JsonTrees.NODES.objectNode();
            raw.put("jsonrpc", "2.0");
            raw.put("id", (Long) body.get("id"));
            raw.set("result", result);
            ObjectNode streamInfo = raw.putObject("stream");
            streamInfo.put("events", call.events());
            streamInfo.put("timeToFirstEventMillis", call.firstEventNanos() / 1_000_000);
            return A2aResults.read(result, JsonTrees.toValue(raw), ep.endpoint().toString(), toolCallsPath).build();
        }

        @Override
        public Optional<Object> lastRequest() {
            return Optional.ofNullable(lastRequest);
        }

        @Override
        public void cancel() {
            SseCall s = streaming;
            if (s != null) {
                s.cancel();
            }
        }
    }

    /** The JSON-RPC result; a JSON-RPC error object or a missing result is an invalid response. */
    static JsonNode result(JsonNode body, URI endpoint) {
        if (body == null || !body.isObject()) {
            throw Json.invalid(endpoint + " answered no JSON-RPC response object", Map.of("url", endpoint.toString()));
        }
        JsonNode error = body.get("error");
        if (error != null && !error.isNull()) {
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("url", endpoint.toString());
            Long code = Json.whole(error, "code");
            String message = Json.text(error, "message");
            if (code != null) {
                context.put("code", code);
            }
            if (message != null) {
                context.put("message", message);
            }
            throw Json.invalid(endpoint + " answered JSON-RPC error" + (code == null ? "" : " " + code)
                    + (message == null ? "" : ": " + message), context);
        }
        JsonNode result = body.get("result");
        if (result == null || result.isNull()) {
            throw Json.invalid(endpoint + " answered a JSON-RPC response without a result",
                    Map.of("url", endpoint.toString()));
        }
        return result;
    }

    /** A task assembled from streamed events (task snapshots, status and artifact updates) or a message. */
    static final class StreamedTask {
        private ObjectNode task;
        private JsonNode message;
        private boolean finalSeen;

        void accept(JsonNode event) {
            JsonNode t = unwrap(event, "task", "task");
            JsonNode m = unwrap(event, "message", "message");
            JsonNode status = unwrap(event, "statusUpdate", "status-update");
            JsonNode artifact = unwrap(event, "artifactUpdate", "artifact-update");
            if (t != null) {
                task = t.deepCopy();
            } else if (m != null) {
                if (task == null) {
                    message = m;
                }
            } else if (status != null) {
                ensureTask(status);
                if (status.has("status")) {
                    task.set("status", status.get("status"));
                }
                mergeMetadata(status);
                finalSeen |= status.path("final").asBoolean(false);
            } else if (artifact != null) {
                ensureTask(artifact);
                apply(artifact);
                mergeMetadata(artifact);
            }
        }

        /** An update's metadata joins the task's, as the 1.x SDK merges it into the task it returns unstreamed. */
        private void mergeMetadata(JsonNode update) {
            JsonNode metadata = update.get("metadata");
            if (metadata == null || !metadata.isObject() || metadata.isEmpty()) {
                return;
            }
            ObjectNode merged = task.get("metadata") instanceof ObjectNode existing ? existing : task.putObject("metadata");
            merged.setAll((ObjectNode) metadata);
        }

        boolean isFinal() {
            return finalSeen;
        }

        JsonNode result(A2aVersion version) {
            if (task == null && message != null) {
                return message;
            }
            if (task == null) {
                throw Json.invalid("the stream carried no task and no message", Map.of());
            }
            if (version == A2aVersion.V1_0) {
                ObjectNode wrapped = JsonTrees.NODES.objectNode();
                wrapped.set("task", task);
                return wrapped;
            }
            return task;
        }

        private static JsonNode unwrap(JsonNode event, String wrapper, String kind) {
            JsonNode inner = event.get(wrapper);
            if (inner != null && inner.isObject() && !event.has("kind")) {
                return inner;
            }
            return kind.equals(Json.text(event, "kind")) ? event : null;
        }

        private void ensureTask(JsonNode update) {
            if (task == null) {
                task = JsonTrees.NODES.objectNode();
                if (update.has("taskId")) {
                    task.set("id", update.get("taskId"));
                }
                if (update.has("contextId")) {
                    task.set("contextId", update.get("contextId"));
                }
            }
        }

        private void apply(JsonNode update) {
            JsonNode artifact = update.get("artifact");
            if (artifact == null || !artifact.isObject()) {
                return;
            }
            ArrayNode artifacts = task.has("artifacts") && task.get("artifacts").isArray()
                    ? (ArrayNode) task.get("artifacts") : task.putArray("artifacts");
            String id = Json.text(artifact, "artifactId");
            boolean append = update.path("append").asBoolean(false);
            for (int i = 0; i < artifacts.size(); i++) {
                JsonNode existing = artifacts.get(i);
                if (id != null && id.equals(Json.text(existing, "artifactId"))) {
                    if (append && existing.isObject()) {
                        ObjectNode merged = existing.deepCopy();
                        ArrayNode parts = merged.has("parts") && merged.get("parts").isArray()
                                ? (ArrayNode) merged.get("parts") : merged.putArray("parts");
                        Json.items(artifact.get("parts")).forEach(parts::add);
                        artifacts.set(i, merged);
                    } else {
                        artifacts.set(i, artifact);
                    }
                    return;
                }
            }
            artifacts.add(artifact);
        }
    }
}
