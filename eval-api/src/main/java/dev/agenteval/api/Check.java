package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;

/**
 * One term of a scorer's verdict, e.g. one substring of {@code must_include}. A failed check is
 * the one record of a miss: report error lines are derived from checks.
 *
 * @param label  what was checked, e.g. the substring; never null
 * @param passed whether it held
 * @param detail why, e.g. {@code "passed"} or {@code "not found in response"}; never null
 */
@API(status = STABLE)
public record Check(String label, boolean passed, String detail) {

    /** Validates. */
    public Check {
        Checks.requireNonNull(label, "label");
        Checks.requireNonNull(detail, "detail");
    }

    /** A passed check with detail {@code "passed"}. */
    public static Check pass(String label) {
        return new Check(label, true, "passed");
    }

    /** A passed check with a detail. */
    public static Check pass(String label, String detail) {
        return new Check(label, true, detail);
    }

    /** A failed check. */
    public static Check fail(String label, String detail) {
        return new Check(label, false, detail);
    }
}
