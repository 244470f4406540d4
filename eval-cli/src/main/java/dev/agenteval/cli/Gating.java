package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.Baseline;
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.report.Gate;
import dev.agenteval.report.GateVerdict;
import dev.agenteval.report.Reports;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The run command's threshold gate and baseline comparison: what
 * decides the exit code once the cases have run.
 */
final class Gating {

    private Gating() {
    }

    /**
     * The baseline named by {@code --baseline}: a results.json, or a report folder holding one.
     *
     * @throws ConfigurationException naming the file when it cannot be read
     */
    static Baseline readBaseline(Path given, Double significance, Path workDir) {
        Path path = workDir.resolve(given).normalize();
        Path file = Files.isDirectory(path) ? path.resolve(Reports.JSON_FILE) : path;
        Baseline baseline;
        try {
            baseline = Baseline.read(file).withSource(Files.isDirectory(path) ? given.resolve(Reports.JSON_FILE).toString()
                    : given.toString());
        } catch (ConfigurationException e) {
            throw new ConfigurationException("--baseline: " + e.getMessage(), e);
        }
        return significance == null ? baseline : baseline.withSignificance(significance);
    }

    /**
     * The baseline to compare {@code suite} with: with one suite, the baseline whatever its suite
     * name (a note says when the names differ); with several, the baseline of the suite of the same
     * name only (null for the others).
     */
    static Baseline baselineFor(Baseline baseline, Suite suite, boolean several, PrintStream err) {
        if (baseline == null) {
            return null;
        }
        String name = baseline.result().suite();
        if (name.equals(suite.name())) {
            return baseline;
        }
        if (several) {
            return null;
        }
        err.println("note: baseline " + baseline.source() + " is of suite '" + name + "'; comparing it with suite '"
                + suite.name() + "'");
        return baseline;
    }

    /** Fails when several suites run and none is the baseline's. */
    static void requireBaselineSuite(Baseline baseline, List<Suite> suites) {
        if (baseline == null || suites.size() < 2) {
            return;
        }
        String name = baseline.result().suite();
        if (suites.stream().noneMatch(s -> s.name().equals(name))) {
            throw new ConfigurationException("--baseline " + baseline.source() + " is a result of suite '" + name
                    + "', which is not among the suites run ("
                    + suites.stream().map(Suite::name).collect(Collectors.joining(", ")) + ")");
        }
    }

    /**
     * The exit code of a suite's run: with a gate, whether it is met (printed); otherwise whether
     * every case met its expectation in a complete run. With {@code failOnRegression}, any
     * regression against the baseline also exits 1 (printed).
     */
    static int exitCode(SuiteResult result, Gate gate, Baseline baseline, boolean failOnRegression, PrintStream out) {
        int code;
        if (gate != null) {
            GateVerdict verdict = gate.evaluate(result);
            out.println(verdict.reason());
            code = verdict.met() ? AgentEvalCli.OK : AgentEvalCli.CASES_FAILED;
        } else {
            boolean allMet = result.cases().stream().allMatch(c -> c.status() == dev.agenteval.api.CaseStatus.PASSED);
            code = allMet && result.complete() ? AgentEvalCli.OK : AgentEvalCli.CASES_FAILED;
        }
        if (failOnRegression && baseline != null) {
            BaselineComparison diff = baseline.compare(result);
            if (diff.hasRegressions()) {
                List<String> ids = diff.regressions().stream().map(BaselineComparison.Change::id).toList();
                out.println("--fail-on-regression: " + ids.size() + (ids.size() == 1 ? " case" : " cases")
                        + " regressed against " + baseline.source() + ": " + String.join(", ", ids));
                code = AgentEvalCli.CASES_FAILED;
            }
        }
        return code;
    }
}
