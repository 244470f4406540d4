/**
 * Agent clients that speak real protocols: A2A ({@code a2a}), the agent service of the harness
 * ({@code agent-service}), the platform agent chat API ({@code platform-chat}), OpenAI-compatible
 * chat completions ({@code openai-chat}) and templated JSON over HTTP ({@code http}); named
 * targets and credentials from the environment.
 */
module dev.agenteval.agents {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires transitive dev.agenteval.http;
    requires com.fasterxml.jackson.databind;
    requires dev.agenteval.yaml; // the safe reader of the targets and price files (its qualified export)
    requires json.path;
    requires org.slf4j;

    exports dev.agenteval.agents;

    provides dev.agenteval.spi.AgentClientProvider with
            dev.agenteval.agents.internal.A2aProvider,
            dev.agenteval.agents.internal.AgentServiceProvider,
            dev.agenteval.agents.internal.PlatformChatProvider,
            dev.agenteval.agents.internal.OpenAiChatProvider,
            dev.agenteval.agents.internal.HttpTemplateProvider;
}
