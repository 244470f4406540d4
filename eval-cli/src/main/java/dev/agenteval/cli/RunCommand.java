package dev.agenteval.cli;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.results.Journal;
import dev.agenteval.core.ReportException;
import dev.agenteval.report.Reports;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.Wiring;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code agent-eval run}: runs suites against an agent and writes the reports. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the cases of one or more suites (YAML files or folders) against an agent.",
                "Every suite and option is checked first: when any is invalid, nothing is sent (exit 2)."})
final class RunCommand implements Callable<Integer> {

    @Mixin
    RunOptions options = new RunOptions();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    RunCommand(AgentEvalCli.Context context) {
        this(context, new Plugins(context));
    }

    RunCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    /**
     * Checks every suite and option first ({@link Preflight}: nothing is sent when any suite is
     * invalid), takes the report folder ({@link Reports#lockFolder}), then runs the suites in order.
     */
    // The locks and the interruption watch are held for the run; their bodies never name them.
    @SuppressWarnings("try")
    @Override
    public Integer call() {
        int worst = AgentEvalCli.OK;
        try (Preflight.Plan plan = Preflight.check(options, context, true, plugins);
             FolderLocks locks = FolderLocks.take(plan, owner());
             Interruption watch = Interruption.watch()) {
            List<SuiteSources.Source> sources = plan.sources();
            if (options.resume != null && !sameRuns(sources, plan)) {
                return AgentEvalCli.INVALID;
            }
            for (SuiteSources.Source source : sources) {
                worst = Math.max(worst, runSuite(source, sources.size() > 1, plan));
                if (Thread.currentThread().isInterrupted()) {
                    context.err().println("Interrupted: reports hold the cases that finished (\"complete\": false).");
                    return AgentEvalCli.INTERRUPTED;
                }
            }
        }
        return worst;
    }

    /**
     * {@code Reports: <paths>}: every file the run wrote (report folder, {@code --output} and its
     * sibling, the default results file), after the summary on the same stream; not with {@code -q}.
     */
    private void printReports(List<Path> expected, ResultFiles.Timestamped defaultFile) {
        List<Path> written = new java.util.ArrayList<>();
        for (Path p : expected) {
            if (java.nio.file.Files.isRegularFile(p)) {
                written.add(p);
            }
        }
        if (defaultFile != null) {
            written.addAll(defaultFile.written());
        }
        if (!written.isEmpty() && !options.verbosity.quiet()) {
            context.out().println(ResultFiles.reportsLine(written, context.workDir()));
        }
    }

    private String owner() {
        return "agent-eval run " + String.join(" ", options.suitePaths(context.workDir()).stream().map(Path::toString)
                .toList());
    }

    /**
     * Whether every suite's journal ({@code --resume}) is of the run this one would be: the same
     * fingerprint (suite, agent, judge). Says what differs when not; checked for every suite before
     * any runs.
     */
    private boolean sameRuns(List<SuiteSources.Source> sources, Preflight.Plan plan) {
        boolean same = true;
        for (SuiteSources.Source source : sources) {
            Suite suite = source.suite();
            Journal.Contents journal = plan.journal(suite);
            Fingerprint was = journal.fingerprint();
            if (was == null) {
                continue; // no case either (Preflight): nothing to check
            }
            Fingerprint now = configured(source, plan).build().fingerprint(suite);
            if (!was.value().equals(now.value())) {
                same = false;
                context.err().println("error: --resume: " + journal.file() + " is of another run of suite '" + suite.name()
                        + "': " + differences(was, now) + ". Nothing was sent; run again without --resume.");
            }
        }
        return same;
    }

    /** The agent description's tail that says what the agent reported of its configuration. */
    private static final String CONFIGURATION = " configuration ";

    /**
     * What differs between the fingerprint of a journal's run and this run's, each part with its
     * value then and now: the suite (cases, hash), the agent (its target; then what it reported of
     * its configuration, {@code unknown} when it could not be asked), the judge. The descriptions
     * hold no secrets (URLs without credentials or query, settings as a hash).
     */
    static String differences(Fingerprint was, Fingerprint now) {
        List<String> changed = new java.util.ArrayList<>();
        if (!was.suite().equals(now.suite()) || was.suiteCases() != now.suiteCases()) {
            changed.add("the suite (" + was.suiteCases() + " cases, hash " + was.suite() + " then; "
                    + now.suiteCases() + " cases, hash " + now.suite() + " now)");
        }
        String[] agentThen = agentParts(was.agent());
        String[] agentNow = agentParts(now.agent());
        if (!agentThen[0].equals(agentNow[0])) {
            changed.add("the agent ('" + agentThen[0] + "' then, '" + agentNow[0] + "' now)");
        }
        if (!agentThen[1].equals(agentNow[1])) {
            changed.add("the agent's configuration (" + configuration(agentThen[1], "then",
                    "the agent could not be asked for it when that run started") + "; "
                    + configuration(agentNow[1], "now", "the agent cannot be asked for it") + ")");
        }
        if (!was.judge().equals(now.judge())) {
            changed.add("the judge ('" + was.judge() + "' then, '" + now.judge() + "' now)");
        }
        return changed.isEmpty() ? "its fingerprint " + was.value() + " is now " + now.value() : String.join(", ", changed);
    }

