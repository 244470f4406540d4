package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.ToolCall;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The platform's agent chat API: {@code POST api/v1/projects/{project}/ai/agents/chat} with
 * {@code agentExternalId} and the new messages; follow-up turns send the last {@code cursor}.
 * Session context goes in {@code contextInformation} ({@code appContext}, {@code dataModels},
 * {@code instanceSpaces}). Tool calls are read from {@code messages[].reasoning[].data[].toolCall}.
 * A {@code toolConfirmation} action is answered by the policy ({@code DENY} unless allowed) in a
 * follow-up request on the same turn, and recorded as a data part
 * {@code {"toolConfirmation": {actionId, toolName, toolArguments, status}}}.
 */
final class PlatformChatClient implements AgentClient {

    private static final Logger LOG = LoggerFactory.getLogger(PlatformChatClient.class);

    /** Which tool confirmations are allowed: none, all, or the listed tools. */
    record ConfirmationPolicy(boolean allowAll, Set<String> allowed) {
        static final ConfirmationPolicy DENY = new ConfirmationPolicy(false, Set.of());

        String decide(String toolName) {
            return allowAll || toolName != null && allowed.contains(toolName) ? "ALLOW" : "DENY";
        }
    }

    private final HttpClientSettings settings;
    private final HttpJson http;
    private final String description;
    private final String path;
    private final String defaultAgent;
    private final ConfirmationPolicy policy;
    private final int maxActionRounds;

    PlatformChatClient(HttpClientSettings settings, String project, String agentExternalId, ConfirmationPolicy policy,
                       int maxActionRounds) {
        this.settings = settings;
        this.http = settings.http();
        this.description = "platform-chat " + dev.agenteval.http.Urls.withoutSecrets(String.valueOf(settings.url()))
                + (agentExternalId == null ? "" : " externalId=" + agentExternalId);
        this.path = "api/v1/projects/" + URLEncoder.encode(project, StandardCharsets.UTF_8) + "/ai/agents/chat";
        this.defaultAgent = agentExternalId;
        this.policy = policy;
        this.maxActionRounds = maxActionRounds;
    }

    /**
     * The protocol and URL (without user info, query or fragment) and the agent's external id when
     * set, e.g. {@code platform-chat http://localhost:8080/ externalId=pump-agent}.
     */
    @Override
    public String description() {
        return description;
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        String agent = request.agentIdIfSet().orElse(defaultAgent);
        if (agent == null) {
            throw new dev.agenteval.api.ConfigurationException("case '" + request.caseId() + "': the platform-chat"
                    + " client needs an agent: the agentExternalId setting or the case's agent_id");
        }
        return new Session(request, agent);
    }

    @Override
    public String toString() {
        return "PlatformChatClient[" + settings.url() + path + ", auth " + settings.authType() + "]";
    }

    private final class Session extends HttpSession {
        private final SessionRequest request;
        private final String agent;
        private String cursor;
        private Object lastRequest;

        Session(SessionRequest request, String agent) {
            this.request = request;
            this.agent = agent;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            Map<String, Object> content = new LinkedHashMap<>();
            content.put("type", "text");
            // The chat API takes text content only: a data part (a feature input) goes as its JSON text.
            content.put("text", message.readableText());
            Map<String, Object> userMessage = new LinkedHashMap<>();
            userMessage.put("role", "user");
            userMessage.put("content", content);
            List<Object> messages = List.of(userMessage);
            List<Map<String, Object>> sent = new ArrayList<>();
            List<Part> confirmations = new ArrayList<>();
            List<ToolCall> toolCalls = new ArrayList<>();
            String url = http.baseUri() + path;
            for (int round = 0; ; round++) {
                Map<String, Object> body = body(messages);
                sent.add(body);
                lastRequest = sent.size() == 1 ? sent.get(0) : List.copyOf(sent);
                JsonResponse r = http.post(path, body, headers(Map.of()));
                JsonNode response = r.body().has("response") ? r.body().get("response") : r.body();
                if (!response.isObject()) {
                    throw Json.invalid(url + " answered no chat response object", Map.of("url", url));
                }
                String type = Json.text(response, "type");
                if (type != null && !type.equals("result")) {
                    throw Json.invalid(url + " answered a response of type '" + type + "' (expected 'result')",
                            Map.of("url", url, "type", type));
                }
                String next = Json.text(response, "cursor");
                if (next != null) {
                    cursor = next;
                }
                List<JsonNode> agentMessages = Json.items(response.get("messages"));
                if (agentMessages.isEmpty()) {
                    throw Json.invalid(url + " answered no messages", Map.of("url", url));
                }
                StringBuilder text = new StringBuilder();
                List<Part> data = new ArrayList<>();
                List<Object> followUps = new ArrayList<>();
                for (JsonNode m : agentMessages) {
                    JsonNode c = m.get("content");
                    String t = c != null && c.isTextual() ? c.textValue() : Json.text(c, "text");
                    if (t != null) {
                        if (text.length() > 0) {
                            text.append('\n');
                        }
                        text.append(t);
                    }
                    for (JsonNode d : Json.items(m.get("data"))) {
                        if (d.isObject()) {
                            data.add(Part.data(Json.object(d)));
                        }
                    }
                    for (JsonNode reasoning : Json.items(m.get("reasoning"))) {
                        for (JsonNode d : Json.items(reasoning.get("data"))) {
                            ToolCall call = ToolCalls.fromEntry(d.get("toolCall"));
                            if (call != null) {
                                toolCalls.add(call);
                            }
                        }
                    }
                    for (JsonNode action : Json.items(m.get("actions"))) {
                        Object reply = answer(action, confirmations, toolCalls);
                        if (reply != null) {
                            followUps.add(reply);
                        }
                    }
                }
                if (followUps.isEmpty() || round + 1 >= maxActionRounds) {
                    if (!followUps.isEmpty()) {
                        LOG.debug("Case '{}': stopped answering agent actions after {} rounds", request.caseId(), round + 1);
                    }
                    List<Part> parts = new ArrayList<>();
                    if (text.length() > 0) {
                        parts.add(Part.text(text.toString()));
                    }
                    parts.addAll(data);
                    parts.addAll(confirmations);
                    return AgentResponse.builder()
                            .text(text.toString())
                            .parts(parts)
                            .toolCalls(toolCalls)
                            .agentId(agent)
                            .rawUnchecked(r.value())
                            .build();
                }
                messages = followUps;
            }
        }

