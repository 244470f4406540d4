package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of running a suite: one {@link CaseResult} per selected case, in suite order.
 *
 * @param suite       the suite name; never null
 * @param startedAt   when the run started; never null
 * @param duration    the run's wall time; never null
 * @param complete    false when the run was interrupted or stopped early
 * @param cases       the case results in suite order; never null
 * @param shard       the shard of the suite these cases were selected from, or null when the run
 *                    was not sharded (cases of other shards are not in {@code cases} at all)
 * @param fingerprint what was evaluated (suite, agent target, judge), or null when not recorded
 */
@API(status = STABLE)
public record SuiteResult(String suite, Instant startedAt, Duration duration, boolean complete,
                          List<CaseResult> cases, Shard shard, Fingerprint fingerprint) {

    /** Validates and copies. */
    public SuiteResult {
        Checks.requireNonNull(suite, "suite");
        Checks.requireNonNull(startedAt, "startedAt");
        Checks.requireNonNull(duration, "duration");
        cases = List.copyOf(Checks.requireNonNull(cases, "cases"));
    }

    /** The result of a run that was not sharded, without a fingerprint. */
    public SuiteResult(String suite, Instant startedAt, Duration duration, boolean complete, List<CaseResult> cases) {
        this(suite, startedAt, duration, complete, cases, null, null);
    }

    /** A result without a fingerprint. */
    public SuiteResult(String suite, Instant startedAt, Duration duration, boolean complete, List<CaseResult> cases,
                       Shard shard) {
        this(suite, startedAt, duration, complete, cases, shard, null);
    }

    /** A copy recording that its cases are those of {@code shard} (null: not sharded). */
    public SuiteResult withShard(Shard shard) {
        return new SuiteResult(suite, startedAt, duration, complete, cases, shard, fingerprint);
    }

    /** A copy recording what was evaluated (null: not recorded). */
    public SuiteResult withFingerprint(Fingerprint fingerprint) {
        return new SuiteResult(suite, startedAt, duration, complete, cases, shard, fingerprint);
    }

    /** Counts by status. */
    public Summary summary() {
        return Summary.of(cases);
    }

    /** The agent's usage summed over all cases, or null when none was reported. */
    public Usage usage() {
        List<Usage> usages = new ArrayList<>();
        for (CaseResult c : cases) {
            usages.add(c.usage());
        }
        return Usage.sum(usages);
    }

    /** The judge's usage summed over all cases ({@link CaseResult#judgeUsage()}), or null when none was reported. */
    public Usage judgeUsage() {
        List<Usage> usages = new ArrayList<>();
        for (CaseResult c : cases) {
            usages.add(c.judgeUsage());
        }
        return Usage.sum(usages);
    }

    /** True when every selected case met its expectation (and there was at least one). */
    public boolean allPassed() {
        Summary s = summary();
        return s.cases() > 0 && s.passed() == s.cases();
    }

    /** The case result with this id, if any. */
    public java.util.Optional<CaseResult> find(String caseId) {
        return cases.stream().filter(c -> c.id().equals(caseId)).findFirst();
    }
}
