package dev.agenteval.launch;

import dev.agenteval.results.ResultsFile;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.Gate;
import dev.agenteval.results.GateVerdict;
import dev.agenteval.results.stats.Confidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What decides a run once its cases have run, as the settings give it: the gates of
 * {@link Setting#THRESHOLD} (the pass rate) and {@link Setting#THRESHOLD_LOWER_BOUND} (the lower
 * bound of its interval), and the comparison with the {@link Setting#BASELINE} that
 * {@link Setting#FAIL_ON_REGRESSION} and {@link Setting#FAIL_ON_SIGNIFICANT_REGRESSION} gate on,
 * at {@link Setting#SIGNIFICANCE}. The command line, eval-junit and the Maven plugin (through the
 * command line) decide with it, so a gate means the same everywhere:
 *
 * <pre>{@code
 * GateSettings gates = GateSettings.of(settings, Path.of(""));
 * Baseline baseline = gates.baselineFor(suite, false, System.err::println).orElse(null);
 * GateSettings.Verdict verdict = gates.verdict(result, baseline);
 * verdict.lines().forEach(System.out::println);
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class GateSettings {

    private final Settings settings;
    private final Double threshold;
    private final Double thresholdLowerBound;
    private final boolean failOnRegression;
    private final boolean failOnSignificantRegression;
    private final Confidence confidence;
    private final List<Baseline> baselines;

    private GateSettings(Settings settings, Double threshold, Double thresholdLowerBound, boolean failOnRegression,
                         boolean failOnSignificantRegression, Confidence confidence, List<Baseline> baselines) {
        this.settings = settings;
        this.threshold = threshold;
        this.thresholdLowerBound = thresholdLowerBound;
        this.failOnRegression = failOnRegression;
        this.failOnSignificantRegression = failOnSignificantRegression;
        this.confidence = confidence;
        this.baselines = baselines;
    }

    /**
     * The gates and baselines of {@code settings}, the baseline read from its file or folder
     * (relative to {@code workDir}) at the settings' {@link Setting#CONFIDENCE} and
     * {@link Setting#SIGNIFICANCE}.
     *
     * @throws ConfigurationException listing every problem, each naming the option, parameter or
     *                                variable that gave the value: a percentage outside 0..100, a
     *                                significance outside (0, 1), a regression gate or significance
     *                                without a baseline, a baseline that cannot be read
     */
    public static GateSettings of(Settings settings, Path workDir) {
        return of(settings, workDir, true);
    }

    private static GateSettings of(Settings settings, Path workDir, boolean compares) {
        List<String> problems = new ArrayList<>();
        Double threshold = percent(settings, Setting.THRESHOLD, problems);
        Double lowerBound = percent(settings, Setting.THRESHOLD_LOWER_BOUND, problems);
        boolean failOnRegression = compares && flag(settings, Setting.FAIL_ON_REGRESSION, problems);
        boolean failOnSignificant = compares && flag(settings, Setting.FAIL_ON_SIGNIFICANT_REGRESSION, problems);
        Optional<Settings.Value> baseline = compares ? settings.given(Setting.BASELINE) : Optional.empty();
        Optional<Settings.Value> significanceValue = compares ? settings.given(Setting.SIGNIFICANCE) : Optional.empty();
        Double significance = number(significanceValue, problems, "a p-value > 0 and < 1, e.g. 0.05");
        if (significance != null && !(significance > 0 && significance < 1)) {
            problems.add(significanceValue.get().origin() + " must be > 0 and < 1 but was " + significanceValue.get().value());
            significance = null;
        }
        if (baseline.isEmpty()) {
            for (Setting needing : List.of(Setting.FAIL_ON_REGRESSION, Setting.FAIL_ON_SIGNIFICANT_REGRESSION,
                    Setting.SIGNIFICANCE)) {
                boolean given = needing == Setting.SIGNIFICANCE ? significanceValue.isPresent()
                        : needing == Setting.FAIL_ON_REGRESSION ? failOnRegression : failOnSignificant;
                if (given) {
                    problems.add(settings.given(needing).map(Settings.Value::origin).orElse(needing.option())
                            + " needs " + settings.describe(Setting.BASELINE) + ": an earlier results.json, or its"
                            + " report folder");
                }
            }
        }
        Confidence confidence;
        try {
            confidence = Wiring.confidence(settings);
        } catch (ConfigurationException e) {
            problems.add(e.getMessage());
            confidence = Confidence.DEFAULT;
        }
        List<Baseline> read = List.of();
        if (baseline.isPresent()) {
            try {
                read = readBaselines(baseline.get(), significance, confidence, workDir);
            } catch (ConfigurationException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return new GateSettings(settings, threshold, lowerBound, failOnRegression, failOnSignificant, confidence, read);
    }

    /** The gates of the two thresholds, in that order, at the settings' confidence level; empty without them. */
    public List<Gate> gates() {
        List<Gate> gates = new ArrayList<>();
        if (threshold != null) {
            gates.add(Gate.atLeast(threshold));
        }
        if (thresholdLowerBound != null) {
            gates.add(Gate.lowerBoundAtLeast(thresholdLowerBound, confidence.level()));
        }
        return List.copyOf(gates);
    }

    /**
     * The settings that gate: the thresholds given, as {@link Settings#describe} names them
     * (e.g. {@code --threshold (or AGENT_EVAL_THRESHOLD)}); empty without them.
     */
    public List<String> thresholdsGiven() {
        return Stream.of(Setting.THRESHOLD, Setting.THRESHOLD_LOWER_BOUND).filter(s -> settings.given(s).isPresent())
                .map(s -> settings.given(s).get().origin()).toList();
    }

    /** Whether a threshold gates the run: then the gates decide, not every case's verdict. */
    public boolean gated() {
        return threshold != null || thresholdLowerBound != null;
    }

    /** Whether anything beyond the cases' own verdicts decides the run: a gate or a regression check. */
    public boolean decidesBeyondCases() {
        return gated() || !baselines.isEmpty() && (failOnRegression || failOnSignificantRegression);
    }

    /** The baselines read: none, one, or one per suite of a report folder of several suites. */
    public List<Baseline> baselines() {
        return baselines;
    }

    /**
     * The baseline to compare {@code suite} with: the one of the suite of the same name; with one
     * suite and one baseline, that baseline whatever its suite name ({@code notes} is told when the
     * names differ). Empty, telling {@code notes} why, when the baseline holds no result of it.
     */
    public Optional<Baseline> baselineFor(Suite suite, boolean several, Consumer<String> notes) {
        return baselineFor(suite.name(), several, notes);
    }

    /** {@link #baselineFor(Suite, boolean, Consumer)} by the suite's name (a merged result's). */
    public Optional<Baseline> baselineFor(String suiteName, boolean several, Consumer<String> notes) {
        if (baselines.isEmpty()) {
            return Optional.empty();
        }
        for (Baseline b : baselines) {
            if (b.result().suite().equals(suiteName)) {
                return Optional.of(b);
            }
        }
        if (several || baselines.size() > 1) {
            notes.accept("warning: suite '" + suiteName + "' is not compared with a baseline: "
                    + baselineOrigin() + " holds no result of it (" + held(baselines)
                    + "); a report folder of a run of several suites holds one per suite");
            return Optional.empty();
        }
        Baseline baseline = baselines.get(0);
        notes.accept("note: baseline " + baseline.source() + " is of suite '" + baseline.result().suite()
                + "'; comparing it with suite '" + suiteName + "'");
        return Optional.of(baseline);
    }

    /**
     * Fails when none of {@code suites} has a result in the baselines (unless one suite and one
     * baseline run: those are compared whatever their names).
     */
    public void requireBaselineSuite(List<Suite> suites) {
        if (baselines.isEmpty() || suites.size() < 2 && baselines.size() < 2) {
            return;
        }
        if (suites.stream().noneMatch(s -> baselines.stream().anyMatch(b -> b.result().suite().equals(s.name())))) {
            throw new ConfigurationException(baselineOrigin() + " holds no result of the suites run ("
                    + suites.stream().map(s -> "'" + s.name() + "'").collect(Collectors.joining(", ")) + "): "
                    + held(baselines));
        }
    }

    /**
     * Whether the run met what decides it, and why, one line per gate or check.
     *
     * @param met   whether it did
     * @param lines what each gate and regression check said, in order (empty when only the cases' verdicts decide)
     */
    public record Verdict(boolean met, List<String> lines) {
        public Verdict {
            lines = List.copyOf(lines);
        }
    }

    /**
     * The verdict on {@code result}: with a threshold, whether each gate is met; otherwise whether
     * every case passed in a complete run. With the regression gates and a {@code baseline} (null:
     * none), any regression, or a significant paired regression of the run as a whole, fails it.
     */
    public Verdict verdict(SuiteResult result, Baseline baseline) {
        return verdict(result, baseline, null);
    }

    /** As {@link #verdict(SuiteResult, Baseline)}, the gates checking coverage against {@code current} (null: the result's own). */
    public Verdict verdict(SuiteResult result, Baseline baseline, Fingerprint current) {
        return verdict(result, baseline, current, true);
    }

    /**
     * Only what decides the run beyond its cases' own verdicts: the threshold gates and the
     * regression checks; met when there are none. eval-junit reports it as the suite's gate test,
     * beside a test per case.
     */
    public Verdict verdictBeyondCases(SuiteResult result, Baseline baseline) {
        return verdict(result, baseline, null, false);
    }

    private Verdict verdict(SuiteResult result, Baseline baseline, Fingerprint current, boolean casesDecide) {
        List<String> lines = new ArrayList<>();
        boolean met;
        if (gated()) {
            met = true;
            for (Gate gate : gates()) {
                GateVerdict v = gate.evaluate(result, current);
                lines.add(v.reason());
                met &= v.met();
            }
        } else {
            met = !casesDecide || result.complete() && result.cases().stream().allMatch(c -> c.status() == CaseStatus.PASSED);
        }
        BaselineComparison diff = baseline != null && (failOnRegression || failOnSignificantRegression)
                ? baseline.compare(result) : null;
        if (failOnRegression && diff != null) {
            if (diff.hasRegressions()) {
                List<String> ids = diff.regressions().stream().map(BaselineComparison.Change::id).toList();
                lines.add(name(Setting.FAIL_ON_REGRESSION) + ": " + ids.size() + (ids.size() == 1 ? " case" : " cases")
                        + " regressed against " + baseline.source() + ": " + String.join(", ", ids));
                met = false;
            }
        }
        if (failOnSignificantRegression && diff != null) {
            boolean regressed = diff.hasSignificantRegression();
            lines.add(name(Setting.FAIL_ON_SIGNIFICANT_REGRESSION) + ": " + (regressed
                    ? "the run regressed significantly" : "no significant regression") + " against "
                    + baseline.source() + ": " + diff.pairedSummary());
            met &= !regressed;
        }
        return new Verdict(met, lines);
    }

    /** The setting as a verdict line names it: its option on the command line, else its parameter. */
    private String baselineOrigin() {
        return settings.given(Setting.BASELINE).map(Settings.Value::origin).orElse(name(Setting.BASELINE));
    }

    private String name(Setting setting) {
        return settings.isCommandLine() ? setting.option() : setting.parameter();
    }

    /**
     * The baselines {@code given} names: a results.json; a report folder holding one; or the report
     * folder of a run of several suites, holding a results.json in each suite's subfolder.
     */
    private static List<Baseline> readBaselines(Settings.Value given, Double significance, Confidence confidence,
                                                Path workDir) {
        Path named = Path.of(given.value());
        Path path = workDir.resolve(named).normalize();
        List<Path> files = List.of(ResultsFile.jsonFile(path));
        if (Files.isDirectory(path) && !Files.exists(files.get(0))) {
            try (Stream<Path> children = Files.list(path)) {
                List<Path> perSuite = children.map(c -> c.resolve(ResultsFile.FILE_NAME)).filter(Files::isRegularFile)
                        .sorted().toList();
                files = perSuite.isEmpty() ? files : perSuite;
            } catch (IOException e) {
                throw new ConfigurationException(given.origin() + ": " + named + " cannot be listed: " + e.getMessage(), e);
            }
        }
        List<Baseline> baselines = new ArrayList<>();
        for (Path file : files) {
            try {
                Baseline b = Baseline.read(file).withSource(named.resolve(path.relativize(file)).normalize().toString())
                        .withConfidence(confidence);
                baselines.add(significance == null ? b : b.withSignificance(significance));
            } catch (ConfigurationException e) {
                throw new ConfigurationException(given.origin() + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(baselines);
    }

    private static String held(List<Baseline> baselines) {
        return baselines.stream().map(b -> b.source() + " is of suite '" + b.result().suite() + "'")
                .collect(Collectors.joining(", "));
    }

    private static Double percent(Settings settings, Setting setting, List<String> problems) {
        Optional<Settings.Value> v = settings.given(setting);
        Double p = number(v, problems, "a percentage between 0 and 100");
        if (p != null && !(p >= 0 && p <= 100)) {
            problems.add(v.get().origin() + " must be between 0 and 100 (percent) but was " + v.get().value());
            return null;
        }
        return p;
    }

    private static Double number(Optional<Settings.Value> v, List<String> problems, String what) {
        if (v.isEmpty()) {
            return null;
        }
        try {
            double d = Double.parseDouble(v.get().value().strip());
            if (Double.isNaN(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            problems.add(v.get().origin() + " must be " + what + " but is '" + v.get().value() + "'");
            return null;
        }
    }

    private static boolean flag(Settings settings, Setting setting, List<String> problems) {
        try {
            return settings.flag(setting);
        } catch (ConfigurationException e) {
            problems.add(e.getMessage());
            return false;
        }
    }
}
