package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.RunPlan;
import dev.agenteval.launch.Wiring;
import dev.agenteval.results.Journal;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
            EvalRunner.Builder runner = Preflight.runner(o, run.providers(), judge, run.environment()).simulator(simulator);
            AgentClient agent = agents.forSource(i);
            if (agent != null) {
                runner.agent(agent);
            }
            runners.add(runner);
            problems.addAll(Preflight.suiteProblems(source, o, runner));
        }
        return runners;
    }

    /** The files a run reads and writes. */
    record Files(Path reportFolder, Path outputFile, Path defaultResults, List<Journal.Contents> journals) {
    }

    /** The report folder, --format, --output, the default results folder, clashing names and resumed journals. */
    static Files files(RunOptions o, RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        Path workDir = run.workDir();
        Path reportFolder = o.reportFolder(run.settings(), workDir);
        Path outputFile = o.outputFile(workDir);
        if (reportFolder != null) {
            RunFiles.folderProblem(reportFolder).ifPresent(problems::add);
        }
        if (o.formats != null) {
            Preflight.reportFormats(o.formats, run.providers(), problems);
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
        problems.addAll(RunFiles.writtenFileProblems(loaded.sources(), reportFolder, outputFile, o.formats, run.providers()));
        return new Files(reportFolder, outputFile, defaultResults, journals);
    }

    /** Each suite's agent definition, part of the fingerprint: a broken one is reported before anything is sent. */
    static void agentDefinitions(RunPlan run, SuiteSources.Loaded loaded, List<String> problems) {
        for (SuiteSources.Source source : loaded.sources()) {
            try {
                RunCommand.agentDefinition(source, run.settings(), run.providers());
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
}
