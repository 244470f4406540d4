package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.agents.EnvironmentTargets;
import dev.agenteval.agents.Target;
import dev.agenteval.agents.Targets;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Prices;
import dev.agenteval.core.Providers;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.Urls;
import dev.agenteval.launch.internal.Fingerprints;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The agent the settings name, resolved once: a target of {@code agent-eval.targets.yaml} (or an
 * environment of the harness's variables), or a protocol at a URL; the agent id the platform
 * settings give; whether the suites' {@code <name>.agent.yaml} is read or needed. Every question
 * a run asks of its agent (which client, which authentication, how the fingerprint describes it,
 * the target's prices and Opik) is answered from this one resolution.
 */
@API(status = EXPERIMENTAL)
public final class AgentPlan {

    /** The provider id of the platform agent chat API, whose settings the platform options set. */
    static final String PLATFORM_CHAT = "platform-chat";

    /** The agent clients' setting of the OAuth2 token endpoint, which {@link Setting#AGENT_TOKEN_URL} sets. */
    private static final String TOKEN_URL = "tokenUrl";

    private final Settings settings;
    private final Function<String, String> environment;
    private final Optional<Target> target;
    private final Optional<Settings.Value> url;
    private final Optional<Settings.Value> agentId;

    private AgentPlan(Settings settings, Function<String, String> environment, Optional<Target> target,
                      Optional<Settings.Value> url, Optional<Settings.Value> agentId) {
        this.settings = settings;
        this.environment = environment;
        this.target = target;
        this.url = url;
        this.agentId = agentId;
    }

    /**
     * The agent {@code settings} name, its target read from {@code workDir}'s targets file or the
     * harness's variables in {@code environment}.
     *
     * @throws ConfigurationException when a target and a URL (or an external id and a system agent)
     *                                are given at the same level, a token URL beside a chosen target,
     *                                the targets file is invalid, or an environment's variables are missing
     */
    public static AgentPlan resolve(Settings settings, Function<String, String> environment, Path workDir) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(environment, "environment");
        Choice choice = choice(settings);
        Optional<Settings.Value> agentId = agentId(settings);
        Optional<Target> target = choice.target().map(t -> EnvironmentTargets.resolve(t.value(),
                workDir.resolve(Targets.FILE_NAME), settings.given(Setting.PROTOCOL).map(Settings.Value::value)
                        .orElse(null), environment));
        return new AgentPlan(settings, environment, target, choice.url(), agentId);
    }

    /** Which of a target and a URL names the agent. */
    record Choice(Optional<Settings.Value> target, Optional<Settings.Value> url) {
    }

    /**
     * Which of {@link Setting#TARGET} and {@link Setting#AGENT_URL} names the agent: the one given
     * at the more specific level (an option over a parameter over a variable), so that an
     * {@code --env} on the command line overrides an {@code AGENT_EVAL_AGENT_URL} of the environment.
     */
    static Choice choice(Settings settings) {
        Optional<Settings.Value> target = settings.given(Setting.TARGET);
        Optional<Settings.Value> url = settings.given(Setting.AGENT_URL);
        if (target.isPresent() && url.isPresent()) {
            int t = target.get().source().ordinal();
            int u = url.get().source().ordinal();
            if (t == u) {
                throw new ConfigurationException(settings.isCommandLine()
                        ? target.get().origin() + " and " + url.get().origin() + " are alternatives: give one"
                        : "both " + settings.describe(Setting.TARGET) + " and " + settings.describe(Setting.AGENT_URL)
                        + " are set: give one");
            }
            return t < u ? new Choice(target, Optional.empty()) : new Choice(Optional.empty(), url);
        }
        if (target.isPresent()) {
            refuseTokenUrlBeside(target.get(), settings);
        }
        // A URL written in code as a default (Settings.withDefault) when no target or URL is given.
        return new Choice(target, target.isPresent() ? url : settings.find(Setting.AGENT_URL));
    }

    /**
     * A token URL goes with an agent's URL: given at least as specifically as the target that was
     * chosen instead, it would be ignored, so it is refused.
     */
    private static void refuseTokenUrlBeside(Settings.Value target, Settings settings) {
        Optional<Settings.Value> tokenUrl = settings.given(Setting.AGENT_TOKEN_URL);
        if (tokenUrl.isPresent() && tokenUrl.get().source().ordinal() <= target.source().ordinal()) {
            throw new ConfigurationException(tokenUrl.get().origin() + " goes with the agent's URL, but "
                    + target.origin() + " chose the target '" + target.value() + "', whose token endpoint is its own"
                    + " (auth.tokenUrl in " + Targets.FILE_NAME + "): give one of them");
        }
    }

    /**
     * The agent id the settings give: {@link Setting#EXTERNAL_ID} or {@link Setting#SYSTEM_AGENT},
     * the one given at the more specific level.
     */
    static Optional<Settings.Value> agentId(Settings settings) {
        Optional<Settings.Value> external = settings.given(Setting.EXTERNAL_ID);
        Optional<Settings.Value> system = settings.given(Setting.SYSTEM_AGENT);
        if (external.isPresent() && system.isPresent()) {
            int e = external.get().source().ordinal();
            int s = system.get().source().ordinal();
            if (e == s) {
                throw new ConfigurationException(external.get().origin() + " and " + system.get().origin()
                        + " are alternatives: give one (the external id of your agent, or the id of a system agent)");
            }
            return e < s ? external : system;
        }
        return external.or(() -> system);
    }

    /** Whether an agent is named: a target or a URL, at any level, or a URL as a default written in code. */
    public boolean named() {
        return target.isPresent() || url.isPresent();
    }

    /** The target chosen, if a target (rather than a URL) names the agent. */
    public Optional<Target> target() {
        return target;
    }

    /** The protocol: the target's, else {@link Setting#PROTOCOL} (default {@code a2a}). */
    public String protocol() {
        return target.map(Target::protocol).orElseGet(() -> settings.get(Setting.PROTOCOL).orElse("a2a"));
    }

    /** The agent id {@link Setting#EXTERNAL_ID} or {@link Setting#SYSTEM_AGENT} gives, if one does. */
    public Optional<Settings.Value> agentId() {
        return agentId;
    }

    /**
     * Whether the suites' local {@code <name>.agent.yaml} is read (for the agent id and as the tool
     * scorers' fallback): not when the settings name the agent's id, as in the platform's own CLI.
     */
    public boolean readsAgentFile() {
        return readsAgentFile(settings);
    }

    static boolean readsAgentFile(Settings settings) {
        return settings.given(Setting.EXTERNAL_ID).isEmpty() && settings.given(Setting.SYSTEM_AGENT).isEmpty();
    }

    /**
     * Whether the agent needs an id from the suite's {@code <name>.agent.yaml}: it speaks
     * {@code platform-chat}, and neither the settings nor its target's {@code agentExternalId} name it.
     */
    public boolean needsAgentId() {
        if (agentId.isPresent()) {
            return false;
        }
        if (target.isPresent()) {
            return PLATFORM_CHAT.equals(target.get().protocol())
                    && !target.get().settings().containsKey(PlatformSettings.AGENT_EXTERNAL_ID);
        }
        return url.isPresent() && PLATFORM_CHAT.equals(protocol());
    }

    /**
     * A new client of the agent, found in {@code providers}, talking to {@code defaultAgentId} (the
     * {@code externalId} of the suite's {@code <name>.agent.yaml}, or null) when neither the settings
     * nor the target name an agent; only {@code platform-chat} uses it.
     *
     * @throws ConfigurationException when no agent is named, the URL is invalid, or the client's
     *                                configuration or credentials are
     */
    public dev.agenteval.spi.AgentClient create(Providers providers, String defaultAgentId) {
        Objects.requireNonNull(providers, "providers");
        if (target.isPresent()) {
            return AgentClients.create(PlatformSettings.apply(target.get(), settings, defaultAgentId), environment,
                    providers);
        }
        return AgentClients.create(protocol(), uri(), urlSettings(defaultAgentId), environment, providers);
    }

    /**
     * The authentication the agent's client sends (the same token, the same OAuth2 client
     * credentials), for {@code agent-eval token}; nothing is fetched before its headers are asked for.
     */
    public Authentication authentication(Providers providers) {
        if (target.isPresent()) {
            return AgentClients.authentication(PlatformSettings.apply(target.get(), settings, null), environment,
                    providers);
        }
        return AgentClients.authentication(protocol(), uri(), urlSettings(null), environment, providers);
    }

    /** The prices of the target's {@code prices:} block; none for a URL. */
    public Prices targetPrices() {
        return target.map(Target::prices).orElse(Prices.none());
    }

    /** The target's {@code opik:} block, if it has one. */
    public Optional<Target.Opik> targetOpik() {
        return target.map(Target::opik);
    }

    /**
     * The agent as the fingerprint describes it: protocol and URL without credentials or query; a
     * target by what decides the agent it reaches (its protocol and URL without secrets and a hash
     * of its authentication, headers and settings, {@code env:} references by name); then the agent
     * id, else {@code defaultAgentId} (null: none).
     */
    public String describe(String defaultAgentId) {
        String id = agentId.map(Settings.Value::value).orElse(defaultAgentId);
        String described;
        if (target.isPresent()) {
            Target t = target.get();
            Map<String, Object> rest = new TreeMap<>();
            rest.put("auth", String.valueOf(t.auth()));
            rest.put("headers", new TreeMap<>(t.headers()));
            rest.put("settings", new TreeMap<>(t.settings()));
            String hash = Fingerprint.sha256(rest.toString()).substring(0, 16);
            described = "target '" + t.name() + "': " + t.protocol() + " " + Urls.withoutSecrets(t.url().toString())
                    + " (settings " + hash + ")";
        } else {
            described = Fingerprints.describeAgent(settings.get(Setting.PROTOCOL).orElse(null),
                    url.map(Settings.Value::value).orElse(null), null, null);
        }
        return id == null ? described : described + " externalId=" + id;
    }

    private URI uri() {
        if (url.isEmpty()) {
            throw new ConfigurationException("no agent: " + Wiring.howToNameAgent(settings));
        }
        try {
            return URI.create(url.get().value());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(url.get().origin() + " is not a URL: " + url.get().value());
        }
    }

    private Map<String, String> urlSettings(String defaultAgentId) {
        Map<String, String> agentSettings = PlatformSettings.forUrl(settings, protocol(), defaultAgentId);
        settings.get(Setting.AGENT_TOKEN_URL).ifPresent(u -> agentSettings.put(TOKEN_URL, u));
        return agentSettings;
    }
}
