package dev.agenteval.cli;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.AgentClient;
import java.time.Duration;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.internal.Fingerprints;
import dev.agenteval.launch.Wiring;
import dev.agenteval.results.Baseline;
import dev.agenteval.report.Reports;
import dev.agenteval.results.SuiteResults;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agent-eval merge}: combines the results.json of shards (or disjoint runs) into one report. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Combines the results.json files of the shards of one suite (run --shard I/N) into one report, "
                + "as if the suite had run in one job. Exits 0 when every case met its expectation (with --threshold: "
                + "when the gate is met), 1 when some did not (or the merged result is incomplete: it lacks some of the "
                + "suite's cases, or an input was interrupted), 2 when the inputs cannot be merged or the report folder "
                + "is in use by a run.",
                "Refuses results of different suites or configurations, a result without a fingerprint (unless "
                        + "--allow-unverified-shards), a case id in two inputs, overlapping shards, "
                        + "shards of different counts, sharded with unsharded results, and a missing shard (unless --allow-partial)."})
final class MergeCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Parameters(paramLabel = "RESULTS", arity = "1..*",
            description = "results.json files, or folders holding one (a run's --report-dir).")
    List<Path> inputs;

    @Option(names = Setting.Option.REPORT_DIR, paramLabel = "DIR", description = "Write the merged results.json, results.md and junit.xml here (default: AGENT_EVAL_REPORT_DIR).")
    Path reportDir;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the merged JSON report here, and a sibling .md transcript.")
    Path output;

    @Option(names = Setting.Option.CONFIDENCE, paramLabel = "LEVEL", description = "The confidence level of the intervals recomputed over the merged cases, between 0 and 1 exclusive (default: AGENT_EVAL_CONFIDENCE, else 0.95).")
    String confidence;

    @Option(names = Setting.Option.SEED, paramLabel = "N", description = "The seed of the bootstrap behind the scorers' intervals (default: AGENT_EVAL_SEED, else a fixed seed).")
    String seed;

    @Option(names = "--allow-partial", description = "Merge even when some shard's results are missing; the merged result is then incomplete (\"complete\": false, exit 1).")
    boolean allowPartial;

    @Option(names = "--allow-unverified-shards", description = "Merge also results that record no fingerprint (written by an older version, or edited), with a warning naming each: nothing then shows that they evaluated the same suite, agent and judge as the others.")
    boolean allowUnverified;

    @Option(names = Setting.Option.THRESHOLD, paramLabel = "PCT", description = "Gate on the merged result: exit 0 when it covers every current case of the current configuration (--suite and the agent options) and at least PCT percent of the cases passed, else 1. Needs --suite. Default: AGENT_EVAL_THRESHOLD.")
    String threshold;

    @Option(names = Setting.Option.THRESHOLD_LOWER_BOUND, paramLabel = "PCT", description = "Gate on the merged result's noise: as --threshold, but the lower bound of the pass rate's Wilson interval (at --confidence, default 95%%) must be at least PCT percent. With --threshold, both must be met. Needs --suite. Default: AGENT_EVAL_THRESHOLD_LOWER_BOUND.")
    String thresholdLowerBound;

    @Option(names = Setting.Option.BASELINE, paramLabel = "FILE", description = "An earlier results.json, or its report folder, to compare the merged result with, as run --baseline does: regressions, fixes and the paired tests, in every report. Default: AGENT_EVAL_BASELINE.")
    String baseline;

    @Option(names = Setting.Option.FAIL_ON_REGRESSION, description = "Exit 1 when a case passed in --baseline and does not in the merged result (also AGENT_EVAL_FAIL_ON_REGRESSION=true).")
    boolean failOnRegression;

    @Option(names = Setting.Option.FAIL_ON_SIGNIFICANT_REGRESSION, description = "Exit 1 only when the merged result as a whole regressed against --baseline (McNemar's exact test on the paired verdicts below --significance, more cases regressed than improved). Also AGENT_EVAL_FAIL_ON_SIGNIFICANT_REGRESSION=true.")
    boolean failOnSignificantRegression;

    @Option(names = Setting.Option.SIGNIFICANCE, paramLabel = "P", description = "With --baseline: the p-value below which a comparison counts as significant (default: AGENT_EVAL_SIGNIFICANCE, else 0.05).")
    String significance;

    @Option(names = "--suite", paramLabel = "FILE", description = "The current suite: every input must be of it and of the current agent (the agent options below, --repeat and --timeout as the run had them), else exit 2. Required by --threshold, so that an old result does not meet the gate.")
    Path suite;

    @picocli.CommandLine.Mixin
    AgentOptions agentOptions = new AgentOptions();

    @picocli.CommandLine.Mixin
    PluginOptions pluginOptions = new PluginOptions();

    @Option(names = "--repeat", paramLabel = "N", description = "With --suite: the run's --repeat (default 1).")
    int repeat = 1;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "With --suite: the run's --timeout.")
    Double timeoutSeconds;

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    MergeCommand(AgentEvalCli.Context context) {
        this(context, new Plugins(context));
    }

    MergeCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    // The report folder's lock is held while the reports are written; the body never names it.
    @SuppressWarnings("try")
    public Integer call() {
        Function<String, String> environment = Launching.environment(context, plugins.providers(pluginOptions.dirs));
        Map<Setting, String> options = new java.util.EnumMap<>(Setting.class);
        options.put(Setting.REPORT_DIR, reportDir == null ? null : reportDir.toString());
        options.put(Setting.CONFIDENCE, confidence);
        options.put(Setting.SEED, seed);
        options.put(Setting.THRESHOLD, threshold);
        options.put(Setting.THRESHOLD_LOWER_BOUND, thresholdLowerBound);
        options.put(Setting.BASELINE, baseline);
        options.put(Setting.FAIL_ON_REGRESSION, failOnRegression ? "true" : null);
        options.put(Setting.FAIL_ON_SIGNIFICANT_REGRESSION, failOnSignificantRegression ? "true" : null);
        options.put(Setting.SIGNIFICANCE, significance);
        Settings settings = Settings.commandLine(options, environment);
        // Every interval is recomputed over the merged cases, never averaged across the inputs.
        Confidence errorBars = Wiring.confidence(settings);
        GateSettings gates = GateSettings.of(settings, context.workDir());
        if (gates.gated() && suite == null) {
            throw new ConfigurationException(String.join(" and ", gates.thresholdsGiven())
                    + " binds the gate to the current suite and agent: give --suite FILE"
                    + " and the agent options the run used (" + Setting.Option.TARGET + " NAME or "
                    + Setting.Option.AGENT_URL + " URL, ...)");
        }
        Current now = suite == null ? null : current(environment);
        Fingerprint current = now == null ? null : now.fingerprint();
        Map<String, SuiteResult> results = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Path input : inputs) {
            ResultFiles.Given given = ResultFiles.given(context.workDir(), input);
            Path file = given.file();
            String name = given.shown();
            if (results.containsKey(name)) {
                problems.add(name + " is given twice");
                continue;
            }
            try {
                results.put(name, ResultsFile.read(file));
            } catch (ConfigurationException e) {
                problems.addAll(e.problems().stream().map(p -> p.startsWith(file.toString())
                        ? name + p.substring(file.toString().length()) : p).toList());
            }
        }
        List<String> unverified = SuiteResults.unverified(results);
        if (!allowUnverified) {
            unverified.forEach(name -> problems.add(name + " records no fingerprint, so merge cannot check that it"
                    + " evaluated the same suite, agent and judge as the other inputs: merge it only with"
                    + " --allow-unverified-shards"));
        }
        if (current != null) {
            results.forEach((name, r) -> currentProblem(r.fingerprint(), current).ifPresent(p -> problems.add(name + ": " + p)));
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        unverified.forEach(name -> context.err().println("warning: " + name + " records no fingerprint: merged without"
                + " checking that it evaluated the same suite, agent and judge as the other inputs"));
        SuiteResult merged = allowPartial
                ? SuiteResults.merge(results, SuiteResults.Allowance.MISSING_SHARDS, SuiteResults.Allowance.UNVERIFIED_INPUTS)
                : SuiteResults.merge(results, SuiteResults.Allowance.UNVERIFIED_INPUTS);
        List<String> missing = SuiteResults.missingCases(merged) == 0 || now == null ? List.of()
                : SuiteResults.missingCases(merged, now.caseIds());
        if (!merged.complete()) {
            context.err().println("warning: the merged result is incomplete (\"complete\": false): "
                    + incompleteReasons(merged, results, missing));
        }
        Baseline compared = gates.baselineFor(merged.suite(), false, context.err()::println).orElse(null);
        ReportOptions reportOptions = ReportOptions.none().with(Confidence.class, errorBars);
        if (compared != null) {
            reportOptions = reportOptions.with(Baseline.class, compared);
        }
        List<ResultSink> sinks = new ArrayList<>();
        sinks.add(Reports.console(context.out(), false, false, compared, errorBars));
        Path dir = Wiring.reportDir(settings, context.workDir()).orElse(null);
        List<Path> written = new ArrayList<>();
        if (dir != null) {
            sinks.add(Reports.all(dir, reportOptions));
            Reports.defaultFormats().forEach(f -> written.add(dir.resolve(f.fileName())));
        }
        if (output != null) {
            Path json = context.workDir().resolve(output);
            sinks.add(Reports.sink("json", json, reportOptions));
            sinks.add(Reports.sink("md", json.resolveSibling(stem(json) + ".md"), reportOptions));
            written.add(json);
            written.add(json.resolveSibling(stem(json) + ".md"));
        }
        // The folder is held while the reports are written, as run holds it: a run writing there is refused, not overwritten.
        try (Reports.FolderLock lock = dir == null ? null : Reports.lockFolder(dir, "agent-eval merge "
                + inputs.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(" ")))) {
            for (ResultSink sink : sinks) {
                try {
                    sink.write(merged);
                } catch (IOException | RuntimeException e) {
                    context.err().println("error: the merged report could not be written: " + e.getMessage());
                    return AgentEvalCli.NOT_CARRIED_OUT;
                }
            }
        }
        if (!missing.isEmpty()) {
            context.out().println("Missing cases: " + listed(missing));
        }
        if (!written.isEmpty()) {
            context.out().println(ResultFiles.reportsLine(written, context.workDir()));
        }
        Fingerprint expected = null;
        if (gates.gated()) {
            // The judge is not among the current options: the inputs' own (the same in every input).
            Fingerprint recorded = merged.fingerprint();
            expected = recorded == null ? current
                    : Fingerprint.of(current.suite(), current.suiteCases(), current.agent(), recorded.judge());
        }
        GateSettings.Verdict verdict = gates.verdict(merged, compared, expected);
        verdict.lines().forEach(context.out()::println);
        return verdict.met() ? AgentEvalCli.OK : AgentEvalCli.CASES_FAILED;
    }

    /** The current suite's case ids, in suite order, and the fingerprint a run of it against the current agent records. */
    private record Current(Fingerprint fingerprint, List<String> caseIds) {
    }

    private static final int MAX_LISTED = 10;

    /** The first ids, e.g. {@code a, b and 3 more}. */
    private static String listed(List<String> ids) {
        return String.join(", ", ids.subList(0, Math.min(ids.size(), MAX_LISTED)))
                + (ids.size() > MAX_LISTED ? " and " + (ids.size() - MAX_LISTED) + " more" : "");
    }

    /**
     * Why the merged result is incomplete, for the warning: the cases it lacks (named when the
     * current suite is known: {@code missingIds}), the inputs that were interrupted.
     */
    private static String incompleteReasons(SuiteResult merged, Map<String, SuiteResult> results, List<String> missingIds) {
        List<String> reasons = new ArrayList<>();
        int missing = SuiteResults.missingCases(merged);
        if (missing > 0) {
            reasons.add("it covers " + merged.cases().size() + " of the suite's " + merged.fingerprint().suiteCases()
                    + " cases (" + (missingIds.isEmpty() ? missing + " missing; give --suite FILE to name them"
                    : "missing: " + listed(missingIds)) + ")");
        }
        List<String> interrupted = results.entrySet().stream().filter(e -> !e.getValue().complete())
                .map(Map.Entry::getKey).toList();
        if (!interrupted.isEmpty()) {
            reasons.add(String.join(", ", interrupted) + (interrupted.size() == 1 ? " was" : " were")
                    + " interrupted or stopped early");
        }
        if (reasons.isEmpty()) {
            reasons.add("some shard is missing");
        }
        return String.join("; ", reasons);
    }

    /** The fingerprint a run of the current suite against the current agent records (its judge part unused). */
    private Current current(Function<String, String> environment) {
        List<String> problems = new ArrayList<>();
        if (repeat < 1) {
            problems.add("--repeat must be >= 1 but was " + repeat);
        }
        if (timeoutSeconds != null && !(timeoutSeconds > 0)) {
            problems.add("--timeout must be > 0 but was " + timeoutSeconds);
        }
        Settings settings = Settings.commandLine(agentOptions.values(), environment);
        problems.addAll(agentOptions.agentProblems(settings));
        Providers providers = plugins.providers(pluginOptions.dirs);
        SuiteSources.Loaded loaded = SuiteSources.read(List.of(suite), context.workDir(), providers);
        problems.addAll(loaded.problems());
        if (problems.isEmpty() && loaded.sources().size() != 1) {
            problems.add("--suite names " + loaded.sources().size() + " suites: name one");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        SuiteSources.Source source = loaded.sources().get(0);
        try (AgentClient client = AgentOptions.create(settings, environment, context.workDir(), providers)) {
            EvalRunner.Builder b = EvalRunner.builder().agent(client).providers(providers).repeat(repeat)
                    .agentDescription(Fingerprints.describeAgent(settings, environment, context.workDir()));
            if (timeoutSeconds != null) {
                b.caseTimeout(Duration.ofMillis((long) (timeoutSeconds * 1000)));
            }
            b.agentConfiguration(source.agentDefinition(settings, providers));
            return new Current(b.build().fingerprint(source.suite()),
                    source.suite().cases().stream().map(dev.agenteval.api.Case::id).toList());
        }
    }

    /** Why {@code recorded} is not of the current suite and agent, if it is not. */
    static java.util.Optional<String> currentProblem(Fingerprint recorded, Fingerprint current) {
        if (recorded == null) {
            return java.util.Optional.of("records no fingerprint, so it cannot be tied to the current suite and agent");
        }
        List<String> parts = new ArrayList<>();
        if (!recorded.suite().equals(current.suite())) {
            parts.add(recorded.suiteCases() == current.suiteCases() ? "the suite changed"
                    : "the suite changed (" + recorded.suiteCases() + " cases then, " + current.suiteCases() + " now)");
        }
        if (!recorded.agent().equals(current.agent())) {
            parts.add("agent '" + recorded.agent() + "' is now '" + current.agent() + "'");
        }
        return parts.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of("is not of the current suite and agent: " + String.join(", ", parts));
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