    /** An agent description split into its target and what the agent reported of its configuration ("" for nothing). */
    private static String[] agentParts(String agent) {
        int at = agent.lastIndexOf(CONFIGURATION);
        return at < 0 ? new String[] {agent, ""}
                : new String[] {agent.substring(0, at), agent.substring(at + CONFIGURATION.length())};
    }

    private static String configuration(String value, String when, String unknown) {
        return value.isEmpty() ? "none reported " + when
                : value.equals("unknown") ? "unknown " + when + ", since " + unknown : "hash " + value + " " + when;
    }

    /**
     * The runner settings of {@code source}'s run that its fingerprint depends on: those the suite
     * was checked with (providers, judge, environment, repeat, selection, timeout, and the scorers
     * the check created, which the run reuses), the agent and its description, the judge's.
     */
    private EvalRunner.Builder configured(SuiteSources.Source source, Preflight.Plan plan) {
        Suite suite = source.suite();
        return plan.run().configure(plan.runner(suite), List.of(suite), plan.agent(suite), plan.agentFileId(suite))
                .agentConfiguration(source.agentDefinition(plan.settings(), plan.providers()));
    }

    private int runSuite(SuiteSources.Source source, boolean several, Preflight.Plan plan) {
        Suite suite = source.suite();
        Path dir = plan.reportFolder();
        Journal journal;
        try {
            journal = dir == null ? null : journal(suite, Wiring.reportDir(dir, suite, several), plan);
        } catch (java.io.UncheckedIOException e) {
            // As a report folder that cannot be written: nothing of this suite was sent.
            context.err().println("error: " + e.getMessage() + ". Nothing of suite '" + suite.name() + "' was sent.");
            return AgentEvalCli.INVALID;
        }
        try {
            return runSuite(source, several, plan, journal);
        } finally {
            if (journal != null) {
                journal.close();
            }
        }
    }

    /**
     * The journal of {@code suite}'s run in its report folder: the one {@code --resume} continues,
     * else a new one.
     */
    private Journal journal(Suite suite, Path suiteDir, Preflight.Plan plan) {
        Journal.Contents earlier = plan.journal(suite);
        return earlier != null ? Journal.resume(earlier)
                : Journal.start(suiteDir.resolve(Journal.FILE_NAME), suite.name(),
                options.shard());
    }

    /**
     * Gives the runner the cases of {@code suite} that {@code earlier} finished (without the errored
     * ones with {@code --retry-errored}) and says how many; a case the suite does not have is left
     * out with a warning.
     */
    private void resume(EvalRunner.Builder b, Suite suite, Journal.Contents earlier) {
        String shown = ResultFiles.shown(earlier.file(), context.workDir());
        java.util.Set<String> ids = suite.cases().stream().map(dev.agenteval.api.Case::id)
                .collect(java.util.stream.Collectors.toSet());
        List<CaseResult> ofSuite = earlier.results().stream().filter(r -> ids.contains(r.id())).toList();
        List<String> others = earlier.results().stream().map(CaseResult::id).filter(id -> !ids.contains(id)).toList();
        if (!others.isEmpty()) {
            context.err().println("warning: " + shown + ": " + others.size() + " finished case" + (others.size() == 1
                    ? " is" : "s are") + " not in suite '" + suite.name() + "' and ignored: "
                    + String.join(", ", others.stream().limit(5).map(id -> "'" + id + "'").toList())
                    + (others.size() > 5 ? ", ..." : ""));
        }
        List<CaseResult> kept = ofSuite.stream().filter(r -> !options.retryErrored || r.status() != CaseStatus.ERRORED)
                .toList();
        b.resume(kept);
        if (!options.verbosity.quiet()) {
            context.err().println("Resuming from " + shown + ": " + kept.size() + " finished case"
                    + (kept.size() == 1 ? "" : "s") + " kept" + (kept.size() < ofSuite.size()
                    ? ", " + (ofSuite.size() - kept.size()) + " errored to run again" : "") + ".");
        }
    }

