package dev.agenteval.agents.internal;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.http.Authentication;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
        ProviderSettings s = settings(config);
        AgentClient client = create(s);
        s.check();
        return client;
    }

    /**
     * The authentication a client of these settings sends, read as {@link #create(ProviderSettings)}
     * reads it; problems go to {@code s}.
     */
    Authentication authentication(ProviderSettings s) {
        return HttpSettings.read(s, authDefaults(), null, Map.of()).authentication;
    }

    /**
     * The authentication a client created from {@code config} would send, checked as
     * {@link #create(ProviderConfig)} checks it.
     */
    final Authentication authentication(ProviderConfig config) {
        ProviderSettings s = settings(config);
        Authentication authentication = authentication(s);
        s.check();
        return authentication;
    }

    /** The reader of {@code config}: the common keys, this provider's and {@code header.*}. */
    private ProviderSettings settings(ProviderConfig config) {
        Objects.requireNonNull(config, "config");
        Set<String> known = new HashSet<>(HttpSettings.COMMON);
        known.addAll(settingKeys());
        return ProviderSettings.forAgent(id(), config, known);
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
