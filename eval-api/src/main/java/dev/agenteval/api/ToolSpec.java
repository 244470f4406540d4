package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;

/**
 * A tool the judge should expect the agent to call, for the {@code toolSelection} and
 * {@code toolInvocation} scorers. Put parameter details in the description.
 *
 * @param name        the runtime tool name, e.g. {@code find_assets}; never blank
 * @param description what the tool does and its parameters; never blank
 */
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