    private int runSuite(SuiteSources.Source source, boolean several, Preflight.Plan plan,
                         Journal journal) {
        Suite suite = source.suite();
        EvalRunner.Builder b = configured(source, plan).stopOnFailure(options.stopOnFailure)
                .listener(new Progress(context.err(), context.terminal(), options.verbosity.quiet(), options.verbosity.verbose()));
        if (journal != null) {
            // First: every case is on disk before any report is written.
            b.sink(journal);
            Journal.Contents earlier = plan.journal(suite);
            if (earlier != null) {
                resume(b, suite, earlier);
            }
        }
        Confidence confidence = plan.run().confidence();
        Baseline compared = plan.gates().baselineFor(suite, several, context.err()::println).orElse(null);
        dev.agenteval.opik.OpikSink opik = plan.opik() == null ? null : plan.opik().forSuite(suite);
        java.util.function.UnaryOperator<dev.agenteval.spi.ResultSink> linked = opik == null ? x -> x : opik::linking;
        b.sink(options.verbosity.quiet() ? Reports.consoleTotals(context.out(), confidence)
                : Reports.console(context.out(), false, false, compared, confidence));
        List<Path> reportFiles = new java.util.ArrayList<>();
        boolean verbose = options.verbosity.verbose() > 0;
        dev.agenteval.spi.ReportOptions reportOptions = dev.agenteval.spi.ReportOptions.none()
                .with(Reports.Detail.class, verbose ? Reports.Detail.VERBOSE : Reports.Detail.SUMMARY)
                .with(Confidence.class, confidence);
        if (compared != null) {
            reportOptions = reportOptions.with(Baseline.class, compared);
        }
        if (options.concurrency != null) {
            b.concurrency(options.concurrency);
        }
        Path dir = plan.reportFolder();
        if (dir != null) {
            Path suiteDir = Wiring.reportDir(dir, suite, several);
            b.sink(linked.apply(Reports.folder(suiteDir, plan.formats(), reportOptions)));
            reportFiles.addAll(RunFiles.reportFiles(suiteDir, plan.formats()));
        }
        ResultFiles.Format format = ResultFiles.Format.of(options.outputFormat, source.dialect());
        Path file = plan.outputFile();
        if (file != null) {
            Path json = RunFiles.outputFile(file, suite, several);
            b.sink(linked.apply(ResultFiles.sink(format, json, reportOptions)));
            reportFiles.add(json);
            reportFiles.add(Reports.markdownSibling(json));
        }
        ResultFiles.Timestamped defaultFile = null;
        if (plan.defaultResults() != null) {
            defaultFile = new ResultFiles.Timestamped(plan.defaultResults(), format, reportOptions);
            b.sink(linked.apply(defaultFile));
        }
        if (opik != null && opik.recording()) {
            // Last: the result files are written before anything is sent to Opik.
            b.sink(opik);
        }
        SuiteResult result;
        try {
            result = b.build().run(suite);
        } catch (ReportException e) {
            if (e.getCause() instanceof dev.agenteval.opik.OpikException opikFailure && e.getSuppressed().length == 0) {
                printReports(reportFiles, defaultFile);
                context.err().println("error: the result files are written, but the run could not be recorded in Opik: "
                        + opikFailure.getMessage());
                return AgentEvalCli.UPLOAD_FAILED;
            }
            context.err().println("error: " + e.getMessage());
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        if (opik != null) {
            opik.experimentUrl().ifPresent(u -> context.err().println("Opik experiment: " + u));
        }
        printReports(reportFiles, defaultFile);
        var summary = result.summary();
        if (summary.cases() > 0 && summary.errored() == summary.cases()) {
            context.err().println("error: the run could not be carried out: every case ended with a harness failure ("
                    + result.cases().get(0).reason() + ")");
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        GateSettings.Verdict verdict = plan.gates().verdict(result, compared);
        verdict.lines().forEach(context.out()::println);
        return verdict.met() ? AgentEvalCli.OK : AgentEvalCli.CASES_FAILED;
    }

    /**
     * The report folder of a run ({@code --report-dir} or {@code AGENT_EVAL_REPORT_DIR}), held
     * until the run ends. The folder of {@code --output} is only checked writable: that may be any
     * folder (the working folder, a project's root), where a lock file would be litter.
     */
    private static final class FolderLocks implements AutoCloseable {
        private final Reports.FolderLock lock;

        private FolderLocks(Reports.FolderLock lock) {
            this.lock = lock;
        }

        static FolderLocks take(Preflight.Plan plan, String owner) {
            return new FolderLocks(plan.reportFolder() == null ? null : Reports.lockFolder(plan.reportFolder(), owner));
        }

        @Override
        public void close() {
            if (lock != null) {
                lock.close();
            }
        }
    }
}
