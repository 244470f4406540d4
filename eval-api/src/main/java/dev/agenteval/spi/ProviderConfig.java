package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Settings handed to a provider: string key/values (base URL, model, ...) plus access to the
 * environment, so providers read secrets through one place that tests can replace.
 */
@API(status = STABLE)
public final class ProviderConfig {

    private final Map<String, String> settings;
    private final Function<String, String> environment;
    private final Secrets secrets;

    private ProviderConfig(Map<String, String> settings, Function<String, String> environment, Secrets secrets) {
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        this.environment = environment;
        this.secrets = secrets;
    }

    /** Settings backed by the process environment. */
    public static ProviderConfig of(Map<String, String> settings) {
        return new ProviderConfig(settings, System::getenv, Secrets.shared());
    }

    /** Settings with an explicit environment (tests, .env files). */
    public static ProviderConfig of(Map<String, String> settings, Function<String, String> environment) {
        return new ProviderConfig(settings, environment, Secrets.shared());
    }

    /** No settings, process environment. */
    public static ProviderConfig empty() {
        return of(Map.of());
    }

    /** A setting, if present. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    /** A setting that must be present. */
    public String require(String key) {
        String value = settings.get(key);
        if (value == null || value.isBlank()) {
            throw new ConfigurationException("missing setting '" + key + "'");
        }
        return value;
    }

    /** An environment variable, if set and non-empty. */
    public Optional<String> env(String name) {
        String value = environment.apply(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    /** All settings; never null. Values may be secret: never log them. */
    public Map<String, String> settings() {
        return settings;
    }

    /** The environment lookup. */
    public Function<String, String> environment() {
        return environment;
    }

    /**
     * Where the provider registers the secrets it learns (tokens, client secrets, access tokens it
     * obtains, API keys, URL passwords), so that the run masks them in every output. Defaults to
     * {@link Secrets#shared()}.
     */
    public Secrets secrets() {
        return secrets;
    }

    /** A copy that registers secrets in {@code secrets}, the run's own. */
    public ProviderConfig withSecrets(Secrets secrets) {
        return new ProviderConfig(settings, environment, java.util.Objects.requireNonNull(secrets, "secrets"));
    }

    @Override
    public String toString() {
        return "ProviderConfig" + settings.keySet();
    }
}
