package dev.agenteval.agents.internal;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the built-in providers share: settings validated all at once (unknown keys, bad values,
 * missing variables) before the client exists, so nothing is sent with a broken configuration.
 */
abstract class BaseProvider implements AgentClientProvider {

    /** The provider-specific setting keys (besides {@link HttpSettings#COMMON} and {@code header.*}). */
    abstract Set<String> settingKeys();

    /** The defaults for the auth variables. */
    HttpSettings.AuthDefaults authDefaults() {
        return HttpSettings.AuthDefaults.AGENT;
    }

    /** Builds the client; problems go to {@code s}, which is checked afterwards. */
    abstract AgentClient create(ProviderSettings s);

    @Override
    public final AgentClient create(ProviderConfig config) {
        Objects.requireNonNull(config, "config");
        Set<String> known = new HashSet<>(HttpSettings.COMMON);
        known.addAll(settingKeys());
        ProviderSettings s = ProviderSettings.forAgent(id(), config, known);
        AgentClient client = create(s);
        s.check();
        return client;
    }

    @Override
    public List<EnvironmentVariable> environmentVariables() {
        return authDefaults().declarations(id());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + id() + "]";
    }
}
