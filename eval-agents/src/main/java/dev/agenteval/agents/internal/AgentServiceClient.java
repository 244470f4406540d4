package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent service of the harness: creates an agent from the case's {@code agent} payload (or
 * reuses {@code agent_id}), then sends each message to it over the REST {@code message:send}
 * binding, carrying {@code contextId} and, after {@code input-required}, {@code taskId}. Agents it
 * created are deleted when the session closes. v1: {@code POST agents},
 * {@code POST agents/{id}/v1/message:send}; v2: {@code POST v2/agentic/agents},
 * {@code POST v2/agentic/agents/{id}/a2a/message:send} with {@code A2A-Version: 1.0}.
 */
final class AgentServiceClient implements AgentClient {

    private static final Logger LOG = LoggerFactory.getLogger(AgentServiceClient.class);

    private final HttpClientSettings settings;
    private final HttpJson http;
    private final String description;
    private final HttpJson cleanup;
    private final boolean v2;
    private final String defaultAgentId;
    private final String namePrefix;
    private final boolean deleteAgents;
    private final boolean markEphemeral;
    private final A2aClient.Carry carry;
    private final com.jayway.jsonpath.JsonPath toolCallsPath;

    /** @param toolCallsPath where the tool calls are in a task or message besides the metadata keys, or null */
    AgentServiceClient(HttpClientSettings settings, boolean v2, String defaultAgentId, String namePrefix, boolean deleteAgents,
                       boolean markEphemeral, A2aClient.Carry carry, com.jayway.jsonpath.JsonPath toolCallsPath) {
        this.toolCallsPath = toolCallsPath;
        this.settings = settings;
        this.http = settings.http();
        this.description = "agent-service " + dev.agenteval.http.Urls.withoutSecrets(String.valueOf(settings.url()));
        this.cleanup = settings.cleanupHttp();
        this.v2 = v2;
        this.defaultAgentId = defaultAgentId;
        this.namePrefix = namePrefix;
        this.deleteAgents = deleteAgents;
        this.markEphemeral = markEphemeral;
        this.carry = carry;
    }

    private String agentsPath() {
        return v2 ? "v2/agentic/agents" : "agents";
    }

    private String agentPath(String id) {
        return agentsPath() + "/" + URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private String sendPath(String id) {
        return agentPath(id) + (v2 ? "/a2a/message:send" : "/v1/message:send");
    }

    private A2aVersion wire() {
        return v2 ? A2aVersion.V1_0 : A2aVersion.V0_3;
    }

    /** The protocol and URL (without user info, query or fragment), e.g. {@code agent-service http://localhost:8080/}. */
    @Override
    public String description() {
        return description;
    }

    /** A case with neither an agent payload nor an agent id (and no agentId setting): there is no agent to talk to. */
    @Override
    public Optional<String> sessionProblem(SessionRequest request) {
        if (request.agentIdIfSet().isPresent() || defaultAgentId != null || !request.agent().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("the agent-service protocol needs the case's agent payload (agent:) or an existing agent"
                + " (agent_id:, or the agentId setting)");
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        String agentId = request.agentIdIfSet().orElse(defaultAgentId);
        if (agentId != null) {
            return new Session(request, agentId, false);
        }
        Optional<String> problem = sessionProblem(request);
        if (problem.isPresent()) {
            throw new ConfigurationException("case '" + request.caseId() + "': " + problem.get());
        }
        Map<String, Object> payload = new LinkedHashMap<>(request.agent());
        Object name = payload.get("name");
        payload.put("name", namePrefix + (name instanceof String s && !s.isBlank() ? s : request.caseId()));
        if (markEphemeral && v2) {
            payload.putIfAbsent("ephemeral", true);
        }
        try {
            JsonResponse created = http.post(agentsPath(), payload, Map.of());
            JsonNode body = created.body();
            String id = Json.text(body, "id", "agentId", "agent_id");
            if (id == null) {
                id = Json.text(body.get("agent"), "id", "agentId");
            }
            if (id == null) {
                throw Json.invalid("POST " + http.baseUri() + agentsPath() + " created an agent but answered no id",
                        Map.of("url", http.baseUri() + agentsPath()));
            }
            LOG.debug("Created agent {} for case '{}' attempt {}", id, request.caseId(), request.attempt());
            return new Session(request, id, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException(dev.agenteval.api.FailureCode.INTERNAL, "interrupted while creating the agent of case '"
                    + request.caseId() + "'");
        }
    }

    @Override
    public String toString() {
        return "AgentServiceClient[" + settings.url() + ", " + (v2 ? "v2" : "v1") + ", auth " + settings.authType() + "]";
    }

    private final class Session extends HttpSession {
        private final SessionRequest request;
        private final String agentId;
        private final boolean created;
        private String contextId;
        private String taskId;
        private TaskState lastState;
        private Map<String, Object> lastRequest;

        Session(SessionRequest request, String agentId, boolean created) {
            this.request = request;
            this.agentId = agentId;
            this.created = created;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            String ctx = carry != A2aClient.Carry.NONE ? contextId : null;
            String task = carry == A2aClient.Carry.ALL
                    && (lastState == TaskState.INPUT_REQUIRED || lastState == TaskState.AUTH_REQUIRED) ? taskId : null;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("message", wire().message(message, UUID.randomUUID().toString(), ctx, task));
            lastRequest = body;
            String path = sendPath(agentId);
            JsonResponse response = http.post(path, body, headers(wire().headers()));
            String url = http.baseUri() + path;
            AgentResponse r = A2aResults.read(response.body(), response.value(), url, toolCallsPath).agentId(agentId).build();
            if (r.contextId().isPresent()) {
                contextId = r.contextId().get();
            }
            taskId = r.taskId().orElse(null);
            lastState = r.state().orElse(null);
            return r;
        }

        @Override
        public Optional<Object> lastRequest() {
            return Optional.ofNullable(lastRequest);
        }

        @Override
        public void close() {
            if (!created || !deleteAgents) {
                return;
            }
            // After a case timeout this thread is interrupted; the clean-up still runs, bounded by its own timeout.
            boolean interrupted = Thread.interrupted();
            try {
                cleanup.delete(agentPath(agentId), Map.of());
                LOG.debug("Deleted agent {} of case '{}'", agentId, request.caseId());
            } catch (AgentException e) {
                LOG.warn("Could not delete agent {} of case '{}': {}: {}", agentId, request.caseId(),
                        e.code().wireName(), e.getMessage());
            } catch (InterruptedException e) {
                interrupted = true;
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
