package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.Baseline;
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.report.Gate;
import dev.agenteval.report.GateVerdict;
import dev.agenteval.report.Reports;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The run command's threshold gate and baseline comparison: what
 * decides the exit code once the cases have run.
 */
final class Gating {

    private Gating() {
    }

    /**
     * The baselines named by {@code --baseline}: a results.json; a report folder holding one; or the
     * report folder of a run of several suites, holding a results.json in each suite's subfolder
     * (one baseline per suite).
     *
     * @throws ConfigurationException naming the file when it cannot be read
     */
    static List<Baseline> readBaselines(Path given, Double significance, Path workDir) {
        Path path = workDir.resolve(given).normalize();
        List<Path> files = List.of(Files.isDirectory(path) ? path.resolve(Reports.JSON_FILE) : path);
        if (Files.isDirectory(path) && !Files.exists(files.get(0))) {
            try (Stream<Path> children = Files.list(path)) {
                List<Path> perSuite = children.map(c -> c.resolve(Reports.JSON_FILE)).filter(Files::isRegularFile)
                        .sorted().toList();
                files = perSuite.isEmpty() ? files : perSuite;
            } catch (IOException e) {
                throw new ConfigurationException("--baseline: " + given + " cannot be listed: " + e.getMessage(), e);
            }
        }
        List<Baseline> baselines = new ArrayList<>();
        for (Path file : files) {
            try {
                Baseline b = Baseline.read(file).withSource(given.resolve(path.relativize(file)).normalize().toString());
                baselines.add(significance == null ? b : b.withSignificance(significance));
            } catch (ConfigurationException e) {
                throw new ConfigurationException("--baseline: " + e.getMessage(), e);
            }
        }
        return List.copyOf(baselines);
    }

    /**
     * The baseline to compare {@code suite} with: the one of the suite of the same name; with one
     * suite and one baseline, that baseline whatever its suite name (a note says when the names
     * differ). Null, with a warning naming the suite, when {@code --baseline} holds no result of it.
     */
    static Baseline baselineFor(List<Baseline> baselines, Suite suite, boolean several, PrintStream err) {
        if (baselines.isEmpty()) {
            return null;
        }
        for (Baseline b : baselines) {
            if (b.result().suite().equals(suite.name())) {
                return b;
            }
        }
        if (several || baselines.size() > 1) {
            err.println("warning: suite '" + suite.name() + "' is not compared with a baseline: --baseline holds no result"
                    + " of it (" + held(baselines) + "); a report folder of a run of several suites holds one per suite");
            return null;
        }
        Baseline baseline = baselines.get(0);
        err.println("note: baseline " + baseline.source() + " is of suite '" + baseline.result().suite()
                + "'; comparing it with suite '" + suite.name() + "'");
        return baseline;
    }

    /** Fails when no suite run has a result in the baselines (unless one suite and one baseline run). */
    static void requireBaselineSuite(List<Baseline> baselines, List<Suite> suites) {
        if (baselines.isEmpty() || suites.size() < 2 && baselines.size() < 2) {
            return;
        }
        if (suites.stream().noneMatch(s -> baselines.stream().anyMatch(b -> b.result().suite().equals(s.name())))) {
            throw new ConfigurationException("--baseline holds no result of the suites run ("
                    + suites.stream().map(s -> "'" + s.name() + "'").collect(Collectors.joining(", ")) + "): "
                    + held(baselines));
        }
    }

    /** What the baselines hold: each one's file and suite. */
    private static String held(List<Baseline> baselines) {
        return baselines.stream().map(b -> b.source() + " is of suite '" + b.result().suite() + "'")
                .collect(Collectors.joining(", "));
    }

    /**
     * The gates of {@code --threshold} and {@code --threshold-lower-bound} (null when not given), in
     * that order; the lower bound is the one of the interval at {@code level} ({@code --confidence}).
     */
    static List<Gate> gates(Double threshold, Double thresholdLowerBound, double level) {
        List<Gate> gates = new ArrayList<>();
        if (threshold != null) {
            gates.add(Gate.atLeast(threshold));
        }
        if (thresholdLowerBound != null) {
            gates.add(Gate.lowerBoundAtLeast(thresholdLowerBound, level));
        }
        return List.copyOf(gates);
    }

    /**
     * Whether {@code result} meets every gate, for the configuration {@code current} (null: its own
     * record); each verdict is printed.
     */
    static boolean met(List<Gate> gates, SuiteResult result, Fingerprint current, PrintStream out) {
        boolean met = true;
        for (Gate gate : gates) {
            GateVerdict verdict = gate.evaluate(result, current);
            out.println(verdict.reason());
            met &= verdict.met();
        }
        return met;
    }

    /**
     * The exit code of a suite's run: with gates, whether each is met (printed); otherwise whether
     * every case met its expectation in a complete run. With {@code failOnRegression}, any
     * regression against the baseline also exits 1 (printed); with {@code failOnSignificantRegression},
     * a significant paired regression of the run as a whole (printed, and printed when there is none).
     */
    static int exitCode(SuiteResult result, List<Gate> gates, Baseline baseline, boolean failOnRegression,
                        boolean failOnSignificantRegression, PrintStream out) {
        int code;
        if (!gates.isEmpty()) {
            code = met(gates, result, null, out) ? AgentEvalCli.OK : AgentEvalCli.CASES_FAILED;
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
        if (failOnSignificantRegression && baseline != null) {
            BaselineComparison diff = baseline.compare(result);
            boolean regressed = diff.hasSignificantRegression();
            out.println("--fail-on-significant-regression: " + (regressed ? "the run regressed significantly"
                    : "no significant regression") + " against " + baseline.source() + ": "
                    + diff.pairedSummary());
            code = regressed ? AgentEvalCli.CASES_FAILED : code;
        }
        return code;
    }
}
