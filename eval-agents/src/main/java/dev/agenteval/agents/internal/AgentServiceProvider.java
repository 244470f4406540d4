package dev.agenteval.agents.internal;

import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code agent-service}: the harness seed's agent service. Settings besides the common ones:
 * {@code apiVersion} ({@code v2} by default, or {@code v1}), {@code tenant} (sent as
 * {@code Tenant-Name}; also the realm of the derived token URL), {@code authHost} (derives
 * {@code tokenUrl} as {@code {authHost}/realms/{tenant}/protocol/openid-connect/token}),
 * {@code agentId} (talk to this agent when a case names none), {@code agentNamePrefix}
 * ({@code agent-eval-}), {@code deleteAgents} ({@code true}), {@code markEphemeral} ({@code true},
 * v2 only), {@code carryContext} ({@code all}, {@code context-only}, {@code none}),
 * {@code toolCallsPath} (a JSONPath into the task or message answered, where the agent reports its
 * tool calls; as {@code a2a}'s). The OAuth2 scope defaults to {@code openid}.
 */
public final class AgentServiceProvider extends HttpAgentProvider {

    /** Creates the provider (ServiceLoader). */
    public AgentServiceProvider() {
    }

    @Override
    public String id() {
        return "agent-service";
    }

    @Override
    public String description() {
        return "The agent service: create an agent from the case's payload, then message:send to it";
    }

    @Override
    protected Set<String> settingKeys() {
        return Set.of("apiVersion", "tenant", "authHost", "agentId", "agentNamePrefix", "deleteAgents", "markEphemeral",
                "carryContext", "toolCallsPath");
    }

    @Override
    protected HttpClientSettings.AuthDefaults authDefaults() {
        return HttpClientSettings.AuthDefaults.AGENT.withScope("openid");
    }

    @Override
    protected AgentClient create(HttpClientSettings http, ProviderSettings s) {
        boolean v2 = s.choice("apiVersion", "v2", List.of("v1", "v2")).equals("v2");
        String agentId = s.string("agentId").orElse(null);
        String prefix = s.config().get("agentNamePrefix").orElse("agent-eval-");
        boolean delete = s.bool("deleteAgents", true);
        boolean ephemeral = s.bool("markEphemeral", true);
        String carry = s.choice("carryContext", "all", List.of("all", "context-only", "none"));
        com.jayway.jsonpath.JsonPath toolCallsPath = JsonPaths.setting(s, "toolCallsPath");
        s.check();
        return new AgentServiceClient(http, v2, agentId, prefix, delete, ephemeral, switch (carry) {
            case "context-only" -> A2aClient.Carry.CONTEXT_ONLY;
            case "none" -> A2aClient.Carry.NONE;
            default -> A2aClient.Carry.ALL;
        }, toolCallsPath);
    }

    /** The connection settings, with the {@code Tenant-Name} header and the token URL derived from {@code authHost}. */
    @Override
    protected HttpClientSettings connection(ProviderSettings s) {
        String tenant = s.string("tenant").orElse(null);
        String authHost = s.string("authHost").map(h -> h.endsWith("/") ? h.substring(0, h.length() - 1) : h).orElse(null);
        String derived = null;
        if (authHost != null) {
            if (tenant == null) {
                s.problem("tenant", "missing (needed with authHost to build the token URL)");
            } else {
                derived = authHost + "/realms/" + tenant + "/protocol/openid-connect/token";
            }
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (tenant != null) {
            headers.put("Tenant-Name", tenant);
        }
        return HttpClientSettings.read(s, authDefaults(), derived, headers);
    }
}
