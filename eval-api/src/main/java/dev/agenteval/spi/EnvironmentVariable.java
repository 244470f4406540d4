package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Objects;

/**
 * An environment variable a provider reads, declared once so that help texts and documentation
 * are produced from the same declaration the code uses.
 *
 * @param name         the variable name, e.g. {@code AGENT_EVAL_JUDGE_API_KEY}; never blank
 * @param defaultValue the value used when unset, or null when there is none
 * @param effect       what it does, one sentence; never blank
 * @param secret       whether its value is a secret (never printed, redacted from reports)
 */
@API(status = STABLE)
public record EnvironmentVariable(String name, String defaultValue, String effect, boolean secret) {

    /** Validates. */
    public EnvironmentVariable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(effect, "effect");
        if (name.isBlank() || effect.isBlank()) {
            throw new IllegalArgumentException("name and effect must not be blank");
        }
    }

    /** A secret without default. */
    public static EnvironmentVariable secret(String name, String effect) {
        return new EnvironmentVariable(name, null, effect, true);
    }

    /** A plain setting with an optional default. */
    public static EnvironmentVariable setting(String name, String defaultValue, String effect) {
        return new EnvironmentVariable(name, defaultValue, effect, false);
    }
}
