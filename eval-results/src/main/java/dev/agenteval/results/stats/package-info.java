/**
 * Statistics for eval results, without a statistics library: the Wilson interval of a pass rate,
 * the attempt-level pass rate of repeated cases with a standard error clustered by case, the
 * unbiased pass@k and pass^k estimators (Chen et al. 2021), a seeded percentile bootstrap of a
 * mean, and paired tests for comparing two runs over the same cases (exact McNemar, sign-flip
 * permutation) with Holm's adjustment, and the number of cases a comparison needs
 * ({@link dev.agenteval.results.stats.SampleSize}). Seeded methods give the
 * same numbers on every run with the same seed. Everything is non-null unless documented otherwise.
 */
package dev.agenteval.results.stats;
