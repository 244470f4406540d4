package dev.agenteval.cli;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.report.Baseline;
import dev.agenteval.core.Providers;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ReportFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Everything {@code run} checks before its first request, for every suite at once, shared with
 * {@code validate}: the options; every suite file (with file, line and column); the baseline; the
 * agent's configuration and credentials (when an agent is named); the judge (when a suite needs
 * one); and, per suite, what the runner checks before it sends anything (unknown case ids,
 * scorer types and parameters, unresolved {@code {{placeholders}}}, unset {@code env:}
 * variables, a judge scorer without a judge), each problem located in its file; the report
 * folders (creatable and writable). Any problem fails the whole command with all of them, so a
 * run of several suites sends nothing when one is invalid.
 */
final class Preflight {

    /** A judge that is never asked: stands in for one whose configuration failed (already reported). */
    private static final Judge UNUSABLE_JUDGE = request -> {
        throw new IllegalStateException("the judge's configuration failed");
    };

    private Preflight() {
    }

    /**
     * What a run needs, all checked. Closing it closes the agent.
     *
     * @param runners per source, in order, the runner settings its suite was checked with
     *                ({@link EvalRunner.Builder#check}), holding the scorers the check created
     */
    record Plan(List<SuiteSources.Source> sources, AgentClient agent, Judge judge, Providers providers,
                Function<String, String> environment, Settings settings, Baseline baseline, Path reportFolder, Path outputFile,
                Path defaultResults, List<EvalRunner.Builder> runners, dev.agenteval.opik.OpikSink opik,
                dev.agenteval.api.Prices prices)
            implements AutoCloseable {

        List<Suite> suites() {
            return sources.stream().map(SuiteSources.Source::suite).toList();
        }

        /**
         * The runner settings {@code suite} (one of {@link #suites()}) was checked with: the
         * providers, judge, environment, default repeat, selection and case timeout. A runner
         * built from them reuses the scorers the check created.
         */
        EvalRunner.Builder runner(Suite suite) {
            for (int i = 0; i < sources.size(); i++) {
                if (sources.get(i).suite() == suite) {
                    return runners.get(i);
                }
            }
            throw new IllegalArgumentException("suite '" + suite.name() + "' is not one of the plan's");
        }

        @Override
        public void close() {
            if (agent != null) {
                agent.close();
            }
        }
    }

