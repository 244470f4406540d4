package dev.agenteval.agents.internal;

import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code platform-chat}: the platform's agent chat API. Settings besides the common ones:
 * {@code project} (required), {@code agentExternalId} (the agent, unless a case names one with
 * {@code agent_id}), {@code toolConfirmation} ({@code deny} by default, {@code allow}, or
 * {@code allow:toolA,toolB}), {@code maxActionRounds} (follow-up requests answering actions on
 * one turn, default 5).
 */
public final class PlatformChatProvider extends HttpAgentProvider {

    /** Creates the provider (ServiceLoader). */
    public PlatformChatProvider() {
    }

    @Override
    public String id() {
        return "platform-chat";
    }

    @Override
    public String description() {
        return "The platform's agent chat API (agentExternalId, cursor follow-ups, tool confirmations by policy)";
    }

    @Override
    protected Set<String> settingKeys() {
        return Set.of("project", "agentExternalId", "toolConfirmation", "maxActionRounds");
    }

    @Override
    protected AgentClient create(HttpClientSettings http, ProviderSettings s) {
        String project = s.required("project", "the platform project the agent lives in");
        String agent = s.string("agentExternalId").orElse(null);
        PlatformChatClient.ConfirmationPolicy policy = policy(s);
        long rounds = s.wholeNumber("maxActionRounds", 1, 5);
        s.check();
        return new PlatformChatClient(http, project, agent, policy, (int) Math.min(rounds, 100));
    }

    private static PlatformChatClient.ConfirmationPolicy policy(ProviderSettings s) {
        String v = s.string("toolConfirmation", "deny");
        String lower = v.toLowerCase(Locale.ROOT);
        if (lower.equals("deny")) {
            return PlatformChatClient.ConfirmationPolicy.DENY;
        }
        if (lower.equals("allow")) {
            return new PlatformChatClient.ConfirmationPolicy(true, Set.of());
        }
        if (lower.startsWith("allow:")) {
            Set<String> tools = Arrays.stream(v.substring("allow:".length()).split(","))
                    .map(String::strip).filter(t -> !t.isEmpty()).collect(Collectors.toUnmodifiableSet());
            if (!tools.isEmpty()) {
                return new PlatformChatClient.ConfirmationPolicy(false, tools);
            }
        }
        s.problem("toolConfirmation", "must be deny, allow or allow:<tool>,<tool> but was '" + v + "'");
        return PlatformChatClient.ConfirmationPolicy.DENY;
    }
}
