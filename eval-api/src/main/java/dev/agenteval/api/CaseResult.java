package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.time.Duration;
import java.util.List;

/**
 * The result of one case: its verdict and its attempts (one unless the case was repeated).
 *
 * <p>A repeated case passes when its {@link #passRate()} meets its {@link #passThreshold()}
 * (by default 1: every attempt must pass). {@link #passAtK()} (some attempt passed),
 * {@link #passHatK()} (every attempt passed) and {@link #flaky()} (attempts disagree) describe
 * the attempts whatever the threshold.
 *
 * @param id            the case id; never null
 * @param tags          the case tags; never null
 * @param expectPass    whether the scorers were expected to pass
 * @param status        the verdict over all attempts; never null
 * @param reason        why it did not pass (empty when it passed); never null
 * @param duration      the wall time over all attempts; never null
 * @param usage         the agent's usage summed over attempts, or null when none was reported
 * @param attempts      the attempts, at least one unless the case was skipped; never null
 * @param passThreshold the share of attempts, in (0, 1], that had to pass for the case to pass
 */
@API(status = STABLE)
public record CaseResult(String id, List<String> tags, boolean expectPass, CaseStatus status, String reason,
                         Duration duration, Usage usage, List<CaseAttempt> attempts, double passThreshold) {

    /** Validates and copies. */
    public CaseResult {
        Checks.requireNonNull(id, "id");
        tags = List.copyOf(Checks.requireNonNull(tags, "tags"));
        Checks.requireNonNull(status, "status");
        Checks.requireNonNull(reason, "reason");
        Checks.requireNonNull(duration, "duration");
        attempts = List.copyOf(Checks.requireNonNull(attempts, "attempts"));
        if (!(passThreshold > 0 && passThreshold <= 1)) {
            throw new IllegalArgumentException("case '" + id + "': passThreshold must be > 0 and <= 1 but was "
                    + passThreshold);
        }
    }

    /** A result whose attempts all had to pass (pass threshold 1). */
    public CaseResult(String id, List<String> tags, boolean expectPass, CaseStatus status, String reason,
                      Duration duration, Usage usage, List<CaseAttempt> attempts) {
        this(id, tags, expectPass, status, reason, duration, usage, attempts, 1.0);
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

    /** How many attempts passed. */
    public int passedAttempts() {
        return (int) attempts.stream().filter(CaseAttempt::passed).count();
    }

    /** The share of attempts that passed, 0..1; 0 when skipped. */
    public double passRate() {
        if (attempts.isEmpty()) {
            return 0.0;
        }
        return (double) passedAttempts() / attempts.size();
    }

    /** pass@k for k = the number of attempts: true when at least one attempt passed. */
    public boolean passAtK() {
        return passedAttempts() > 0;
    }

    /** pass^k for k = the number of attempts: true when every attempt passed (and there was one). */
    public boolean passHatK() {
        return !attempts.isEmpty() && passedAttempts() == attempts.size();
    }

    /**
     * The judge's usage summed over every score of every attempt (the {@link ScoreResult#usage()}
     * of judge scorers), apart from the agent's {@link #usage()}; null when none was reported.
     */
    public Usage judgeUsage() {
        List<Usage> usages = new java.util.ArrayList<>();
        for (CaseAttempt a : attempts) {
            for (TurnResult t : a.turns()) {
                for (ScoreResult s : t.scores()) {
                    usages.add(s.usage());
                }
            }
        }
        return Usage.sum(usages);
    }

    /** True when some attempts passed and others did not: the agent is not consistent on this case. */
    public boolean flaky() {
        int passed = passedAttempts();
        return passed > 0 && passed < attempts.size();
    }
}
