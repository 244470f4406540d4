package dev.agenteval.launch;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.agents.Target;
import dev.agenteval.api.ConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The platform chat API's settings ({@link Setting#EXTERNAL_ID}, {@link Setting#SYSTEM_AGENT},
 * project, tool confirmation, rounds) as the agent clients' settings, over a target's or beside a
 * URL; refused for another built-in protocol.
 */
final class PlatformSettings {

    /** The agent clients' setting of the platform agent's id. */
    static final String AGENT_EXTERNAL_ID = "agentExternalId";

    private PlatformSettings() {
    }

    /** The agent clients' settings for an agent at a URL speaking {@code protocol}: the platform settings given, and the default agent id. */
    static Map<String, String> forUrl(Settings settings, String protocol, String defaultAgentId) {
        Map<String, String> agentSettings = new LinkedHashMap<>();
        List<Settings.Value> given = platformValues(settings);
        requirePlatformProtocol(given, protocol, "the agent's protocol is '" + protocol + "'");
        given.forEach(v -> agentSettings.put(providerKey(v.setting()), v.value()));
        if (defaultAgentId != null && Wiring.PLATFORM_CHAT.equals(protocol)) {
            agentSettings.putIfAbsent(AGENT_EXTERNAL_ID, defaultAgentId);
        }
        return agentSettings;
    }

    /** The platform chat API's settings, in the order they are applied, with the provider setting of each. */
    private static final List<Setting> PLATFORM_SETTINGS = List.of(Setting.PROJECT, Setting.TOOL_CONFIRMATION,
            Setting.MAX_ACTION_ROUNDS);

    private static String providerKey(Setting setting) {
        return switch (setting) {
            case EXTERNAL_ID, SYSTEM_AGENT -> AGENT_EXTERNAL_ID;
            case PROJECT -> "project";
            case TOOL_CONFIRMATION -> "toolConfirmation";
            case MAX_ACTION_ROUNDS -> "maxActionRounds";
            default -> throw new IllegalArgumentException(setting.toString());
        };
    }

    /** The platform chat settings given: the agent id ({@link Wiring#agentId}), then project, tool confirmation, rounds. */
    private static List<Settings.Value> platformValues(Settings settings) {
        List<Settings.Value> given = new ArrayList<>();
        Wiring.agentId(settings).ifPresent(given::add);
        for (Setting s : PLATFORM_SETTINGS) {
            settings.given(s).ifPresent(given::add);
        }
        return given;
    }

    /**
     * Refuses platform chat settings for another built-in protocol (which would reject them as
     * unknown settings, naming no option); a plugin's protocol gets them as they are.
     */
    private static void requirePlatformProtocol(List<Settings.Value> given, String protocol, String why) {
        if (given.isEmpty() || Wiring.PLATFORM_CHAT.equals(protocol)
                || AgentClients.providers().stream().noneMatch(p -> p.id().equals(protocol))) {
            return;
        }
        throw new ConfigurationException(given.stream().map(v -> v.origin() + " is a setting of the " + Wiring.PLATFORM_CHAT
                + " protocol, but " + why).toList());
    }

    /** {@code target} with the platform chat settings given (they win over the target's own), and the default agent id. */
    static Target apply(Target target, Settings settings, String defaultAgentId) {
        List<Settings.Value> given = platformValues(settings);
        requirePlatformProtocol(given, target.protocol(), "target '" + target.name() + "' uses protocol '"
                + target.protocol() + "'");
        boolean useDefault = defaultAgentId != null && Wiring.PLATFORM_CHAT.equals(target.protocol())
                && !target.settings().containsKey(AGENT_EXTERNAL_ID);
        if (given.isEmpty() && !useDefault) {
            return target;
        }
        Map<String, String> merged = new LinkedHashMap<>(target.settings());
        given.forEach(v -> merged.put(providerKey(v.setting()), v.value()));
        if (useDefault) {
            merged.putIfAbsent(AGENT_EXTERNAL_ID, defaultAgentId);
        }
        return new Target(target.name(), target.protocol(), target.url(), target.auth(), target.headers(), merged,
                target.opik());
    }
}
