package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;
import java.time.Duration;
import java.util.List;

/**
 * The result of one case: its verdict and its attempts (one unless the case was repeated).
 *
 * @param id         the case id; never null
 * @param tags       the case tags; never null
 * @param expectPass whether the scorers were expected to pass
 * @param status     the verdict over all attempts; never null
 * @param reason     why it did not pass (empty when it passed); never null
 * @param duration   the wall time over all attempts; never null
 * @param usage      the agent's usage summed over attempts, or null when none was reported
 * @param attempts   the attempts, at least one unless the case was skipped; never null
 */
public record CaseResult(String id, List<String> tags, boolean expectPass, CaseStatus status, String reason,
                         Duration duration, Usage usage, List<CaseAttempt> attempts) {

    /** Validates and copies. */
    public CaseResult {
        Checks.requireNonNull(id, "id");
        tags = List.copyOf(Checks.requireNonNull(tags, "tags"));
        Checks.requireNonNull(status, "status");
        Checks.requireNonNull(reason, "reason");
        Checks.requireNonNull(duration, "duration");
        attempts = List.copyOf(Checks.requireNonNull(attempts, "attempts"));
    }

    /** A case that was selected but not run. */
    public static CaseResult skipped(Case aCase, String reason) {
        return new CaseResult(aCase.id(), aCase.tags(), aCase.expectPass(), CaseStatus.SKIPPED, reason,
                Duration.ZERO, null, List.of());
    }

    /** True when the case met its expectation. */
    public boolean passed() {
        return status == CaseStatus.PASSED;
    }

    /** The turns of the first attempt (the only one unless repeated); empty when skipped. */
    public List<TurnResult> turns() {
        return attempts.isEmpty() ? List.of() : attempts.get(0).turns();
    }

    /** The share of attempts that passed, 0..1; 0 when skipped. */
    public double passRate() {
        if (attempts.isEmpty()) {
            return 0.0;
        }
        return (double) attempts.stream().filter(CaseAttempt::passed).count() / attempts.size();
    }
}