    /**
     * Checks everything; the agent is created when {@code agentRequired} or agent options are given.
     *
     * @throws ConfigurationException listing every problem found (nothing was sent)
     */
    static Plan check(RunOptions o, AgentEvalCli.Context context, boolean agentRequired) {
        List<String> problems = new ArrayList<>();
        // Discovered once: the environment's declared variables, the suites' scorer types, the
        // agent's protocol, the judge, the report formats and the runners all come from it.
        Providers providers = Providers.discover(Preflight.class.getClassLoader());
        Function<String, String> environment = Launching.environment(context, providers);
        Settings settings = o.settings(environment);
        o.validate(problems, agentRequired, settings);
        Path workDir = context.workDir();

        SuiteSources.Loaded loaded = SuiteSources.read(o.suites, workDir, providers);
        problems.addAll(loaded.problems());
        List<Suite> suites = loaded.suites();

        Baseline baseline = null;
        if (o.baselinePath != null) {
            try {
                baseline = Gating.readBaseline(o.baselinePath, validSignificance(o.significance), workDir);
                if (loaded.problems().isEmpty()) {
                    Gating.requireBaselineSuite(baseline, suites);
                }
            } catch (ConfigurationException e) {
                problems.addAll(e.problems());
            }
        }

        AgentClient agent = null;
        List<String> agentProblems = new ArrayList<>();
        if (agentRequired || o.agentOptions.given()) {
            o.agentOptions.validate(agentProblems, settings);
            if (agentProblems.isEmpty()) {
                try {
                    agent = AgentOptions.create(settings, environment, workDir, providers);
                } catch (ConfigurationException e) {
                    problems.addAll(e.problems());
                }
            }
        }

        Judge judge = null;
        Judge judgeForChecks = null;
        if (Wiring.needsJudge(suites, providers)) {
            try {
                judge = Wiring.judge(settings, providers, environment);
                judgeForChecks = judge;
            } catch (ConfigurationException e) {
                problems.addAll(e.problems());
                judgeForChecks = UNUSABLE_JUDGE;
            }
        }

        List<EvalRunner.Builder> runners = new ArrayList<>();
        for (SuiteSources.Source source : loaded.sources()) {
            EvalRunner.Builder runner = runner(o, providers, judgeForChecks, environment);
            runners.add(runner);
            problems.addAll(suiteProblems(source, o, runner));
        }

        Path reportFolder = o.reportFolder(settings, workDir);
        Path outputFile = o.outputFile(workDir);
        if (reportFolder != null) {
            folderProblem(reportFolder).ifPresent(problems::add);
        }
        if (o.formats != null) {
            reportFormats(o.formats, providers, problems);
            if (reportFolder == null) {
                problems.add("--format needs --report-dir DIR (or AGENT_EVAL_REPORT_DIR): it chooses the files written there");
            }
        }
        if (outputFile != null && outputFile.toAbsolutePath().getParent() != null) {
            folderProblem(outputFile.toAbsolutePath().getParent()).ifPresent(p -> problems.add("--output: " + p));
        }
        Path defaultResults = o.defaultResultsFolder(settings, workDir);
        if (defaultResults != null) {
            folderProblem(defaultResults).ifPresent(p -> problems.add(p + " (the results of a run without --output or"
                    + " --report-dir go there)"));
        }
        if (suites.size() > 1) {
            problems.addAll(sameReportNames(loaded.sources(), reportFolder, outputFile != null));
        }

        dev.agenteval.opik.OpikSink opik = null;
        try {
            opik = dev.agenteval.launch.Wiring.opik(settings, environment, workDir).orElse(null);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }

        dev.agenteval.api.Prices prices = dev.agenteval.api.Prices.none();
        try {
            prices = Wiring.prices(settings, environment, workDir, o.pricesFile);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }

        if (!problems.isEmpty()) {
            if (agent != null) {
                agent.close();
            }
            throw new ConfigurationException(problems);
        }
        if (opik != null && opik.recording()) {
            // Before any agent call: a run that cannot be recorded fails fast (exit 3, naming the URL).
            try {
                opik.checkHealth();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (agent != null) {
                    agent.close();
                }
                throw new dev.agenteval.opik.OpikException("Interrupted during the Opik health check", 0, e);
            } catch (RuntimeException e) {
                if (agent != null) {
                    agent.close();
                }
                throw e;
            }
        }
        return new Plan(loaded.sources(), agent, judge, providers, environment, settings, baseline, reportFolder, outputFile,
                defaultResults, List.copyOf(runners), opik, prices);
    }


    /**
     * The report formats {@code --format} names, each once, in order; an unknown id (listing the
     * known ones) and two formats writing one file are added to {@code problems}.
     */
    static List<ReportFormat> reportFormats(List<String> ids, Providers providers, List<String> problems) {
        List<ReportFormat> formats = new ArrayList<>();
        Map<String, String> byFile = new LinkedHashMap<>();
        for (String id : new LinkedHashSet<>(ids.stream().map(String::trim).toList())) {
            try {
                ReportFormat format = providers.reportFormat(id);
                String other = byFile.putIfAbsent(format.fileName(), format.id());
                if (other != null) {
                    problems.add("--format: report formats '" + other + "' and '" + format.id() + "' both write "
                            + format.fileName());
                } else {
                    formats.add(format);
                }
            } catch (ConfigurationException e) {
                e.problems().forEach(p -> problems.add("--format: " + p));
            }
        }
        return formats;
    }

