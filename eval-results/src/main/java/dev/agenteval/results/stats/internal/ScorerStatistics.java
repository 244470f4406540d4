package dev.agenteval.results.stats.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.MeanEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One scorer's mean score over a run with its error bar, as results.json's {@code scorers} has it:
 * over the cases that have a numeric score of that scorer (a case's value is the mean of its
 * scores over its turns and attempts), the number of cases, their mean, and the bootstrap standard
 * error and percentile interval from {@link Bootstrap#DEFAULT_RESAMPLES} resamples of cases.
 *
 * @param id       the scorer's type id, e.g. {@code correctness}; never null
 * @param estimate n, mean, standard error and interval over the cases; never null
 */
public record ScorerStatistics(String id, MeanEstimate estimate) {

    /** Checks for nulls. */
    public ScorerStatistics {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(estimate, "estimate");
    }

    /**
     * The scorers of {@code result} in the order they first appear, each over the cases with a
     * numeric score of it; a scorer without any numeric score is left out. Every scorer's bootstrap
     * starts from {@code confidence}'s seed over its case values in ascending order, so its numbers
     * depend neither on the other scorers nor on the order of the cases.
     */
    public static List<ScorerStatistics> of(SuiteResult result, Confidence confidence) {
        Objects.requireNonNull(confidence, "confidence");
        Map<String, List<Double>> perScorer = new LinkedHashMap<>();
        for (CaseResult c : result.cases()) {
            caseMeans(c).forEach((id, mean) -> perScorer.computeIfAbsent(id, k -> new ArrayList<>()).add(mean));
        }
        List<ScorerStatistics> out = new ArrayList<>();
        // Sorted, so that the numbers depend on the cases' values only, not on their order (a merge of
        // shards, a concurrent run): the same cases and seed give the same interval.
        perScorer.forEach((id, values) -> out.add(new ScorerStatistics(id, Bootstrap.mean(
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray(), confidence.level(),
                Bootstrap.DEFAULT_RESAMPLES, confidence.seed()))));
        return List.copyOf(out);
    }

    /** Per scorer id, the mean of the case's finite numeric scores over its attempts and turns. */
    static Map<String, Double> caseMeans(CaseResult c) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                for (ScoreResult s : t.scores()) {
                    if (s.value() != null && Double.isFinite(s.value())) {
                        double[] sum = sums.computeIfAbsent(s.type(), k -> new double[2]);
                        sum[0] += s.value();
                        sum[1]++;
                    }
                }
            }
        }
        Map<String, Double> means = new LinkedHashMap<>();
        sums.forEach((id, sum) -> means.put(id, sum[0] / sum[1]));
        return means;
    }
}
