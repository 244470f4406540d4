package dev.agenteval.judge.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.ProviderConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a judge provider's settings by type; every problem names the provider and the setting. */
final class Settings {

    private final String provider;
    private final ProviderConfig config;
    private final List<String> problems = new ArrayList<>();

    Settings(String provider, ProviderConfig config, List<String> known) {
        this.provider = provider;
        this.config = config;
        for (String key : config.settings().keySet()) {
            if (!known.contains(key)) {
                problems.add("judge '" + provider + "': unknown setting '" + key + "' (known: " + String.join(", ", known) + ")");
            }
        }
    }

    /** The setting, else the environment variable, if either is non-blank. */
    Optional<String> string(String key, String variable) {
        Optional<String> v = config.get(key).filter(s -> !s.isBlank());
        return v.isPresent() || variable == null ? v.map(String::strip) : config.env(variable).map(String::strip);
    }

    Double number(String key, double min, double max, double defaultValue) {
        Optional<String> v = string(key, null);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            double d = Double.parseDouble(v.get());
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add("judge '" + provider + "': setting '" + key + "' must be a number in " + fmt(min) + ".." + fmt(max)
                + " but was '" + v.get() + "'");
        return defaultValue;
    }

    int integer(String key, int min, int defaultValue, boolean odd) {
        Optional<String> v = string(key, null);
        if (v.isEmpty()) {
            return defaultValue;
        }
        try {
            int i = Integer.parseInt(v.get());
            if (i >= min && (!odd || i % 2 == 1)) {
                return i;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add("judge '" + provider + "': setting '" + key + "' must be " + (odd ? "an odd " : "an ") + "integer >= "
                + min + " but was '" + v.get() + "'");
        return defaultValue;
    }

    Boolean flag(String key) {
        Optional<String> v = string(key, null);
        if (v.isEmpty()) {
            return null;
        }
        if (v.get().equalsIgnoreCase("true") || v.get().equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v.get());
        }
        problems.add("judge '" + provider + "': setting '" + key + "' must be true or false but was '" + v.get() + "'");
        return null;
    }

    void problem(String problem) {
        problems.add("judge '" + provider + "': " + problem);
    }

    /** Throws every problem found, if any. */
    void check() {
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
