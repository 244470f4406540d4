package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

/**
 * The two YAML dialects of a suite file, told apart by their root keys, as
 * {@link SuiteLoader#dialect(java.nio.file.Path)} tells them. Both load into the same model; a
 * front end may still treat them differently, e.g. the command line writes a harness suite's
 * results in the harness's own file format.
 */
@API(status = MAINTAINED)
public enum SuiteDialect {

    /** The platform CLI's dialect ({@code cases:}, {@code include:}), usually {@code eval/eval.yaml}. */
    PLATFORM,

    /** The Python harness's dialect ({@code evals:}, {@code globals:}, {@code variables:}), {@code evals/*.yaml}. */
    HARNESS
}
