package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.internal.FisherExact;
import dev.agenteval.results.stats.PairedComparison;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A result compared with a {@link Baseline}: the cases that regressed (passed before, do not pass
 * now), were fixed, are new or were removed, and the change in pass rate. Built by
 * {@link Baseline#compare(SuiteResult)}; the reports render it.
 *
 * <p>When either side of a case ran more than one attempt, its verdict change counts as a
 * regression or a fix only when Fisher's exact test (two-sided) on the attempt counts, passes and
 * fails before against passes and fails now, gives a p-value below the baseline's
 * {@link Baseline#significance() significance}, and the pass rate moved the same way as the
 * verdict. Otherwise the change is {@link Kind#UNCONFIRMED}: it may be noise, and more attempts
 * would tell. Cases with one attempt on both sides are compared by verdict alone.
 *
 * <p>Over all the cases present in both (the pairs), {@link #paired()} tests whether the run as a
 * whole changed: McNemar's exact test on the verdicts, and per scorer the mean paired difference
 * with its bootstrap interval and sign-flip p-value, Holm-adjusted across scorers.
 *
 * <p>Skipped cases are not compared (they are listed in {@link #notCompared()}); nor are baseline
 * cases missing from a result that does not cover its whole suite (a filtered or sharded run):
 * they were not selected rather than removed.
 *
 * @param baselineSource    where the baseline came from, e.g. its file; never null
 * @param baselineStartedAt when the baseline run started; never null
 * @param baselinePassRate  the baseline's pass rate, 0..1
 * @param passRate          the current pass rate, 0..1
 * @param significance      the p-value below which a repeated case's change counts
 * @param changes           regressions, fixes, unconfirmed changes and new cases in the current
 *                          result's order, then removed cases in the baseline's; never null
 * @param notCompared       ids of the cases present but skipped on a side, or not selected now; never null
 * @param paired            the paired tests over the cases present in both; never null
 */
@API(status = MAINTAINED)
public record BaselineComparison(String baselineSource, Instant baselineStartedAt, double baselinePassRate, double passRate,
                         double significance, List<Change> changes, List<String> notCompared, PairedComparison paired) {

    /** Validates and copies. */
    public BaselineComparison {
        Objects.requireNonNull(baselineSource, "baselineSource");
        Objects.requireNonNull(baselineStartedAt, "baselineStartedAt");
        changes = List.copyOf(Objects.requireNonNull(changes, "changes"));
        notCompared = List.copyOf(Objects.requireNonNull(notCompared, "notCompared"));
        Objects.requireNonNull(paired, "paired");
    }

    /** How a case changed. */
    public enum Kind {
        /** Passed in the baseline, does not pass now (with repeats: significantly). */
        REGRESSION,
        /** Did not pass in the baseline, passes now (with repeats: significantly). */
        FIX,
        /** The verdict changed, but the attempt counts do not rule out noise (p >= significance). */
        UNCONFIRMED,
        /** Not in the baseline. */
        NEW,
        /** In the baseline, no longer in the suite. */
        REMOVED;

        /** The lower-case name used in reports. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A case's outcome on one side of the comparison.
     *
     * @param status         the verdict; never null
     * @param attempts       attempts run
     * @param passedAttempts attempts that passed
     */
    public record Outcome(CaseStatus status, int attempts, int passedAttempts) {

        /** Validates. */
        public Outcome {
            Objects.requireNonNull(status, "status");
            if (attempts < 0 || passedAttempts < 0 || passedAttempts > attempts) {
                throw new IllegalArgumentException("passedAttempts must be between 0 and attempts (" + attempts
                        + ") but was " + passedAttempts);
            }
        }

        /** The outcome of a case result. */
        public static Outcome of(CaseResult c) {
            return new Outcome(c.status(), c.attempts().size(), c.passedAttempts());
        }

        /** Passed attempts over attempts, 0..1; 0 without attempts. */
        public double passRate() {
            return attempts == 0 ? 0.0 : (double) passedAttempts / attempts;
        }
    }

    /**
     * One case that changed.
     *
     * @param id     the case id; never null
     * @param kind   how it changed; never null
     * @param before its baseline outcome, or null when {@link Kind#NEW}
     * @param after  its current outcome, or null when {@link Kind#REMOVED}
     * @param pValue Fisher's exact test on the attempt counts, or null when not tested (new,
     *               removed, or one attempt on both sides)
     */
    public record Change(String id, Kind kind, Outcome before, Outcome after, Double pValue) {

        /** Validates. */
        public Change {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(kind, "kind");
        }
    }

    /** Compares {@code current} with {@code baseline}. */
    static BaselineComparison of(Baseline baseline, SuiteResult current) {
        SuiteResult before = baseline.result();
        double alpha = baseline.significance();
        List<Change> changes = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        Set<String> currentIds = new HashSet<>();
        for (CaseResult now : current.cases()) {
            currentIds.add(now.id());
            CaseResult then = before.find(now.id()).orElse(null);
            if (then == null) {
                changes.add(new Change(now.id(), Kind.NEW, null, Outcome.of(now), null));
            } else if (then.status() == CaseStatus.SKIPPED || now.status() == CaseStatus.SKIPPED) {
                notCompared.add(now.id());
            } else if (then.passed() != now.passed()) {
                changes.add(change(now.id(), Outcome.of(then), Outcome.of(now), alpha));
            }
        }
        boolean coversSuite = current.shard() == null && (current.fingerprint() == null
                || current.cases().size() >= current.fingerprint().suiteCases());
        for (CaseResult then : before.cases()) {
            if (currentIds.contains(then.id())) {
                continue;
            }
            if (coversSuite) {
                changes.add(new Change(then.id(), Kind.REMOVED, Outcome.of(then), null, null));
            } else {
                notCompared.add(then.id());
            }
        }
        return new BaselineComparison(baseline.source(), before.startedAt(), before.summary().passRate(),
                current.summary().passRate(), alpha, changes, notCompared, PairedComparison.of(before, current, alpha,
                baseline.confidence().level(), baseline.confidence().seed()));
    }

    private static Change change(String id, Outcome before, Outcome after, double alpha) {
        boolean regressed = before.status() == CaseStatus.PASSED;
        Kind verdictKind = regressed ? Kind.REGRESSION : Kind.FIX;
        if (before.attempts() <= 1 && after.attempts() <= 1) {
            return new Change(id, verdictKind, before, after, null);
        }
        double p = FisherExact.twoSided(before.passedAttempts(), before.attempts() - before.passedAttempts(),
                after.passedAttempts(), after.attempts() - after.passedAttempts());
        boolean sameDirection = regressed ? after.passRate() < before.passRate() : after.passRate() > before.passRate();
        return new Change(id, p < alpha && sameDirection ? verdictKind : Kind.UNCONFIRMED, before, after, p);
    }

    /** The change in pass rate, current minus baseline, -1..1. */
    public double passRateChange() {
        return passRate - baselinePassRate;
    }

    /**
     * True when the run as a whole regressed significantly: McNemar's p on the paired verdicts is
     * below the significance and more pairs regressed than improved.
     */
    public boolean hasSignificantRegression() {
        return paired.significant() && paired.regressed() > paired.improved();
    }

    /**
     * The paired test in words, as the console and results.md show it, e.g. {@code paired over 20
     * cases: 5 regressed, 0 improved, McNemar p = 0.0625 (not significant at 0.05)}.
     */
    public String pairedSummary() {
        return "paired over " + paired.pairs() + (paired.pairs() == 1 ? " case: " : " cases: ") + paired.regressed()
                + " regressed, " + paired.improved() + " improved, McNemar p = " + FisherExact.pValueText(paired.mcnemarP())
                + " (" + (paired.significant() ? "significant" : "not significant") + " at "
                + FisherExact.pValueText(significance) + ")";
    }

    /** The cases that regressed. */
    public List<Change> regressions() {
        return of(Kind.REGRESSION);
    }

    /** The cases that were fixed. */
    public List<Change> fixes() {
        return of(Kind.FIX);
    }

    /** The repeated cases whose verdict changed without a significant change in pass counts. */
    public List<Change> unconfirmed() {
        return of(Kind.UNCONFIRMED);
    }

    /** The cases not in the baseline. */
    public List<Change> added() {
        return of(Kind.NEW);
    }

    /** The baseline's cases no longer in the suite. */
    public List<Change> removed() {
        return of(Kind.REMOVED);
    }

    /** True when at least one case regressed. */
    public boolean hasRegressions() {
        return changes.stream().anyMatch(c -> c.kind() == Kind.REGRESSION);
    }

    /** The change of the case with this id, if it changed. */
    public java.util.Optional<Change> find(String caseId) {
        return changes.stream().filter(c -> c.id().equals(caseId)).findFirst();
    }

    private List<Change> of(Kind kind) {
        return changes.stream().filter(c -> c.kind() == kind).toList();
    }
}
