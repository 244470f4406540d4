package dev.agenteval.launch.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.http.Urls;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.launch.AgentPlan;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.Judge;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a run's fingerprint says of its agent and judge: protocol, URL and target without
 * credentials or query, a hash of what else decides the agent a target reaches, and the judge's
 * model and endpoint; a resumed or merged run is compared with the current one by these.
 * Exported only to eval-cli (a merge describes the agent of the shards it merges) and eval-junit
 * (a judge given in code).
 */
public final class Fingerprints {

    private Fingerprints() {
    }

    /** The agent for the fingerprint: protocol and URL without credentials or query, or the target's name. */
    public static String describeAgent(Settings settings) {
        return describeAgent(settings, null);
    }

    /**
     * Like {@link #describeAgent(Settings)}, with {@code defaultAgentId} (the id of the suite's
     * {@code <name>.agent.yaml} the agent was created with, or null) when the settings name none.
     */
    public static String describeAgent(Settings settings, String defaultAgentId) {
        Wiring.AgentChoice choice;
        try {
            choice = Wiring.agentChoice(settings);
        } catch (ConfigurationException e) {
            choice = new Wiring.AgentChoice(settings.given(Setting.TARGET), Optional.empty());
        }
        String agentId;
        try {
            agentId = Wiring.agentId(settings).map(Settings.Value::value).orElse(defaultAgentId);
        } catch (ConfigurationException e) {
            agentId = defaultAgentId;
        }
        return describeAgent(settings.get(Setting.PROTOCOL).orElse(null), choice.url().map(Settings.Value::value).orElse(null),
                choice.target().map(Settings.Value::value).orElse(null), agentId);
    }

    /**
     * Like {@link #describeAgent(Settings)}, with a named target described by what decides the
     * agent it reaches, not only by its name: its protocol and URL (without secrets) and a hash
     * of its authentication, headers and settings ({@code env:} references by name), so that a
     * result of another URL or settings under the same target name does not meet a gate.
     */
    public static String describeAgent(Settings settings, java.util.function.Function<String, String> environment,
                                       Path workDir) {
        return describeAgent(settings, environment, workDir, null);
    }

    /**
     * {@link #describeAgent(Settings, java.util.function.Function, Path)}, with {@code defaultAgentId}
     * (the id of the suite's {@code <name>.agent.yaml}, or null) when the settings name none.
     */
    public static String describeAgent(Settings settings, java.util.function.Function<String, String> environment,
                                       Path workDir, String defaultAgentId) {
        try {
            return AgentPlan.resolve(settings, environment, workDir).describe(defaultAgentId);
        } catch (ConfigurationException e) {
            // Reported where the agent is created.
            return describeAgent(settings, defaultAgentId);
        }
    }

    /** The agent for the fingerprint: protocol and URL without credentials or query, or the target's name. */
    public static String describeAgent(String protocol, String agentUrl, String target, String externalId) {
        String named = target != null ? "target '" + target + "'"
                : (protocol == null ? "a2a" : protocol) + " " + Urls.withoutSecrets(agentUrl);
        return externalId == null ? named : named + " externalId=" + externalId;
    }

    /** The judge for the fingerprint: model and endpoint, or the judge's settings; null when none. */
    public static String describeJudge(Judge judge) {
        if (judge == null) {
            return null;
        }
        if (judge instanceof OpenAiJudge openAi) {
            return "openai " + openAi.model() + " at " + Urls.withoutSecrets(openAi.baseUrl().toString());
        }
        if (judge instanceof OverlapJudge overlap) {
            return overlap.toString();
        }
        return judge.name();
    }
}
