package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Something found by id: agent client providers, judge providers and report formats. The id is required,
 * non-blank and kebab-case ({@code a2a}, {@code openai-chat}); a duplicate id fails fast naming
 * both classes, an unknown id fails listing the known ones.
 */
@API(status = STABLE)
public interface Provider {

    /** The kebab-case id users name this provider by. */
    String id();

    /** The environment variables this provider reads; empty by default. */
    default java.util.List<EnvironmentVariable> environmentVariables() {
        return java.util.List.of();
    }

    /** A one-line description for listings; defaults to the class name. */
    default String description() {
        return getClass().getName();
    }
}
