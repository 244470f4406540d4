package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.stats.internal.Normal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A run compared with a baseline case by case, as results.json's {@code baseline} has it: the
 * cases present (and not skipped) in both, matched by id, form the pairs. Their verdicts are
 * compared by McNemar's exact test ({@link PairedTests#mcnemar}); each scorer's values by the mean
 * paired difference with a paired bootstrap interval ({@link Bootstrap#mean} of the differences,
 * resampling pairs) and a sign-flip permutation p-value ({@link PairedTests#signFlip}), the
 * p-values Holm-adjusted across scorers ({@link PairedTests#holm}).
 *
 * @param pairs       the cases compared
 * @param regressed   pairs that passed in the baseline and do not pass now
 * @param improved    pairs that did not pass in the baseline and pass now
 * @param mcnemarP    McNemar's two-sided exact p-value, 0..1 (1 without discordant pairs)
 * @param significant true when {@code mcnemarP} is below the significance
 * @param scorers     per scorer id with a numeric score on both sides of some pair, in the order
 *                    the current run first shows them; never null
 */
@API(status = EXPERIMENTAL)
public record PairedComparison(int pairs, int regressed, int improved, double mcnemarP, boolean significant,
                               List<ScorerDelta> scorers) {

    /** Copies the list. */
    public PairedComparison {
        scorers = List.copyOf(Objects.requireNonNull(scorers, "scorers"));
    }

    /**
     * One scorer's paired comparison.
     *
     * @param id        the scorer id (its {@link ScoreResult#type()})
     * @param n         the pairs with a value on both sides
     * @param meanDelta the mean of the differences, now minus baseline, -1..1
     * @param interval  the paired bootstrap interval of {@code meanDelta}; never null
     * @param p         the sign-flip permutation test's two-sided p-value
     * @param pAdjusted {@code p} adjusted by Holm's method across the scorers
     */
    public record ScorerDelta(String id, int n, double meanDelta, Interval interval, double p, double pAdjusted) {

        /** Checks for nulls. */
        public ScorerDelta {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(interval, "interval");
        }

        /**
         * True when the Holm-adjusted p-value is below {@code significance}: the scorer's change
         * counts even after testing every scorer at once.
         */
        public boolean significant(double significance) {
            return pAdjusted < significance;
        }
    }

    /**
     * Compares {@code current} with {@code baseline} at 95%, with the default resamples, flips and
     * seed.
     *
     * @param significance in (0, 1): {@link #significant()} when McNemar's p is below it
     */
    public static PairedComparison of(SuiteResult baseline, SuiteResult current, double significance) {
        return of(baseline, current, significance, Normal.DEFAULT_LEVEL, Bootstrap.DEFAULT_SEED);
    }

    /**
     * Compares {@code current} with {@code baseline}: the interval at {@code level}, the bootstrap
     * and (above {@value PairedTests#EXACT_SIGN_FLIP_MAX} pairs) the sign flips seeded with {@code seed}.
     *
     * @throws IllegalArgumentException unless {@code 0 < significance < 1} and {@code 0 < level < 1}
     */
    public static PairedComparison of(SuiteResult baseline, SuiteResult current, double significance, double level,
                                      long seed) {
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance must be > 0 and < 1 but was " + significance);
        }
        Normal.checkLevel(level);
        List<Pair> pairs = new ArrayList<>();
        for (CaseResult now : current.cases()) {
            CaseResult then = baseline.find(now.id()).orElse(null);
            if (then != null && then.status() != CaseStatus.SKIPPED && now.status() != CaseStatus.SKIPPED) {
                pairs.add(new Pair(then, now));
            }
        }
        int regressed = 0;
        int improved = 0;
        Set<String> ids = new LinkedHashSet<>();
        for (Pair pair : pairs) {
            regressed += pair.before().passed() && !pair.after().passed() ? 1 : 0;
            improved += !pair.before().passed() && pair.after().passed() ? 1 : 0;
            ids.addAll(scorerIds(pair.after()));
        }
        double p = PairedTests.mcnemar(regressed, improved).p();
        Map<String, double[]> differences = new LinkedHashMap<>();
        for (String id : ids) {
            double[] diffs = pairs.stream().map(pair -> pair.difference(id)).filter(OptionalDouble::isPresent)
                    .mapToDouble(OptionalDouble::getAsDouble).toArray();
            if (diffs.length > 0) {
                differences.put(id, diffs);
            }
        }
        double[] ps = differences.values().stream()
                .mapToDouble(diffs -> PairedTests.signFlip(diffs, PairedTests.DEFAULT_FLIPS, seed).p()).toArray();
        double[] adjusted = PairedTests.holm(ps);
        List<ScorerDelta> scorers = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, double[]> e : differences.entrySet()) {
            MeanEstimate mean = Bootstrap.mean(e.getValue(), level, Bootstrap.DEFAULT_RESAMPLES, seed);
            scorers.add(new ScorerDelta(e.getKey(), e.getValue().length, mean.mean(), mean.interval(), ps[i],
                    adjusted[i]));
            i++;
        }
        return new PairedComparison(pairs.size(), regressed, improved, p, p < significance, scorers);
    }

    /**
     * A case's value for a scorer: the mean of that scorer's numeric scores over its turns and
     * attempts; empty when it has none.
     */
    public static OptionalDouble caseValue(CaseResult c, String scorerId) {
        return scores(c).filter(s -> s.type().equals(scorerId) && s.value() != null)
                .mapToDouble(ScoreResult::value).average();
    }

    private static Stream<ScoreResult> scores(CaseResult c) {
        return c.attempts().stream().map(CaseAttempt::turns).flatMap(List::stream).map(TurnResult::scores)
                .flatMap(List::stream);
    }

    private static List<String> scorerIds(CaseResult c) {
        return scores(c).filter(s -> s.value() != null).map(ScoreResult::type).distinct().toList();
    }

    /** A case in the baseline and now. */
    private record Pair(CaseResult before, CaseResult after) {

        /** The case's value for a scorer now minus in the baseline; empty unless it has both. */
        OptionalDouble difference(String scorerId) {
            OptionalDouble then = caseValue(before, scorerId);
            OptionalDouble now = caseValue(after, scorerId);
            return then.isPresent() && now.isPresent() ? OptionalDouble.of(now.getAsDouble() - then.getAsDouble())
                    : OptionalDouble.empty();
        }
    }
}