    /** The runner's own checks of one suite before it sends anything, each problem located. */
    private static List<String> suiteProblems(SuiteSources.Source source, RunOptions o, EvalRunner.Builder runner) {
        Suite suite = source.suite();
        SuiteLocations where = new SuiteLocations(source.files());
        String suitePlace = where.file().orElse("suite '" + suite.name() + "'");
        List<String> unknown = o.caseIds.stream().filter(id -> suite.find(id).isEmpty()).sorted().toList();
        if (!unknown.isEmpty()) {
            return List.of(suitePlace + ": unknown case id" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown.stream().map(id -> "'" + id + "'").toList()) + " in suite '" + suite.name()
                    + "'; known: " + String.join(", ", suite.cases().stream().map(Case::id).toList()));
        }
        try {
            runner.check(suite);
            return List.of();
        } catch (ConfigurationException e) {
            return e.problems().stream().map(p -> locate(p, suite, where, suitePlace)).toList();
        }
    }

    /** The runner settings a suite is checked, then run, with: those of the options that the check reads. */
    private static EvalRunner.Builder runner(RunOptions o, Providers providers, Judge judge,
                                             Function<String, String> environment) {
        EvalRunner.Builder runner = EvalRunner.builder().providers(providers).judge(judge).environment(environment)
                .repeat(o.defaultRepeat());
        o.caseIds.forEach(runner::caseId);
        o.tags.forEach(runner::tag);
        if (o.shard() != null) {
            runner.shard(o.shard());
        }
        if (o.caseTimeout() != null) {
            runner.caseTimeout(o.caseTimeout());
        }
        return runner;
    }

    /** A problem of the runner's ({@code case 'x' turn 1: ...}, {@code variable 'v': ...}) with its place in the file. */
    static String locate(String problem, Suite suite, SuiteLocations where, String suitePlace) {
        for (String name : suite.variables().keySet()) {
            String prefix = "variable '" + name + "': ";
            if (problem.startsWith(prefix)) {
                Optional<String> at = where.variable(name);
                return at.map(a -> a + ": " + problem.substring(prefix.length()))
                        .orElse(suitePlace + ": " + problem);
            }
        }
        String matched = null;
        for (Case c : suite.cases()) {
            String prefix = "case '" + c.id() + "'";
            if (problem.startsWith(prefix) && (matched == null || c.id().length() > matched.length())) {
                matched = c.id();
            }
        }
        if (matched != null) {
            Optional<String> at = where.caseId(matched);
            if (at.isPresent()) {
                return at.get() + ": " + problem;
            }
        }
        return suitePlace + ": " + problem;
    }

    /**
     * Why {@code folder} cannot hold reports, without creating anything: the nearest existing
     * folder on its path is a file or not writable.
     */
    static Optional<String> folderProblem(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (!Files.exists(p)) {
                continue;
            }
            if (!Files.isDirectory(p)) {
                return Optional.of("report folder '" + folder + "' cannot be created: '" + p + "' is a file, not a folder");
            }
            if (!Files.isWritable(p)) {
                return Optional.of(p.equals(dir) ? "report folder '" + folder + "' is not writable"
                        : "report folder '" + folder + "' cannot be created: '" + p + "' is not writable");
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Several suites whose reports would land in the same place. */
    private static List<String> sameReportNames(List<SuiteSources.Source> sources, Path reportFolder, boolean output) {
        Map<String, List<SuiteSources.Source>> byName = new LinkedHashMap<>();
        for (SuiteSources.Source s : sources) {
            byName.computeIfAbsent(Wiring.fileName(s.suite().name()), k -> new ArrayList<>()).add(s);
        }
        List<String> problems = new ArrayList<>();
        byName.forEach((name, same) -> {
            if (same.size() > 1) {
                problems.add("suites " + String.join(", ", same.stream().map(s -> "'" + s.suite().name() + "'"
                        + new SuiteLocations(s.files()).file().map(f -> " (" + f + ")").orElse("")).toList())
                        + " would write their reports to the same place ("
                        + (reportFolder != null ? reportFolder.resolve(name).toString()
                                : output ? "'-" + name + "' beside --output"
                                : ResultFiles.DEFAULT_FOLDER + "/" + name + "-<start>.json")
                        + "): rename one, or run them separately");
            }
        });
        return problems;
    }

    private static Double validSignificance(Double significance) {
        return significance != null && significance > 0 && significance < 1 ? significance : null;
    }
}
