package dev.agenteval.agents.internal;

import com.jayway.jsonpath.JsonPath;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Any JSON-over-HTTP agent: a request body rendered from a template, and JSONPath expressions
 * that pick the answer, state, context and task ids, tool calls, data and usage from the response.
 * Template variables: {@code input}, {@code contextId} and {@code taskId} (the last ones the agent
 * reported), {@code caseId}, {@code attempt}, {@code turn}, {@code agentId}, {@code agent.<key>} or
 * {@code <key>} (the case's agent payload), {@code metadata.<key>} (the message's metadata).
 */
final class HttpTemplateClient implements AgentClient {

    static final Set<String> BUILT_IN = Set.of("input", "contextId", "taskId", "caseId", "attempt", "turn", "agentId");

    /** The compiled response paths; each may be null. */
    record Paths(String answerExpression, JsonPath answer, JsonPath state, JsonPath contextId, JsonPath taskId, JsonPath toolCalls, JsonPath data,
                 JsonPath inputTokens, JsonPath outputTokens, JsonPath credits, JsonPath cost) {
    }

    private final HttpClientSettings settings;
    private final HttpJson http;
    private final String description;
    private final String method;
    private final String path;
    private final BodyTemplate body;
    private final Paths paths;
    private final boolean requireAnswer;

    HttpTemplateClient(HttpClientSettings settings, String method, String path, BodyTemplate body, Paths paths,
                       boolean requireAnswer) {
        this.settings = settings;
        this.http = settings.http();
        this.description = "http " + dev.agenteval.http.Urls.withoutSecrets(String.valueOf(settings.url()));
        this.method = method;
        this.path = path;
        this.body = body;
        this.paths = paths;
        this.requireAnswer = requireAnswer;
    }

    /** The protocol and URL (without user info, query or fragment), e.g. {@code http http://localhost:8080/}. */
    @Override
    public String description() {
        return description;
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        List<String> unknown = new ArrayList<>();
        for (String name : body.names()) {
            if (!BUILT_IN.contains(name) && !name.startsWith("agent.") && !name.startsWith("metadata.")
                    && !request.agent().containsKey(name)) {
                unknown.add("{{" + name + "}}");
            }
        }
        if (!unknown.isEmpty()) {
            throw new ConfigurationException("case '" + request.caseId() + "': the http body template uses "
                    + String.join(", ", unknown) + ", which is neither built in (" + String.join(", ", BUILT_IN.stream().sorted().toList())
                    + ") nor a key of the case's agent payload");
        }
        return new Session(request);
    }

    @Override
    public String toString() {
        return "HttpTemplateClient[" + method + " " + settings.url() + path + ", auth " + settings.authType() + "]";
    }

    private final class Session extends HttpSession {
        private final SessionRequest request;
        private String contextId;
        private String taskId;
        private int turn;
        private Object lastRequest;

        Session(SessionRequest request) {
            this.request = request;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            turn++;
            Map<String, Object> vars = new HashMap<>();
            request.agent().forEach(vars::put);
            request.agent().forEach((k, v) -> vars.put("agent." + k, v));
            message.metadata().forEach((k, v) -> vars.put("metadata." + k, v));
            vars.put("input", message.text());
            vars.put("contextId", contextId);
            vars.put("taskId", taskId);
            vars.put("caseId", request.caseId());
            vars.put("attempt", (long) request.attempt());
            vars.put("turn", (long) turn);
            vars.put("agentId", request.agentId());
            Object rendered = body.render(vars);
            lastRequest = rendered;
            JsonResponse r = http.send(method, path, rendered, headers(Map.of()));
            Object document = r.value();
            String url = http.baseUri() + path;
            AgentResponse.Builder b = AgentResponse.builder().rawUnchecked(document);
            Object answer = read(paths.answer(), document);
            if (answer == null && requireAnswer) {
                throw Json.invalid(url + " answered no value at answerPath " + paths.answerExpression(),
                        Map.of("url", url, "answerPath", paths.answerExpression()));
            }
            String text = answerText(answer);
            b.text(text);
            if (!text.isEmpty()) {
                b.part(Part.text(text));
            }
            Object data = read(paths.data(), document);
            if (data instanceof Map<?, ?>) {
                b.part(Part.data(Json.object(JsonTrees.toNode(data))));
            } else if (data instanceof List<?> list) {
                for (Object item : list) {
                    if (item instanceof Map<?, ?>) {
                        b.part(Part.data(Json.object(JsonTrees.toNode(item))));
                    }
                }
            }
            Object state = read(paths.state(), document);
            if (state instanceof String s && !s.isBlank()) {
                b.state(TaskState.parse(s));
            }
            Object ctx = read(paths.contextId(), document);
            if (ctx != null) {
                contextId = String.valueOf(ctx);
                b.contextId(contextId);
            }
            Object task = read(paths.taskId(), document);
            if (task != null) {
                taskId = String.valueOf(task);
                b.taskId(taskId);
            }
            b.toolCalls(ToolCalls.at(paths.toolCalls(), document));
            Usage usage = new Usage(whole(read(paths.inputTokens(), document)), whole(read(paths.outputTokens(), document)),
                    decimal(read(paths.credits(), document)), decimal(read(paths.cost(), document)));
            b.usage(usage.isEmpty() ? null : usage);
            if (request.agentId() != null) {
                b.agentId(request.agentId());
            }
            return b.build();
        }

        @Override
        public Optional<Object> lastRequest() {
            return Optional.ofNullable(lastRequest);
        }
    }

    private static Object read(JsonPath path, Object document) {
        return JsonPaths.read(path, document);
    }

    private static String answerText(Object answer) {
        if (answer == null) {
            return "";
        }
        if (answer instanceof String s) {
            return s;
        }
        if (answer instanceof List<?> list) {
            List<String> texts = new ArrayList<>();
            for (Object o : list) {
                texts.add(answerText(o));
            }
            return String.join("\n", texts);
        }
        if (answer instanceof Map) {
            return JsonTrees.compact(answer);
        }
        return String.valueOf(answer);
    }

    private static Long whole(Object v) {
        if (v instanceof Number n) {
            return n.longValue();
        }
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static Double decimal(Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
