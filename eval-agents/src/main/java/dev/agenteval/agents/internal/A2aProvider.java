package dev.agenteval.agents.internal;

import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * {@code a2a}: an A2A agent over JSON-RPC. Settings besides the common ones: {@code version}
 * ({@code auto} reads the agent card, {@code 0.3}, {@code 1.0}), {@code endpoint} (the JSON-RPC
 * URL when it differs from {@code url}), {@code blocking} ({@code true}, {@code false},
 * {@code omit}), {@code stream} ({@code message/stream} over SSE), {@code carryContext}
 * ({@code all}, {@code context-only}, {@code none}), {@code cardTimeoutSeconds} (the timeout of the
 * agent card request with {@code version: auto}; default the smaller of 5 s and the request timeout),
 * {@code toolCallsPath} (a JSONPath into the final task, or the message of a message reply, where
 * the agent reports its tool calls, e.g. {@code $.artifacts[*].metadata.trace.steps[*]}; by default,
 * and where the path finds none, they are read from the task's or message's metadata under
 * {@code toolCalls}, {@code tool_calls}, {@code toolsCalled}, {@code tools_called}, {@code $toolCalls}
 * or {@code _toolCalls}).
 */
public final class A2aProvider extends HttpAgentProvider {

    /** Creates the provider (ServiceLoader). */
    public A2aProvider() {
    }

    @Override
    public String id() {
        return "a2a";
    }

    @Override
    public String description() {
        return "A2A agent over JSON-RPC (0.3 message/send or 1.0 SendMessage, chosen by the agent card)";
    }

    @Override
    protected Set<String> settingKeys() {
        return Set.of("version", "endpoint", "blocking", "stream", "carryContext", "cardTimeoutSeconds",
                "toolCallsPath");
    }

    @Override
    protected AgentClient create(HttpClientSettings http, ProviderSettings s) {
        String v = s.choice("version", "auto", List.of("auto", "0.3", "1.0"));
        URI endpoint = s.uri("endpoint");
        String blocking = s.choice("blocking", "true", List.of("true", "false", "omit"));
        boolean stream = s.bool("stream", false);
        String carry = s.choice("carryContext", "all", List.of("all", "context-only", "none"));
        java.time.Duration cardTimeout = s.seconds("cardTimeoutSeconds", null);
        com.jayway.jsonpath.JsonPath toolCallsPath = JsonPaths.setting(s, "toolCallsPath");
        s.check();
        return new A2aClient(http, v.equals("auto") ? null : A2aVersion.parse(v), endpoint,
                A2aClient.Blocking.valueOf(blocking.toUpperCase(java.util.Locale.ROOT)), stream,
                switch (carry) {
                    case "context-only" -> A2aClient.Carry.CONTEXT_ONLY;
                    case "none" -> A2aClient.Carry.NONE;
                    default -> A2aClient.Carry.ALL;
                }, cardTimeout, toolCallsPath);
    }
}
