package dev.agenteval.agents.internal;

import com.jayway.jsonpath.JsonPath;
import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code http}: any JSON-over-HTTP agent. Settings besides the common ones: {@code path} (below
 * {@code url}), {@code method} ({@code POST} or {@code PUT}), {@code body} (a JSON template,
 * default {@code {"input": "{{input}}", "contextId": "{{contextId}}"}}), JSONPath expressions
 * {@code answerPath} (required), {@code statePath}, {@code contextIdPath}, {@code taskIdPath},
 * {@code toolCallsPath}, {@code dataPath}, {@code inputTokensPath}, {@code outputTokensPath},
 * {@code creditsPath}, {@code costPath}, and {@code requireAnswer} (default true: no value at
 * {@code answerPath} is an {@code invalid_response}).
 */
public final class HttpTemplateProvider extends HttpAgentProvider {

    static final String DEFAULT_BODY = "{\"input\": \"{{input}}\", \"contextId\": \"{{contextId}}\"}";

    /** Creates the provider (ServiceLoader). */
    public HttpTemplateProvider() {
    }

    @Override
    public String id() {
        return "http";
    }

    @Override
    public String description() {
        return "Any JSON-over-HTTP agent: a body template and JSONPath expressions picking the answer";
    }

    @Override
    protected Set<String> settingKeys() {
        return Set.of("path", "method", "body", "answerPath", "statePath", "contextIdPath", "taskIdPath",
                "toolCallsPath", "dataPath", "inputTokensPath", "outputTokensPath", "creditsPath", "costPath",
                "requireAnswer");
    }

    @Override
    protected AgentClient create(HttpClientSettings http, ProviderSettings s) {
        String method = s.choice("method", "post", List.of("post", "put")).toUpperCase(Locale.ROOT);
        String path = s.string("path", "");
        String bodyText = s.config().get("body").filter(b -> !b.isBlank()).orElse(DEFAULT_BODY);
        BodyTemplate body = BodyTemplate.parse(bodyText);
        if (body == null) {
            s.problem("body", "is not valid JSON (placeholders go inside strings: \"{{input}}\")");
        }
        String answer = s.required("answerPath", "the JSONPath of the answer text, e.g. $.output.text");
        HttpTemplateClient.Paths paths = new HttpTemplateClient.Paths(answer, JsonPaths.setting(s, "answerPath", answer),
                path(s, "statePath"), path(s, "contextIdPath"), path(s, "taskIdPath"), path(s, "toolCallsPath"),
                path(s, "dataPath"), path(s, "inputTokensPath"), path(s, "outputTokensPath"), path(s, "creditsPath"),
                path(s, "costPath"));
        boolean requireAnswer = s.bool("requireAnswer", true);
        s.check();
        return new HttpTemplateClient(http, method, path.startsWith("/") ? path.substring(1) : path, body, paths,
                requireAnswer);
    }

    private static JsonPath path(ProviderSettings s, String key) {
        return JsonPaths.setting(s, key);
    }
}
