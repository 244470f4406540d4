package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;

/**
 * A suite variable for {@code {{placeholder}}} substitution: a literal or an environment
 * variable. Values from the environment are secret by default: they appear as {@code ***} in
 * every report and log.
 *
 * @param source where the value comes from
 * @param value  the literal value, or the environment variable's name
 * @param secret whether the resolved value is redacted from reports and logs
 */
public record Variable(Source source, String value, boolean secret) {

    /** Where a variable's value comes from. */
    public enum Source { LITERAL, ENV }

    /** Validates. */
    public Variable {
        Checks.requireNonNull(source, "source");
        Checks.requireNonNull(value, "value");
        if (source == Source.ENV) {
            Checks.requireNonBlank(value, "environment variable name");
        }
    }

    /** A literal value, not secret. */
    public static Variable literal(String value) {
        return new Variable(Source.LITERAL, value, false);
    }

    /** The value of environment variable {@code name}, secret. */
    public static Variable env(String name) {
        return new Variable(Source.ENV, name, true);
    }

    /** Parses the YAML form: {@code env:VAR} or a literal. */
    public static Variable parse(String spec) {
        Checks.requireNonNull(spec, "variable");
        return spec.startsWith("env:") ? env(spec.substring(4).trim()) : literal(spec);
    }

    /** A copy that is (or is not) redacted. */
    public Variable withSecret(boolean secret) {
        return new Variable(source, value, secret);
    }

    @Override
    public String toString() {
        return source == Source.ENV ? "env:" + value : (secret ? "***" : value);
    }
}
