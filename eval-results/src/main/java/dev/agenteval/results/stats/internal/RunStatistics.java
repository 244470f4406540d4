package dev.agenteval.results.stats.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.Proportions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The error bars of a run, as results.json's {@code summary} has them: the Wilson interval of the
 * pass rate and, when some case ran more than one attempt, the attempt-level pass rate and pass@k
 * and pass^k for every k up to the most attempts.
 *
 * @param passRateInterval the Wilson interval of {@link Summary#passRate()} (passed cases over all
 *                         cases, skipped ones included, as the pass rate counts them); empty
 *                         without cases
 * @param attemptPassRate  the attempt-level pass rate over the cases that ran; empty without
 *                         repeats
 * @param passAtK          pass@k and pass^k for k = 1..the most attempts; empty without repeats
 */
public record RunStatistics(Optional<Interval> passRateInterval, Optional<AttemptPassRate> attemptPassRate,
                            List<PassAtK> passAtK) {

    /** Checks for nulls and copies the list. */
    public RunStatistics {
        Objects.requireNonNull(passRateInterval, "passRateInterval");
        Objects.requireNonNull(attemptPassRate, "attemptPassRate");
        passAtK = List.copyOf(passAtK);
    }

    /** The statistics of {@code result} at 95%. */
    public static RunStatistics of(SuiteResult result) {
        return of(result, Normal.DEFAULT_LEVEL);
    }

    /**
     * The statistics of {@code result} at the confidence {@code level}.
     *
     * @throws IllegalArgumentException unless {@code 0 < level < 1}
     */
    public static RunStatistics of(SuiteResult result, double level) {
        Normal.checkLevel(level);
        Summary s = result.summary();
        Optional<Interval> interval = s.cases() == 0 ? Optional.empty()
                : Optional.of(Proportions.wilson(s.passed(), s.cases(), level));
        boolean repeated = result.cases().stream().anyMatch(c -> c.attempts().size() > 1);
        if (!repeated) {
            return new RunStatistics(interval, Optional.empty(), List.of());
        }
        List<AttemptCounts> counts = result.cases().stream()
                .map(RunStatistics::counts).toList();
        return new RunStatistics(interval, AttemptPassRate.of(counts, level), PassAtK.over(counts));
    }

    /** The counts of a case's attempts. */
    static AttemptCounts counts(CaseResult c) {
        return new AttemptCounts(c.attempts().size(), c.passedAttempts());
    }
}
