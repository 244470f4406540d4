package dev.agenteval.common.text;

import java.util.regex.Pattern;

/**
 * The syntax of a {@code {{name}}} placeholder, the one agent-eval uses wherever a case's
 * variables are substituted (messages, agent names and ids, templated HTTP bodies). A name starts
 * with a letter or {@code _} and goes on with letters, digits, {@code _}, {@code .} and {@code -};
 * whitespace inside the braces is allowed ({@code {{ agent_identifier }}}). Group 1 of
 * {@link #PATTERN} is the name. Exported only to agent-eval's modules.
 */
public final class PlaceholderSyntax {

    /** One placeholder; group 1 is its name. */
    public static final Pattern PATTERN = Pattern.compile("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_.-]*)\\s*}}");

    private PlaceholderSyntax() {
    }
}
