package dev.agenteval.cli;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.RunPlan;
import dev.agenteval.launch.Wiring;
import dev.agenteval.launch.Setting;
import dev.agenteval.report.Reports;
import dev.agenteval.results.Journal;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.yaml.AgentFile;
import dev.agenteval.yaml.SuiteDialect;
import dev.agenteval.yaml.SuiteLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks of {@link Preflight}, one per concern of a run's plan: each adds its problems (every
 * one located) and returns what the run keeps of it, so that the command fails with all of them
 * before anything is sent.
 */
final class PreflightChecks {

    /** A judge that is never asked: stands in for one whose configuration failed (already reported). */
    private static final Judge UNUSABLE_JUDGE = request -> {
        throw new IllegalStateException("the judge's configuration failed");
    };

    /** A user simulator that is never asked: stands in for one whose configuration failed (already reported). */
    private static final UserSimulator UNUSABLE_SIMULATOR = request -> {
        throw new IllegalStateException("the user simulator's configuration failed");
    };

    private PreflightChecks() {
    }

    /** The gates and the baseline: valid values, and a baseline that holds a result of some suite run. */
    static void gates(RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        try {
            GateSettings gates = run.gates();
            if (loaded.problems().isEmpty()) {
                gates.requireBaselineSuite(loaded.suites());
            }
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }
    }

    /**
     * The agent clients: one for the settings, and, for a {@code platform-chat} agent that the
     * settings and the target name no id for, one per {@code externalId} of the suites'
     * {@code <name>.agent.yaml} (as the platform's CLI reads it). A suite without one is a problem,
     * unless each of its cases names its agent.
     */
    static Preflight.Agents agents(RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        List<String> fileIds = new ArrayList<>();
        boolean fromFiles;
        try {
            fromFiles = run.agent().needsAgentId();
        } catch (ConfigurationException e) {
            fromFiles = false; // reported where the agent is created
        }
        SuiteLoader loader = SuiteLoader.builder().providers(run.providers()).build();
        for (SuiteSources.Source source : loaded.sources()) {
            String id = null;
            if (fromFiles && source.dialect() == SuiteDialect.PLATFORM && source.files().size() == 1) {
                String what = "suite '" + source.suite().name() + "' (" + source.files().get(0) + ")";
                try {
                    Optional<AgentFile> file = loader.agentFile(source.files().get(0));
                    id = file.flatMap(AgentFile::externalIdIfSet).orElse(null);
                    if (id == null && needsId(source.suite())) {
                        problems.add(what + ": no agent to talk to: give " + Setting.EXTERNAL_ID.option() + " ID or "
                                + Setting.SYSTEM_AGENT.option() + " ID, or set " + (file.isPresent()
                                ? "externalId in " + file.get().path() : "externalId in the <name>.agent.yaml beside its"
                                + " eval/ folder") + " (the " + Wiring.PLATFORM_CHAT + " protocol needs the agent's id)");
                    }
                } catch (ConfigurationException e) {
                    e.problems().forEach(p -> problems.add(p + " (" + what + "; give " + Setting.EXTERNAL_ID.option()
                            + " ID to name the agent)"));
                }
            }
            fileIds.add(id);
        }
        Map<String, AgentClient> byId = new LinkedHashMap<>();
        try {
            for (String id : new LinkedHashSet<>(fileIds.stream().map(i -> i == null ? "" : i).toList())) {
                byId.put(id, run.createAgent(id.isEmpty() ? null : id));
            }
        } catch (ConfigurationException e) {
            byId.values().forEach(AgentClient::close);
            problems.addAll(e.problems());
            return Preflight.Agents.NONE;
        }
        return new Preflight.Agents(byId, fileIds);
    }

    /** Whether some case of {@code suite} names no agent of its own. */
    private static boolean needsId(Suite suite) {
        return suite.cases().stream().anyMatch(c -> c.agentId().isEmpty());
    }

    /** The judge the run uses, and the one its suites are checked with (a stand-in when it is unusable). */
    record JudgeCheck(Judge judge, Judge forChecks) {
    }

    /** The judge, when a case needs one. */
    static JudgeCheck judge(RunPlan run, List<Suite> suites, List<String> problems) {
        if (!run.needsJudge(suites)) {
            return new JudgeCheck(null, null);
        }
        try {
            Judge judge = run.judge().orElse(null);
            return new JudgeCheck(judge, judge);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
            return new JudgeCheck(null, UNUSABLE_JUDGE);
        }
    }

    /** The user simulator, when a case is simulated; a stand-in when it is unusable. */
    static UserSimulator simulator(RunPlan run, List<Suite> suites, List<String> problems) {
        if (!Wiring.simulates(suites)) {
            return null;
        }
        try {
            return run.simulator();
        } catch (ConfigurationException e) {
            e.problems().forEach(p -> problems.add("simulated cases need a user simulator: " + p));
            return UNUSABLE_SIMULATOR;
        }
    }

    /** Each suite checked by the runner it will run with (with the agent: the sessions it cannot open too). */
    static List<EvalRunner.Builder> suites(RunOptions o, RunPlan run, SuiteSources.Loaded loaded,
                                           Preflight.Agents agents, Judge judge, UserSimulator simulator,
                                           List<String> problems) {
        List<EvalRunner.Builder> runners = new ArrayList<>();
        for (int i = 0; i < loaded.sources().size(); i++) {
            SuiteSources.Source source = loaded.sources().get(i);
            EvalRunner.Builder runner = runner(o, run.providers(), judge, run.environment()).simulator(simulator);
            AgentClient agent = agents.forSource(i);
            if (agent != null) {
                runner.agent(agent);
            }
            runners.add(runner);
            problems.addAll(suiteProblems(source, o, runner));
        }
        return runners;
    }

