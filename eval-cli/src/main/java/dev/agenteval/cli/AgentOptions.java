package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The options that name the agent, shared by {@code run} and {@code record} (a picocli mixin).
 * Their names are those of {@link Setting}; an option not given falls back to its variable
 * ({@code AGENT_EVAL_AGENT_URL}, {@code AGENT_EVAL_PROTOCOL}, {@code AGENT_EVAL_TARGET},
 * {@code AGENT_EVAL_EXTERNAL_ID}, ...), read by {@link Settings}. The platform chat API's
 * ({@code --external-id}, {@code --system-agent}, {@code --project}, ...) also override a target's.
 */
final class AgentOptions {

    @Option(names = Setting.Option.PROTOCOL, paramLabel = "ID", description = "Agent protocol (client id), e.g. a2a, agent-service, platform-chat, openai-chat, http. Default: AGENT_EVAL_PROTOCOL, else a2a (agent-service for an --env of the harness's variables).")
    String protocol;

    @Option(names = Setting.Option.AGENT_URL, paramLabel = "URL", description = "The agent's base URL. Default: AGENT_EVAL_AGENT_URL.")
    String agentUrl;

    @Option(names = Setting.Option.AGENT_TOKEN_URL, paramLabel = "URL", description = "With --agent-url: the OAuth2 token endpoint where AGENT_EVAL_AGENT_CLIENT_ID and AGENT_EVAL_AGENT_CLIENT_SECRET are exchanged (client credentials) for the agent's token. Default: AGENT_EVAL_AGENT_TOKEN_URL.")
    String agentTokenUrl;

    @Option(names = Setting.Option.TARGET, paramLabel = "NAME", description = "A named target from the targets file (protocol, URL, auth), else the environment NAME of the harness's variables (AGENT_API_URL_<NAME>, AGENT_API_CLIENT_ID_<NAME>, AGENT_API_CLIENT_SECRET_<NAME>, AGENT_API_TOKEN_URL_<NAME> or AGENT_API_TOKEN_<NAME>; see Environments below). Default: AGENT_EVAL_TARGET.")
    String env;

    @Option(names = Setting.Option.EXTERNAL_ID, paramLabel = "ID", description = "The agent's external id (platform chat API); wins over the target's agentExternalId and the externalId of the local <name>.agent.yaml, which is then not read (its tools are no fallback for tool scorers). Default: AGENT_EVAL_EXTERNAL_ID.")
    String externalId;

    @Option(names = Setting.Option.SYSTEM_AGENT, paramLabel = "ID", description = "Instead of --external-id: a deployed system agent by id (platform chat API, sent as agentExternalId); the local <name>.agent.yaml is not read. Default: AGENT_EVAL_SYSTEM_AGENT.")
    String systemAgent;

    @Option(names = Setting.Option.PROJECT, paramLabel = "PROJECT", description = "The project the agent lives in (platform chat API); wins over the target's project. Default: AGENT_EVAL_PROJECT.")
    String project;

    @Option(names = Setting.Option.TOOL_CONFIRMATION, paramLabel = "POLICY", description = "How tool confirmations are answered (platform chat API): deny (the default), allow, or allow:<tool>,<tool>. Default: AGENT_EVAL_TOOL_CONFIRMATION.")
    String toolConfirmation;

    @Option(names = Setting.Option.MAX_ACTION_ROUNDS, paramLabel = "N", description = "Follow-up requests answering the agent's actions on one turn (platform chat API, default 5). Default: AGENT_EVAL_MAX_ACTION_ROUNDS.")
    String maxActionRounds;

    /** True when any of these options is given. */
    boolean given() {
        return protocol != null || agentUrl != null || agentTokenUrl != null || env != null || externalId != null || systemAgent != null
                || project != null || toolConfirmation != null || maxActionRounds != null;
    }

    /** These options as launch settings (null: not given). */
    Map<Setting, String> values() {
        Map<Setting, String> values = new EnumMap<>(Setting.class);
        values.put(Setting.PROTOCOL, protocol);
        values.put(Setting.AGENT_URL, agentUrl);
        values.put(Setting.AGENT_TOKEN_URL, agentTokenUrl);
        values.put(Setting.TARGET, env);
        values.put(Setting.EXTERNAL_ID, externalId);
        values.put(Setting.SYSTEM_AGENT, systemAgent);
        values.put(Setting.PROJECT, project);
        values.put(Setting.TOOL_CONFIRMATION, toolConfirmation);
        values.put(Setting.MAX_ACTION_ROUNDS, maxActionRounds);
        return values;
    }

    /** The problems of the agent's settings; empty when they name an agent. */
    List<String> agentProblems(Settings settings) {
        List<String> problems = new ArrayList<>();
        try {
            Wiring.agentId(settings);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }
        if (!Wiring.agentNamed(settings)) {
            problems.add("no agent: give " + Setting.AGENT_URL.option() + " URL (with " + Setting.PROTOCOL.option()
                    + ", default a2a) or " + Setting.TARGET.option() + " NAME, or set " + Setting.AGENT_URL.variable()
                    + " or " + Setting.TARGET.variable() + "; there is no default target");
            return problems;
        }
        try {
            Wiring.agentChoice(settings);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }
        return problems;
    }

    /** The agent client the settings name. */
    static AgentClient create(Settings settings, Function<String, String> environment, Path workDir) {
        return Wiring.agent(settings, environment, workDir);
    }

    /** The agent client the settings name, its protocol found in {@code providers}. */
    static AgentClient create(Settings settings, Function<String, String> environment, Path workDir,
                              Providers providers) {
        return Wiring.agent(settings, environment, workDir, providers);
    }
}
