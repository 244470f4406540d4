package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;

/**
 * A tool the judge should expect the agent to call, for the {@code toolSelection} and
 * {@code toolInvocation} scorers. Put parameter details in the description.
 *
 * @param name        the runtime tool name, e.g. {@code find_assets}; never blank
 * @param description what the tool does and its parameters; never blank
 */
@API(status = STABLE)
public record ToolSpec(String name, String description) {

    /** Validates that both fields are non-blank. */
    public ToolSpec {
        Checks.requireNonBlank(name, "tool name");
        Checks.requireNonBlank(description, "tool '" + name + "' description");
    }

    /** Shorthand for the constructor. */
    public static ToolSpec of(String name, String description) {
        return new ToolSpec(name, description);
    }
}