    /**
     * The files a run reads and writes, and the formats of its report folder's files (those
     * {@code --format} names, else the default ones), resolved once for the check and the run.
     */
    record Files(Path reportFolder, Path outputFile, Path defaultResults, List<ReportFormat> formats,
                 List<Journal.Contents> journals) {
    }

    /** The report folder, --format, --output, the default results folder, clashing names and resumed journals. */
    static Files files(RunOptions o, RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        Path workDir = run.workDir();
        Path reportFolder = o.reportFolder(run.settings(), workDir);
        Path outputFile = o.outputFile(workDir);
        if (reportFolder != null) {
            RunFiles.folderProblem(reportFolder).ifPresent(problems::add);
        }
        List<ReportFormat> formats = o.formats == null
                ? reportFormats(Reports.DEFAULT_FORMATS, run.providers(), new ArrayList<>())
                : reportFormats(o.formats, run.providers(), problems);
        if (o.formats != null) {
            if (reportFolder == null) {
                problems.add("--format needs --report-dir DIR (or AGENT_EVAL_REPORT_DIR): it chooses the files written there");
            }
        }
        if (outputFile != null && outputFile.toAbsolutePath().getParent() != null) {
            RunFiles.folderProblem(outputFile.toAbsolutePath().getParent()).ifPresent(p -> problems.add("--output: " + p));
        }
        Path defaultResults = o.defaultResultsFolder(run.settings(), workDir);
        if (defaultResults != null) {
            RunFiles.folderProblem(defaultResults).ifPresent(p -> problems.add(p + " (the results of a run without --output or"
                    + " --report-dir go there)"));
        }
        if (loaded.suites().size() > 1) {
            problems.addAll(RunFiles.sameReportNames(loaded.sources(), reportFolder, outputFile != null));
        }
        List<Journal.Contents> journals = o.resume == null ? List.of()
                : RunFiles.journals(loaded.sources(), reportFolder, o.shard(), problems);
        problems.addAll(RunFiles.writtenFileProblems(loaded.sources(), reportFolder, outputFile, formats));
        return new Files(reportFolder, outputFile, defaultResults, List.copyOf(formats), journals);
    }

    /** Each suite's agent definition, part of the fingerprint: a broken one is reported before anything is sent. */
    static void agentDefinitions(RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        for (SuiteSources.Source source : loaded.sources()) {
            try {
                source.agentDefinition(run.settings(), run.providers());
            } catch (ConfigurationException e) {
                // Once: the agent id's check may have read the same file.
                e.problems().stream().filter(p -> problems.stream().noneMatch(q -> q.startsWith(p))).forEach(problems::add);
            }
        }
    }

    /** The Opik the settings describe, or null. */
    static dev.agenteval.opik.OpikSink opik(RunPlan run, List<String> problems) {
        try {
            return run.opik().orElse(null);
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        return null;
    }

    /** The price tables, read now so that a broken one is reported before anything is sent. */
    static void prices(RunPlan run, List<String> problems) {
        try {
            run.prices();
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }
    }

    /** Before any agent call: a run that cannot be recorded fails fast (exit 3, naming the URL). */
    static void opikHealth(dev.agenteval.opik.OpikSink opik, Preflight.Agents agents) {
        if (opik == null || !opik.recording()) {
            return;
        }
        try {
            opik.checkHealth();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            agents.close();
            throw new dev.agenteval.opik.OpikException("Interrupted during the Opik health check", 0, e);
        } catch (RuntimeException e) {
            agents.close();
            throw e;
        }
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
    static List<String> suiteProblems(SuiteSources.Source source, RunOptions o, EvalRunner.Builder runner) {
        Suite suite = source.suite();
        SuiteLocations where = new SuiteLocations(source.files());
        String suitePlace = source.file().orElse("suite '" + suite.name() + "'");
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
    static EvalRunner.Builder runner(RunOptions o, Providers providers, Judge judge,
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
            // A placeholder's problem points at the value holding it, any other at the case.
            Optional<String> at = Optional.empty();
            Matcher placeholder = UNRESOLVED.matcher(problem);
            if (placeholder.find()) {
                Matcher turn = TURN.matcher(problem.substring(("case '" + matched + "'").length()));
                at = where.placeholder(matched, turn.lookingAt() ? Integer.parseInt(turn.group(1)) : 0,
                        placeholder.group(1));
            }
            if (at.isEmpty()) {
                at = where.caseId(matched);
            }
            if (at.isPresent()) {
                return at.get() + ": " + problem;
            }
        }
        return suitePlace + ": " + problem;
    }

    /** The runner's problem for a placeholder no variable resolves; group 1 is its name. */
    private static final Pattern UNRESOLVED = Pattern.compile("unresolved placeholder '\\{\\{(.+?)}}'");

    /** The turn a runner's problem is about, right after the case: {@code " turn 2: ..."}. */
    private static final Pattern TURN = Pattern.compile(" turn (\\d{1,9})\\b");
}
