package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * The harness gave out before a turn (or a judge scorer) could be evaluated: infrastructure
 * trouble, kept apart from failed checks.
 *
 * @param code    the typed reason; never null
 * @param message a human-readable message; never null
 * @param context details such as {@code status}, {@code url}, {@code timeoutSeconds}; never null
 */
public record HarnessFailure(FailureCode code, String message, Map<String, Object> context) {

    /** Validates and copies. */
    public HarnessFailure {
        Checks.requireNonNull(code, "code");
        Checks.requireNonNull(message, "message");
        context = JsonValues.copyMap(context, "context");
    }

    /** A failure without context. */
    public static HarnessFailure of(FailureCode code, String message) {
        return new HarnessFailure(code, message, Map.of());
    }
}
