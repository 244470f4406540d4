package dev.agenteval.api.internal;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/** Argument checks with messages that name the field. */
public final class Checks {

    private Checks() {
    }

    public static String requireNonBlank(String value, String field) {
        Objects.requireNonNull(value, () -> field + " must not be null");
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
        return value;
    }

    public static <T> T requireNonNull(T value, String field) {
        return Objects.requireNonNull(value, () -> field + " must not be null");
    }

    /** The syntax of a variable name, the name inside a {@code {{placeholder}}}. */
    public static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    /**
     * Checks a variable's name and value and puts it into {@code variables}; {@code where} prefixes
     * the messages (empty, or e.g. {@code "case 'c': "}).
     */
    public static <V> void putVariable(Map<String, V> variables, String name, V variable, String where) {
        requireNonNull(name, where + "variable name");
        if (!VARIABLE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(where + "variable name must match " + VARIABLE_NAME + " but was '"
                    + name + "'");
        }
        variables.put(name, requireNonNull(variable, where + "variable '" + name + "'"));
    }
}
