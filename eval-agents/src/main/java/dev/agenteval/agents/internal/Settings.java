package dev.agenteval.agents.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.text.Suggestions;
import dev.agenteval.spi.ProviderConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed access to a provider's settings. Problems (unknown keys, bad values, missing variables)
 * are collected and raised together by {@link #check()}, before the client sends anything.
 * Messages name the provider and the setting, never a secret value.
 */
final class Settings {

    /** Settings every HTTP client understands. */
    static final Set<String> COMMON = Set.of("url", "auth", "tokenEnv", "tokenUrl", "clientIdEnv", "clientSecretEnv",
            "scope", "connectTimeoutSeconds", "requestTimeoutSeconds", "maxAttempts", "initialBackoffMillis",
            "maxBackoffMillis", "maxResponseBytes");

    /** Prefix of extra header settings: {@code header.Tenant-Name=acme}. */
    static final String HEADER_PREFIX = "header.";

    private final String provider;
    private final ProviderConfig config;
    private final List<String> problems = new ArrayList<>();

    Settings(String provider, ProviderConfig config, Set<String> specific) {
        this.provider = provider;
        this.config = config;
        Set<String> known = new TreeSet<>(COMMON);
        known.addAll(specific);
        for (String key : config.settings().keySet()) {
            if (!known.contains(key) && !key.startsWith(HEADER_PREFIX)) {
                problems.add(where(key) + "unknown setting" + didYouMean(key, known) + " (known: "
                        + String.join(", ", known) + ", header.<Name>)");
            }
        }
    }

    String provider() {
        return provider;
    }

    ProviderConfig config() {
        return config;
    }

    /** Records a problem about {@code key}. */
    void problem(String key, String message) {
        problems.add(where(key) + message);
    }

    /** Records a problem not tied to one setting. */
    void problem(String message) {
        problems.add(provider + ": " + message);
    }

    /** Throws every recorded problem at once. */
    void check() {
        if (!problems.isEmpty()) {
            throw new ConfigurationException(List.copyOf(problems));
        }
    }

    Optional<String> string(String key) {
        return config.get(key).map(String::strip).filter(s -> !s.isEmpty());
    }

    String string(String key, String defaultValue) {
        return string(key).orElse(defaultValue);
    }

    /** A required setting; records a problem and returns null when missing. */
    String required(String key, String meaning) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            problems.add(where(key) + "missing (" + meaning + ")");
            return null;
        }
        return v.get();
    }

    URI uri(String key, boolean required) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            if (required) {
                problems.add(where(key) + "missing (the agent's base URL, e.g. https://agents.example.com)");
            }
            return null;
        }
        try {
            URI uri = new URI(v.get());
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                problems.add(where(key) + "must be an absolute http(s) URL but was '" + v.get() + "'");
                return null;
            }
            return uri;
        } catch (URISyntaxException e) {
            problems.add(where(key) + "is not a valid URL: '" + v.get() + "'");
            return null;
        }
    }

    boolean bool(String key, boolean defaultValue) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        String s = v.get().toLowerCase(Locale.ROOT);
        if (s.equals("true") || s.equals("false")) {
            return Boolean.parseBoolean(s);
        }
        problems.add(where(key) + "must be true or false but was '" + v.get() + "'");
        return defaultValue;
    }

    long number(String key, long defaultValue, long min) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            long n = Long.parseLong(v.get());
            if (n < min) {
                problems.add(where(key) + "must be >= " + min + " but was " + n);
                return defaultValue;
            }
            return n;
        } catch (NumberFormatException e) {
            problems.add(where(key) + "must be a whole number but was '" + v.get() + "'");
            return defaultValue;
        }
    }

    Double decimal(String key) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return null;
        }
        try {
            return Double.valueOf(v.get());
        } catch (NumberFormatException e) {
            problems.add(where(key) + "must be a number but was '" + v.get() + "'");
            return null;
        }
    }

    Duration seconds(String key, Duration defaultValue) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            double s = Double.parseDouble(v.get());
            if (!(s > 0)) {
                problems.add(where(key) + "must be > 0 but was " + v.get());
                return defaultValue;
            }
            return Duration.ofMillis(Math.max(1, Math.round(s * 1000)));
        } catch (NumberFormatException e) {
            problems.add(where(key) + "must be a number of seconds but was '" + v.get() + "'");
            return defaultValue;
        }
    }

    /** One of {@code allowed} (case-insensitive), lower-cased. */
    String choice(String key, String defaultValue, List<String> allowed) {
        Optional<String> v = string(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        String s = v.get().toLowerCase(Locale.ROOT);
        if (!allowed.contains(s)) {
            problems.add(where(key) + "must be one of " + String.join(", ", allowed) + " but was '" + v.get() + "'");
            return defaultValue;
        }
        return s;
    }

    /** The value of environment variable {@code name}; records a problem naming it when unset. */
    String requireEnv(String name, String purpose) {
        Optional<String> v = config.env(name);
        if (v.isEmpty()) {
            problems.add(provider + ": environment variable " + name + " is not set (" + purpose + ")");
            return null;
        }
        return v.get();
    }

    /** Settings starting with {@code header.}, by header name. */
    Map<String, String> headerSettings() {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        config.settings().forEach((k, v) -> {
            if (k.startsWith(HEADER_PREFIX) && k.length() > HEADER_PREFIX.length()) {
                headers.put(k.substring(HEADER_PREFIX.length()), v);
            }
        });
        return headers;
    }

    private String where(String key) {
        return provider + " setting '" + key + "': ";
    }

    /** {@code " (did you mean 'x'?)"}, or empty: the settings' wording around the shared suggestion. */
    static String didYouMean(String value, Set<String> known) {
        return Suggestions.closest(value, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
    }
}
