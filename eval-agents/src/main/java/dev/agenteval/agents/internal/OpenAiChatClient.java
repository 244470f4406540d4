package dev.agenteval.agents.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An agent that is a model plus a system prompt and declared tools, over any OpenAI-compatible
 * {@code chat/completions} endpoint. The session keeps the conversation history; the model's
 * {@code tool_calls} are surfaced as the turn's tool calls (they are not executed: the next turn
 * answers each with the configured tool result so the history stays valid).
 */
final class OpenAiChatClient implements AgentClient {

    private final HttpClientSettings settings;
    private final HttpJson http;
    private final String description;
    private final String path;
    private final String model;
    private final String systemPrompt;
    private final Double temperature;
    private final String toolResult;
    private final boolean declareCaseTools;

    OpenAiChatClient(HttpClientSettings settings, String path, String model, String systemPrompt, Double temperature,
                     String toolResult, boolean declareCaseTools) {
        this.settings = settings;
        this.http = settings.http();
        this.description = "openai-chat " + dev.agenteval.http.Urls.withoutSecrets(String.valueOf(settings.url()));
        this.path = path;
        this.model = model;
        this.systemPrompt = systemPrompt;
        this.temperature = temperature;
        this.toolResult = toolResult;
        this.declareCaseTools = declareCaseTools;
    }

    /** The path below the base URL: {@code chat/completions} when the base already ends in {@code /v1}. */
    static String defaultPath(java.net.URI url) {
        String p = url.getPath() == null ? "" : url.getPath();
        return p.endsWith("/v1") || p.endsWith("/v1/") ? "chat/completions" : "v1/chat/completions";
    }

    /** The protocol and URL (without user info, query or fragment), e.g. {@code openai-chat http://localhost:8080/}. */
    @Override
    public String description() {
        return description;
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        Map<String, Object> agent = request.agent();
        String m = agent.get("model") instanceof String s && !s.isBlank() ? s : model;
        if (m == null) {
            throw new ConfigurationException("case '" + request.caseId() + "': the openai-chat client needs a model:"
                    + " the model setting or model in the case's agent payload");
        }
        String system = firstString(agent, "systemPrompt", "system_prompt", "instructions");
        if (system == null) {
            system = systemPrompt;
        }
        return new Session(m, system, tools(request));
    }

    private List<Object> tools(SessionRequest request) {
        List<Object> tools = new ArrayList<>();
        Object declared = request.agent().get("tools");
        if (declared instanceof List<?> list && !list.isEmpty()) {
            for (Object t : list) {
                if (t instanceof Map<?, ?> map && "function".equals(map.get("type")) && map.get("function") instanceof Map) {
                    tools.add(map);
                } else if (t instanceof Map<?, ?> map && map.get("name") instanceof String) {
                    tools.add(function((String) map.get("name"), (String) map.get("description"), map.get("parameters")));
                } else {
                    throw new ConfigurationException("case '" + request.caseId() + "': agent.tools entries must be"
                            + " {name, description, parameters} or {type: function, function: {...}}");
                }
            }
            return tools;
        }
        if (declareCaseTools && request.tools() != null) {
            for (ToolSpec t : request.tools()) {
                tools.add(function(t.name(), t.description(), null));
            }
        }
        return tools;
    }

    private static Map<String, Object> function(String name, String description, Object parameters) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", name);
        if (description != null) {
            f.put("description", description);
        }
        f.put("parameters", parameters != null ? parameters : Json.obj("type", "object", "properties", Map.of()));
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("type", "function");
        tool.put("function", f);
        return tool;
    }

    private static String firstString(Map<String, Object> map, String... keys) {
        for (String k : keys) {
            if (map.get(k) instanceof String s && !s.isBlank()) {
                return s;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "OpenAiChatClient[" + settings.url() + path + ", model " + model + ", auth " + settings.authType() + "]";
    }

    private final class Session extends HttpSession {
        private final String model;
        private final List<Object> tools;
        private final List<Object> history = new ArrayList<>();
        private final List<String> unansweredToolCalls = new ArrayList<>();
        private Map<String, Object> lastRequest;

        Session(String model, String system, List<Object> tools) {
            this.model = model;
            this.tools = tools;
            if (system != null) {
                history.add(Json.obj("role", "system", "content", system));
            }
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            for (String id : unansweredToolCalls) {
                Map<String, Object> tool = new LinkedHashMap<>();
                tool.put("role", "tool");
                tool.put("tool_call_id", id);
                tool.put("content", toolResult);
                history.add(tool);
            }
            unansweredToolCalls.clear();
            history.add(Json.obj("role", "user", "content", content(message)));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("model", model);
            body.put("messages", List.copyOf(history));
            if (temperature != null) {
                body.put("temperature", temperature);
            }
            if (!tools.isEmpty()) {
                body.put("tools", tools);
            }
            lastRequest = body;
            JsonResponse r = http.post(path, body, headers(Map.of()));
            String url = http.baseUri() + path;
            JsonNode choice = Json.items(r.body().get("choices")).stream().findFirst().orElse(null);
            JsonNode answer = choice == null ? null : choice.get("message");
            if (answer == null || !answer.isObject()) {
                throw Json.invalid(url + " answered no choices[0].message", Map.of("url", url));
            }
            JsonNode content = answer.get("content");
            List<JsonNode> calls = Json.items(answer.get("tool_calls"));
            boolean hasText = content != null && content.isTextual();
            if (!hasText && calls.isEmpty()) {
                throw Json.invalid(url + " answered a message with neither content nor tool_calls", Map.of("url", url));
            }
            List<ToolCall> toolCalls = new ArrayList<>();
            for (JsonNode c : calls) {
                ToolCall call = ToolCalls.fromEntry(c);
                if (call != null) {
                    toolCalls.add(call);
                }
                String id = Json.text(c, "id");
                if (id != null) {
                    unansweredToolCalls.add(id);
                }
            }
            history.add(JsonTrees.toValue(answer));
            String text = hasText ? content.textValue() : "";
            String finish = Json.text(choice, "finish_reason");
            AgentResponse.Builder b = AgentResponse.builder()
                    .text(text)
                    .toolCalls(toolCalls)
                    .usage(Usages.withModel(Usages.fromObject(r.body().get("usage")),
                            Json.text(r.body(), "model") != null ? Json.text(r.body(), "model") : model))
                    .agentId(model)
                    .rawUnchecked(r.value());
            if (!text.isEmpty()) {
                b.part(Part.text(text));
            }
            if ("content_filter".equals(finish)) {
                b.state(TaskState.REJECTED);
            }
            return b.build();
        }

        private String content(Message message) {
            StringBuilder sb = new StringBuilder(message.text());
            for (Part p : message.parts()) {
                if (p instanceof Part.Data d) {
                    try {
                        sb.append(sb.length() > 0 ? "\n" : "").append(JsonTrees.MAPPER.writeValueAsString(d.data()));
                    } catch (JsonProcessingException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            return sb.toString();
        }

        @Override
        public Optional<Object> lastRequest() {
            return Optional.ofNullable(lastRequest);
        }
    }
}
