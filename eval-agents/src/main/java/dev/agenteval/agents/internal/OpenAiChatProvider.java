package dev.agenteval.agents.internal;

import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import java.util.Set;

/**
 * {@code openai-chat}: a model plus a system prompt and tools over an OpenAI-compatible chat
 * completions endpoint (OpenAI, Azure-style gateways, Ollama, vLLM, LM Studio). Settings besides
 * the common ones: {@code model}, {@code systemPrompt} (both overridable by the case's agent
 * payload: {@code model}, {@code systemPrompt}, {@code tools}), {@code temperature}, {@code path}
 * ({@code v1/chat/completions}, or {@code chat/completions} when the URL ends in {@code /v1}),
 * {@code toolResult} (what the next turn tells the model each unexecuted tool returned),
 * {@code declareCaseTools} (declare the case's tools when the payload has none; default true).
 * The API key is read from {@code OPENAI_API_KEY} unless {@code tokenEnv} names another variable.
 */
public final class OpenAiChatProvider extends HttpAgentProvider {

    static final String DEFAULT_TOOL_RESULT = "{\"error\":\"tools are not executed during this evaluation\"}";

    /** Creates the provider (ServiceLoader). */
    public OpenAiChatProvider() {
    }

    @Override
    public String id() {
        return "openai-chat";
    }

    @Override
    public String description() {
        return "A model with a system prompt and tools over an OpenAI-compatible chat completions endpoint";
    }

    @Override
    protected Set<String> settingKeys() {
        return Set.of("model", "systemPrompt", "temperature", "path", "toolResult", "declareCaseTools");
    }

    @Override
    protected HttpClientSettings.AuthDefaults authDefaults() {
        return HttpClientSettings.AuthDefaults.AGENT.withTokenEnv("OPENAI_API_KEY");
    }

    @Override
    protected AgentClient create(HttpClientSettings http, ProviderSettings s) {
        String model = s.string("model").orElse(null);
        String system = s.config().get("systemPrompt").filter(p -> !p.isBlank()).orElse(null);
        Double temperature = s.decimal("temperature");
        String toolResult = s.config().get("toolResult").orElse(DEFAULT_TOOL_RESULT);
        boolean declare = s.bool("declareCaseTools", true);
        s.check();
        String path = s.string("path").orElse(OpenAiChatClient.defaultPath(http.url()));
        return new OpenAiChatClient(http, path.startsWith("/") ? path.substring(1) : path, model, system, temperature,
                toolResult, declare);
    }
}
