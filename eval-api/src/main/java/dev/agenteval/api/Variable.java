package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A variable for {@code {{placeholder}}} substitution: a literal, an environment variable, or a
 * random whole number. Values from the environment are secret by default: they appear as
 * {@code ***} in every report and log.
 *
 * <p>A random whole number ({@link #randomInt(long, long)}) is drawn once per case: every turn of
 * the case, its agent payload and its scorers see the same number; another case (or another run)
 * draws again. Its {@link #value()} is the range as written, {@code "1..6"}.
 *
 * <p>Variables are declared on a {@link Suite}, a {@link Case} or a {@link Turn}; a turn's win over
 * its case's, which win over the suite's. Besides those, every run knows {@code today} and
 * {@code yesterday}: the UTC dates of the run's start as {@code yyyy-MM-dd}, unless a variable of
 * that name is declared.
 *
 * @param source where the value comes from
 * @param value  the literal value, the environment variable's name, or the range {@code min..max}
 * @param secret whether the resolved value is redacted from reports and logs
 */
@API(status = STABLE)
public record Variable(Source source, String value, boolean secret) {

    /** Where a variable's value comes from. */
    public enum Source {
        /** The value as written. */
        LITERAL,
        /** An environment variable, by name. */
        ENV,
        /** A whole number drawn uniformly from {@code min..max} (both included), once per case. */
        RANDOM_INT
    }

    private static final Pattern RANGE = Pattern.compile("(-?[0-9]+)\\.\\.(-?[0-9]+)");

    /** Validates. */
    public Variable {
        Checks.requireNonNull(source, "source");
        Checks.requireNonNull(value, "value");
        if (source == Source.ENV) {
            Checks.requireNonBlank(value, "environment variable name");
        }
        if (source == Source.RANDOM_INT) {
            long[] range = range(value);
            if (range[0] > range[1]) {
                throw new IllegalArgumentException("random_int min must be <= max but was " + value);
            }
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

    /**
     * A whole number from {@code min} to {@code max}, both included, drawn once per case; not
     * secret.
     *
     * @throws IllegalArgumentException when {@code min > max}
     */
    public static Variable randomInt(long min, long max) {
        return new Variable(Source.RANDOM_INT, min + ".." + max, false);
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

    /**
     * The smallest number a {@link Source#RANDOM_INT} variable draws.
     *
     * @throws IllegalStateException for another source
     */
    public long min() {
        return randomRange()[0];
    }

    /**
     * The largest number a {@link Source#RANDOM_INT} variable draws.
     *
     * @throws IllegalStateException for another source
     */
    public long max() {
        return randomRange()[1];
    }

    private long[] randomRange() {
        if (source != Source.RANDOM_INT) {
            throw new IllegalStateException("a " + source + " variable has no range");
        }
        return range(value);
    }

    private static long[] range(String value) {
        Matcher m = RANGE.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException("random_int range must be written min..max but was '" + value + "'");
        }
        try {
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("random_int bounds must fit in 64 bits but were '" + value + "'", e);
        }
    }

    @Override
    public String toString() {
        return switch (source) {
            case ENV -> "env:" + value;
            case RANDOM_INT -> "random_int(" + value + ")";
            case LITERAL -> secret ? "***" : value;
        };
    }
}
