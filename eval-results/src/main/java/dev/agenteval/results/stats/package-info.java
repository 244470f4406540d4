/**
 * Statistics for eval results, without a statistics library: the Wilson interval of a pass rate,
 * a seeded percentile bootstrap of a mean, paired comparisons of two runs over the same cases
 * (exact McNemar, sign-flip permutation) with Holm's adjustment, and the number of cases a
 * comparison needs ({@link dev.agenteval.results.stats.SampleSize}). Seeded methods give the same
 * numbers on every run with the same seed. Everything is non-null unless documented otherwise.
 *
 * <p>The figures the reports show and results.json holds (the attempt-level pass rate of repeated
 * cases with a standard error clustered by case, the unbiased pass@k and pass^k estimators of
 * Chen et al. 2021, per-scorer means) and Cohen's kappa of the judge's calibration are computed in
 * {@code dev.agenteval.results.stats.internal}, which is not API.
 */
package dev.agenteval.results.stats;