        /** The reply to an action, recording it; null for actions that need none. */
        private Object answer(JsonNode action, List<Part> confirmations, List<ToolCall> toolCalls) {
            String type = Json.text(action, "type");
            String actionId = Json.text(action, "actionId", "action_id");
            if ("toolConfirmation".equals(type)) {
                JsonNode details = action.has("toolConfirmation") ? action.get("toolConfirmation") : action;
                String toolName = Json.text(details, "toolName", "name");
                String status = policy.decide(toolName);
                Map<String, Object> record = new LinkedHashMap<>();
                record.put("actionId", actionId);
                record.put("toolName", toolName);
                record.put("toolArguments", ToolCalls.arguments(Json.field(details, "toolArguments", "arguments")));
                record.put("status", status);
                confirmations.add(Part.data(Map.of("toolConfirmation", record)));
                LOG.debug("Case '{}': tool confirmation for '{}' answered {}", request.caseId(), toolName, status);
                Map<String, Object> reply = new LinkedHashMap<>();
                reply.put("role", "action");
                reply.put("type", "toolConfirmation");
                reply.put("actionId", actionId);
                reply.put("status", status);
                return reply;
            }
            if ("clientTool".equals(type)) {
                JsonNode tool = action.get("clientTool");
                ToolCall call = ToolCalls.fromEntry(tool);
                if (call != null) {
                    toolCalls.add(call);
                }
                Map<String, Object> content = new LinkedHashMap<>();
                content.put("type", "text");
                content.put("text", "ERROR: client tools are not available during evaluation");
                Map<String, Object> reply = new LinkedHashMap<>();
                reply.put("role", "action");
                reply.put("type", "clientTool");
                reply.put("actionId", actionId);
                reply.put("content", content);
                reply.put("data", List.of());
                return reply;
            }
            return null;
        }

        private Map<String, Object> body(List<Object> messages) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("agentExternalId", agent);
            body.put("messages", messages);
            if (cursor != null) {
                body.put("cursor", cursor);
            }
            Map<String, Object> context = contextInformation(request.sessionContext());
            if (!context.isEmpty()) {
                body.put("contextInformation", context);
            }
            return body;
        }

        @Override
        public Optional<Object> lastRequest() {
            return Optional.ofNullable(lastRequest);
        }
    }

    static Map<String, Object> contextInformation(SessionContext sc) {
        Map<String, Object> context = new LinkedHashMap<>();
        sc.appContextIfSet().ifPresent(a -> context.put("appContext", a));
        sc.dataModelsIfSet().ifPresent(models -> {
            List<Object> list = new ArrayList<>();
            for (DataModelRef m : models) {
                Map<String, Object> ref = new LinkedHashMap<>();
                ref.put("space", m.space());
                ref.put("externalId", m.externalId());
                ref.put("version", m.version());
                list.add(ref);
            }
            context.put("dataModels", list);
        });
        sc.instanceSpacesIfSet().ifPresent(spaces -> context.put("instanceSpaces", List.copyOf(spaces)));
        return context;
    }
}
