package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.results.Journal;
import dev.agenteval.core.Providers;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.RunPlan;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.spi.ReportFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Everything {@code run} checks before its first request, for every suite at once, shared with
 * {@code validate}: the options; every suite file (with file, line and column); the baseline; the
 * agent's configuration and credentials and each case its protocol could not open a session for
 * (when an agent is named: {@code AgentClient.sessionProblem}); the judge (when a suite needs
 * one); and, per suite, what the runner checks before it sends anything (unknown case ids,
 * scorer types and parameters, unresolved {@code {{placeholders}}}, unset {@code env:}
 * variables, a judge scorer without a judge), each problem located in its file; the report
 * folders (creatable and writable). Any problem fails the whole command with all of them, so a
 * run of several suites sends nothing when one is invalid.
 */
final class Preflight {

    private Preflight() {
    }

    /**
     * What a run needs, all checked. Closing it closes the agent.
     *
     * @param run the settings resolved once: agent, judge, gates and baseline, Opik, prices
     * @param files the files the run reads and writes, and the report formats of its report folder
     * @param runners per source, in order, the runner settings its suite was checked with
     *                ({@link EvalRunner.Builder#check}), holding the scorers the check created
     */
    record Plan(RunPlan run, List<SuiteSources.Source> sources, Agents agents, Judge judge, PreflightChecks.Files files,
                List<EvalRunner.Builder> runners, dev.agenteval.opik.OpikSink opik)
            implements AutoCloseable {

        /** The report folder ({@code --resume}, {@code --report-dir}, {@code AGENT_EVAL_REPORT_DIR}), or null. */
        Path reportFolder() {
            return files.reportFolder();
        }

        /** The file {@code --output} names, or null. */
        Path outputFile() {
            return files.outputFile();
        }

        /** The folder of the default results file, or null when the run writes its results elsewhere. */
        Path defaultResults() {
            return files.defaultResults();
        }

        /** The formats the report folder gets: those {@code --format} names, else the default ones. */
        List<ReportFormat> formats() {
            return files.formats();
        }

        Settings settings() {
            return run.settings();
        }

        Function<String, String> environment() {
            return run.environment();
        }

        Providers providers() {
            return run.providers();
        }

        GateSettings gates() {
            return run.gates();
        }

        /** The journal {@code suite} resumes ({@code --resume}), or null when the run is not resumed. */
        Journal.Contents journal(Suite suite) {
            return files.journals().isEmpty() ? null : files.journals().get(index(suite));
        }

        List<Suite> suites() {
            return sources.stream().map(SuiteSources.Source::suite).toList();
        }

        /** The agent {@code suite} (one of {@link #suites()}) runs against, or null when none was created. */
        AgentClient agent(Suite suite) {
            return agents.forSource(index(suite));
        }

        /** The agent id read from {@code suite}'s {@code <name>.agent.yaml} for its agent, or null. */
        String agentFileId(Suite suite) {
            return agents.fileId(index(suite));
        }

        private int index(Suite suite) {
            for (int i = 0; i < sources.size(); i++) {
                if (sources.get(i).suite() == suite) {
                    return i;
                }
            }
            throw new IllegalArgumentException("suite '" + suite.name() + "' is not one of the plan's");
        }

        /**
         * The runner settings {@code suite} (one of {@link #suites()}) was checked with: the
         * providers, judge, environment, default repeat, selection and case timeout. A runner
         * built from them reuses the scorers the check created.
         */
        EvalRunner.Builder runner(Suite suite) {
            return runners.get(index(suite));
        }

        @Override
        public void close() {
            agents.close();
        }
    }

    /**
     * The agent clients of a run, one per agent id: the suites whose agent id comes from their
     * {@code <name>.agent.yaml} may talk to different agents; the others share one client.
     *
     * @param byId    the clients by the agent id read from a file ("" for none)
     * @param fileIds per source, the id read from its {@code <name>.agent.yaml}, or null
     */
    record Agents(Map<String, AgentClient> byId, List<String> fileIds) implements AutoCloseable {
        static final Agents NONE = new Agents(Map.of(), List.of());

        Agents {
            byId = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byId));
            fileIds = java.util.Collections.unmodifiableList(new ArrayList<>(fileIds));
        }

        AgentClient forSource(int index) {
            String id = fileId(index);
            return byId.get(id == null ? "" : id);
        }

        String fileId(int index) {
            return index < fileIds.size() ? fileIds.get(index) : null;
        }

        @Override
        public void close() {
            byId.values().forEach(AgentClient::close);
        }
    }

    /**
     * Checks everything; the agent is created when {@code agentRequired} or agent options are given.
     *
     * @throws ConfigurationException listing every problem found (nothing was sent)
     */
    static Plan check(RunOptions o, AgentEvalCli.Context context, boolean agentRequired, Plugins plugins) {
        List<String> problems = new ArrayList<>();
        // Discovered once: the environment's declared variables, the suites' scorer types, the
        // agent's protocol, the judge, the report formats and the runners all come from it; with the
        // plugin jars of --plugin-path (or AGENT_EVAL_PLUGIN_PATH).
        Providers providers = plugins.providers(o.pluginOptions.dirs);
        Function<String, String> environment = Launching.environment(context, providers);
        Settings settings = o.settings(environment);
        // The agent's settings only when the command needs an agent, or when an agent option is given.
        boolean agentWanted = agentRequired || o.agentOptions.given();
        List<String> agentProblems = agentWanted ? o.agentOptions.agentProblems(settings) : List.of();
        problems.addAll(agentProblems);
        problems.addAll(o.optionProblems(settings));
        Path workDir = context.workDir();
        RunPlan run = RunPlan.of(settings, environment, workDir, providers).withPriceFile(o.pricesFile);

        List<Path> suitePaths = o.suitePaths(workDir);
        if (suitePaths.isEmpty()) {
            problems.add("no suite: give SUITE (a file or folder), or run from an agent project folder, where "
                    + RunOptions.PROJECT_SUITE + " is read (" + workDir.resolve(RunOptions.PROJECT_SUITE)
                    + " does not exist)");
        }
        // With --external-id or --system-agent the local <name>.agent.yaml does not describe the agent: not read.
        SuiteSources.Loaded loaded = SuiteSources.read(suitePaths, workDir, providers, Wiring.readsAgentFile(settings));
        problems.addAll(loaded.problems());
        List<Suite> suites = loaded.suites();

        PreflightChecks.gates(run, loaded, problems);
        Agents agents = agentWanted && agentProblems.isEmpty() ? PreflightChecks.agents(run, loaded, problems) : Agents.NONE;
        PreflightChecks.JudgeCheck judge = PreflightChecks.judge(run, suites, problems);
        UserSimulator simulator = PreflightChecks.simulator(run, suites, problems);
        List<EvalRunner.Builder> runners = PreflightChecks.suites(o, run, loaded, agents, judge.forChecks(), simulator, problems);
        PreflightChecks.Files files = PreflightChecks.files(o, run, loaded, problems);
        PreflightChecks.agentDefinitions(run, loaded, problems);
        dev.agenteval.opik.OpikSink opik = PreflightChecks.opik(run, problems);
        PreflightChecks.prices(run, problems);

        if (!problems.isEmpty()) {
            agents.close();
            throw new ConfigurationException(problems);
        }
        PreflightChecks.opikHealth(opik, agents);
        return new Plan(run, loaded.sources(), agents, judge.judge(), files, List.copyOf(runners), opik);
    }
}
