package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * The infrastructure gave out before a turn (or a judge scorer) could be evaluated (the agent
 * timed out or was unreachable, the judge gave no verdict): kept apart from failed checks. Reports
 * keep its historical key, {@code harnessFailure}, as does {@link TurnResult#harnessFailure()};
 * "harness" alone names the Python harness's suite dialect and result file.
 *
 * @param code    the typed reason; never null
 * @param message a human-readable message; never null
 * @param context details such as {@code status}, {@code url}, {@code timeoutSeconds}; never null
 */
@API(status = STABLE)
public record InfrastructureFailure(FailureCode code, String message, Map<String, Object> context) {

    /** Validates and copies. */
    public InfrastructureFailure {
        Checks.requireNonNull(code, "code");
        Checks.requireNonNull(message, "message");
        context = JsonValues.copyMap(context, "context");
    }

    /** A failure without context. */
    public static InfrastructureFailure of(FailureCode code, String message) {
        return new InfrastructureFailure(code, message, Map.of());
    }
}
