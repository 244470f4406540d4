/**
 * The results of a run: {@code ResultsFile} (results.json read back), the {@code Journal} of a
 * resumable run, {@code SuiteResults} for merging shards, {@code Baseline} and its
 * {@code BaselineComparison}, {@code Gate}, and the statistics of {@code dev.agenteval.results.stats}
 * (intervals, bootstrap, paired comparison and tests, sample size). The renderers are eval-report's;
 * the figures they show (pass-rate interval, attempt pass rate, pass@k, per-scorer means) are
 * computed in {@code stats.internal} and read by other tools from results.json.
 */
// The qualified exports name modules built after this one; javac warns that it cannot see them yet.
@SuppressWarnings("module")
module dev.agenteval.results {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.results;
    exports dev.agenteval.results.stats;
    // eval-report's json format writes the trees results.json is made of; eval-judge's
    // CalibrationReports reads labels from results.json.
    exports dev.agenteval.results.internal to dev.agenteval.report, dev.agenteval.judge;
    // eval-report's renderers show the run's statistics (RunStatistics, ScorerStatistics), as
    // results.json has them; eval-judge's CalibrationReports gives Cohen's kappa (Kappa); it and
    // the command's calibrate default to Normal's confidence level.
    exports dev.agenteval.results.stats.internal to dev.agenteval.report, dev.agenteval.judge, dev.agenteval.cli;
}
