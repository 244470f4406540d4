package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One scorer's verdict on one turn.
 *
 * @param type    the scorer type id; never null
 * @param status  passed, failed, skipped, errored or undecided; never null
 * @param value   a score in 0..1 when the scorer produced one, else null
 * @param reason  a human-readable reason; never null, may be empty
 * @param checks  the per-term checks; never null
 * @param usage   the judge's usage for judge scorers, else null
 * @param failure why the scorer errored (e.g. {@code judge_error}), else null
 */
@API(status = STABLE)
public record ScoreResult(String type, ScoreStatus status, Double value, String reason, List<Check> checks,
                          Usage usage, InfrastructureFailure failure) {

    /** Validates and copies. */
    public ScoreResult {
        Checks.requireNonBlank(type, "type");
        Checks.requireNonNull(status, "status");
        Checks.requireNonNull(reason, "reason");
        checks = List.copyOf(Checks.requireNonNull(checks, "checks"));
        if (status == ScoreStatus.ERRORED && failure == null) {
            failure = InfrastructureFailure.of(FailureCode.INTERNAL, reason);
        }
    }

    /**
     * A verdict derived from checks: passed when there is at least one check and all hold; the
     * value is the share of checks that held; the reason lists the failed checks.
     */
    public static ScoreResult ofChecks(String type, List<Check> checks) {
        if (checks.isEmpty()) {
            return new ScoreResult(type, ScoreStatus.FAILED, 0.0, "no checks", List.of(), null, null);
        }
        long passed = checks.stream().filter(Check::passed).count();
        boolean ok = passed == checks.size();
        String reason = ok ? "" : checks.stream().filter(c -> !c.passed())
                .map(c -> c.label() + ": " + c.detail()).collect(Collectors.joining("; "));
        return new ScoreResult(type, ok ? ScoreStatus.PASSED : ScoreStatus.FAILED,
                (double) passed / checks.size(), reason, checks, null, null);
    }

    /** A verdict from checks given one by one. */
    public static ScoreResult ofChecks(String type, Check... checks) {
        return ofChecks(type, List.of(checks));
    }

    /** A scorer that did not apply. Not a pass. */
    public static ScoreResult skipped(String type, String reason) {
        return new ScoreResult(type, ScoreStatus.SKIPPED, null, reason, List.of(), null, null);
    }

    /** A scorer that could not be computed. */
    public static ScoreResult errored(String type, InfrastructureFailure failure) {
        return new ScoreResult(type, ScoreStatus.ERRORED, null, failure.message(), List.of(), null, failure);
    }

    /** A copy with the given judge usage. */
    public ScoreResult withUsage(Usage usage) {
        return new ScoreResult(type, status, value, reason, checks, usage, failure);
    }

    /** True when the status is {@link ScoreStatus#PASSED}. */
    public boolean passed() {
        return status == ScoreStatus.PASSED;
    }
}
