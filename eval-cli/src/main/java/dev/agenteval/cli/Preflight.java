package dev.agenteval.cli;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.results.Journal;
import dev.agenteval.report.Reports;
import dev.agenteval.core.Providers;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.launch.RunPlan;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.spi.ReportFormat;
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
     * @param runners per source, in order, the runner settings its suite was checked with
     *                ({@link EvalRunner.Builder#check}), holding the scorers the check created
     */
    record Plan(RunPlan run, List<SuiteSources.Source> sources, Agents agents, Judge judge, Path reportFolder,
                Path outputFile, Path defaultResults, List<EvalRunner.Builder> runners, dev.agenteval.opik.OpikSink opik,
                List<Journal.Contents> journals)
            implements AutoCloseable {

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
            return journals.isEmpty() ? null : journals.get(index(suite));
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
        o.validate(problems, agentRequired, settings);
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
        Agents agents = Agents.NONE;
        if (agentRequired || o.agentOptions.given()) {
            List<String> agentProblems = new ArrayList<>();
            o.agentOptions.validate(agentProblems, settings);
            if (agentProblems.isEmpty()) {
                agents = agents(loaded.sources(), run, problems);
            }
        }
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
        return new Plan(run, loaded.sources(), agents, judge.judge(), files.reportFolder(), files.outputFile(),
                files.defaultResults(), List.copyOf(runners), opik, files.journals());
    }



    /**
     * The agent clients: one for the settings, and, for a {@code platform-chat} agent that the
     * settings and the target name no id for, one per {@code externalId} of the suites'
     * {@code <name>.agent.yaml} (as the platform's CLI reads it). A suite without one is a problem,
     * unless each of its cases names its agent.
     */
    private static Agents agents(List<SuiteSources.Source> sources, RunPlan run, List<String> problems) {
        List<String> fileIds = new ArrayList<>();
        boolean fromFiles;
        try {
            fromFiles = run.agent().needsAgentId();
        } catch (ConfigurationException e) {
            fromFiles = false; // reported where the agent is created
        }
        SuiteLoader loader = SuiteLoader.builder().providers(run.providers()).build();
        for (SuiteSources.Source source : sources) {
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
            return Agents.NONE;
        }
        return new Agents(byId, fileIds);
    }

    /** Whether some case of {@code suite} names no agent of its own. */
    private static boolean needsId(Suite suite) {
        return suite.cases().stream().anyMatch(c -> c.agentId().isEmpty());
    }

    /** The formats a report folder gets: those {@code ids} name (checked before), else the default ones. */
    static List<? extends ReportFormat> reportFormats(List<String> ids, Providers providers) {
        return PreflightChecks.reportFormats(ids == null ? Reports.DEFAULT_FORMATS : ids, providers, new ArrayList<>());
    }


}
