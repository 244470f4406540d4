package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Environment;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.report.Reports;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.junit.internal.ClasspathSuites;
import dev.agenteval.junit.internal.SuiteRun;
import dev.agenteval.junit.internal.Supplied;
import dev.agenteval.agents.FrameworkAgentClient;
import dev.agenteval.launch.internal.Fingerprints;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.opik.OpikException;
import dev.agenteval.opik.OpikSink;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.ResultSink;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import dev.agenteval.launch.AgentEvalSettings;
import dev.agenteval.launch.GateSettings;
import dev.agenteval.results.Baseline;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.yaml.SuiteLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suites named by {@link AgentEvalSuite} on a test class, and a runner for them whose agent
 * and judge come from configuration parameters or environment variables (see
 * {@link AgentEvalSuite} for the names). {@link AgentEvalExtension} hands it to test factories:
 *
 * <pre>{@code
 * @AgentEvalSuite("evals/hello.yaml")
 * class HelloEvalTest {
 *     @TestFactory
 *     Stream<DynamicNode> hello(AgentEvalSetup setup) {
 *         return setup.dynamicTests();
 *     }
 * }
 * }</pre>
 *
 * Suites are loaded and the agent client is created on first use, so a missing resource or
 * setting fails the factory with a message naming it. Closing it closes the agent client.
 */
@API(status = MAINTAINED)
public final class AgentEvalSetup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AgentEvalSetup.class);

    private final Class<?> testClass;
    private final List<String> resources;
    private final Settings settings;
    private final Function<String, String> environment;
    private List<Suite> suites;
    private AgentClient agent;
    private EvalRunner runner;
    private final LazyProviders providers;
    private final Function<String, Optional<String>> parameters;
    private final Path workDir;
    private AgentEvalSettings launch;
    /** The test instance whose members may supply the agent and the judge, or null. */
    private Object testInstance;
    /** The member that supplied the agent, or null when it comes from the settings. */
    private String agentMember;
    /** Whether {@link #close()} closes the agent: not a field's, which its owner closes. */
    private boolean ownsAgent = true;

    /** The parameter that records each suite in Opik as an experiment: {@code true} or {@code false}. */
    public static final String OPIK_PARAMETER = "agent-eval.opik";
    /** With {@link #OPIK_PARAMETER}: the Opik dataset (default: the suite's name). */
    public static final String OPIK_DATASET_PARAMETER = "agent-eval.opik.dataset-name";
    /** With {@link #OPIK_PARAMETER}: the Opik experiment (default: the suite's name and the run's start time). */
    public static final String OPIK_EXPERIMENT_PARAMETER = "agent-eval.opik.experiment-name";

    static {
        // One declaration: these are the parameters of the launch settings.
        if (!OPIK_PARAMETER.equals(Setting.OPIK.parameter()) || !OPIK_DATASET_PARAMETER.equals(Setting.OPIK_DATASET.parameter())
                || !OPIK_EXPERIMENT_PARAMETER.equals(Setting.OPIK_EXPERIMENT.parameter())) {
            throw new AssertionError("the Opik parameters differ from dev.agenteval.launch.Setting's");
        }
    }

    AgentEvalSetup(Class<?> testClass, String[] resources, Function<String, Optional<String>> parameters) {
        this(testClass, resources, parameters, null);
    }

    /** With {@code environment} null, the process environment and {@code ./.env} are read on first use. */
    AgentEvalSetup(Class<?> testClass, String[] resources, Function<String, Optional<String>> parameters,
                   Function<String, String> environment) {
        this(testClass, resources, parameters, environment, Path.of(""));
    }

    /** {@code workDir}: where {@code agent-eval.targets.yaml} and relative report folders are. */
    AgentEvalSetup(Class<?> testClass, String[] resources, Function<String, Optional<String>> parameters,
                   Function<String, String> environment, Path workDir) {
        this.workDir = Objects.requireNonNull(workDir, "workDir");
        this.testClass = Objects.requireNonNull(testClass, "testClass");
        this.resources = resources == null ? null : List.of(resources);
        this.providers = new LazyProviders(testClass.getClassLoader());
        this.environment = environment != null ? environment : new LazyEnvironment(providers);
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.settings = Settings.parameters(parameters, this.environment);
    }

    /** Reads {@link AgentEvalAgent} and {@link AgentEvalJudge} members that are not static from {@code instance}. */
    synchronized AgentEvalSetup testInstance(Object instance) {
        this.testInstance = instance;
        return this;
    }

    /**
     * The suites, loaded from the class path on the first call.
     *
     * @throws ConfigurationException when the class has no {@link AgentEvalSuite}, a resource is
     *                                missing or a suite is invalid
     */
    public synchronized List<Suite> suites() {
        if (suites == null) {
            if (resources == null) {
                throw new ConfigurationException(testClass.getName() + " has no @AgentEvalSuite: name the suites to run,"
                        + " e.g. @AgentEvalSuite(\"evals/hello.yaml\")");
            }
            if (resources.isEmpty()) {
                throw new ConfigurationException("@AgentEvalSuite on " + testClass.getName() + " names no suite");
            }
            // With agent-eval.external-id or agent-eval.system-agent the local <name>.agent.yaml describes another agent.
            SuiteLoader loader = SuiteLoader.builder().providers(providers()).readAgentFile(Wiring.readsAgentFile(settings))
                    .build();
            List<Suite> loaded = new ArrayList<>();
            for (String resource : resources) {
                loaded.add(ClasspathSuites.load(testClass.getClassLoader(), resource, loader));
            }
            suites = List.copyOf(loaded);
        }
        return suites;
    }

    /**
     * The runner: the configured agent, a judge when a suite has a judge scorer, and report sinks
     * when a report folder is configured, the prices of the target's {@code prices:} block, and a
     * user simulator when a suite simulates one (chosen as the command line chooses it). Created on
     * the first call. An agent, a judge or a user simulator the test class supplies
     * ({@link AgentEvalAgent}, {@link AgentEvalJudge}, {@link AgentEvalSimulator}) wins over the settings'.
     *
     * @throws ConfigurationException when no agent is configured or a setting is invalid
     */
    public synchronized EvalRunner runner() {
        if (runner == null) {
            runner = runner(suites());
        }
        return runner;
    }

    private synchronized EvalRunner runner(List<Suite> all) {
        AgentClient client = agent();
        Judge judge = Supplied.find(testClass, testInstance, AgentEvalJudge.class, List.of(Judge.class))
                .map(s -> (Judge) s.value()).orElse(null);
        Optional<Supplied> simulator = Supplied.find(testClass, testInstance, AgentEvalSimulator.class,
                List.of(UserSimulator.class));
        // With a judge from code the settings' judge is neither chosen nor built: configure builds one
        // only for suites that need it.
        EvalRunner.Builder b = launch().plan().configure(EvalRunner.builder(), judge == null ? all : List.of(), client,
                null);
        if (agentMember != null) {
            b.agentDescription("code " + agentMember);
        }
        if (judge != null) {
            b.judge(judge).judgeDescription(Objects.requireNonNullElse(Fingerprints.describeJudge(judge), judge.name()));
        }
        // Simulated cases need a simulator: the class's, else the settings' (as the command line's).
        simulator.map(s -> (UserSimulator) s.value())
                .or(() -> Wiring.simulates(all) ? Optional.of(launch().plan().simulator()) : Optional.empty())
                .ifPresent(b::simulator);
        return b.build();
    }

    /**
     * The settings as an embedder reads them, over this class's parameters, environment and
     * providers, made on first use: their run is resolved once for all the suites of the class.
     */
    private synchronized AgentEvalSettings launch() {
        if (launch == null) {
            launch = AgentEvalSettings.of(settings, environment, workDir, providers());
        }
        return launch;
    }

    /**
     * One dynamic test per case, named by the case id; with several suites, one container per
     * suite. See {@link AgentEvals} for what each test reports.
     */
    public Stream<DynamicNode> dynamicTests() {
        return dynamicTests(suites(), runner());
    }

    /**
     * One dynamic test per case of suites written in code, named by the case id (with several
     * suites, one container per suite), run with the agent, judge, report folder and Opik of the
     * same settings as {@link AgentEvalSuite}'s: a test class need not be annotated for it.
     *
     * <pre>{@code
     * @ExtendWith(AgentEvalExtension.class)
     * class SupportEvalTest {
     *     @TestFactory
     *     Stream<DynamicNode> support(AgentEvalSetup setup) {
     *         return setup.dynamicTests(SupportEval.suite());
     *     }
     * }
     * }</pre>
     *
     * @throws ConfigurationException when no agent is configured or a setting is invalid
     */
    public Stream<DynamicNode> dynamicTests(Suite suite, Suite... more) {
        List<Suite> all = new ArrayList<>();
        all.add(Objects.requireNonNull(suite, "suite"));
        all.addAll(List.of(more));
        return dynamicTests(List.copyOf(all), runner(all));
    }

    private Stream<DynamicNode> dynamicTests(List<Suite> all, EvalRunner base) {
        OpikSink opik = opik();
        if (opik != null && opik.recording()) {
            // Before any agent call: a run that cannot be recorded fails the factory, naming the URL.
            try {
                opik.checkHealth();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OpikException("Interrupted during the Opik health check", 0, e);
            }
        }
        // Each suite's reports in its own subfolder: the suites of other test classes share the report folder.
        AgentEvalSettings launch = launch();
        // The error bars at agent-eval.confidence and agent-eval.seed, the gates and the baseline; an
        // invalid value fails here, naming it.
        Confidence confidence = launch.confidence();
        GateSettings gates = launch.gates();
        gates.requireBaselineSuite(all);
        return all.stream().flatMap(suite -> {
            OpikSink sink = opik == null ? null : opik.forSuite(suite);
            Baseline baseline = gates.baselineFor(suite, all.size() > 1, LOG::warn).orElse(null);
            ReportOptions reportOptions = ReportOptions.none().with(Confidence.class, confidence);
            if (baseline != null) {
                reportOptions = reportOptions.with(Baseline.class, baseline);
            }
            ReportOptions options = reportOptions;
            EvalRunner r = launch.reportDir(suite).map(dir -> base.toBuilder()
                            .sink(linked(sink, Reports.all(dir, options))).build())
                    .orElse(base);
            Stream<DynamicNode> tests = tests(suite, r, sink, gates, baseline, all.size() > 1);
            return all.size() == 1 ? tests : Stream.of(DynamicContainer.dynamicContainer(suite.name(), tests));
        });
    }

    private static ResultSink linked(OpikSink opik, ResultSink sink) {
        return opik == null ? sink : opik.linking(sink);
    }

    /** The display name of the test that records a suite in Opik, after its cases. */
    public static final String OPIK_TEST = "record in Opik";

    /**
     * The display name of the test of a suite's gates, after its cases: with
     * {@code agent-eval.threshold} or {@code agent-eval.threshold-lower-bound}, or a baseline with
     * {@code agent-eval.fail-on-regression} or {@code agent-eval.fail-on-significant-regression}.
     */
    public static final String GATE_TEST = "gate";

    /**
     * The case tests of {@code suite}; with gates, then {@value #GATE_TEST}, which fails when the
     * run does not meet them (a threshold then decides the suite: failed cases are aborted, each
     * with its failure); when recording in Opik, then {@value #OPIK_TEST}, that uploads the run:
     * when the upload fails, that test fails with the Opik error, and every case keeps its own
     * verdict (in the console and the XML reports).
     */
    private static Stream<DynamicNode> tests(Suite suite, EvalRunner runner, OpikSink opik, GateSettings gates,
                                             Baseline baseline, boolean qualified) {
        SuiteRun run = new SuiteRun(suite, runner, gates.gated() ? String.join(" and ", gates.thresholdsGiven()) : null);
        Stream<DynamicNode> tests = run.tests(qualified).map(DynamicNode.class::cast);
        if (gates.decidesBeyondCases()) {
            tests = Stream.concat(tests, Stream.of(DynamicTest.dynamicTest(GATE_TEST, () -> {
                GateSettings.Verdict verdict = gates.verdictBeyondCases(ranOrAbort(run, suite, "nothing to gate"),
                        baseline);
                if (!verdict.met()) {
                    throw new AssertionFailedError("suite '" + suite.name() + "' does not meet its gates:\n"
                            + String.join("\n", verdict.lines()));
                }
                verdict.lines().forEach(line -> LOG.info("Suite '{}': {}", suite.name(), line));
            })));
        }
        if (opik == null || !opik.recording()) {
            return tests;
        }
        DynamicTest upload = DynamicTest.dynamicTest(OPIK_TEST, () -> {
            SuiteResult result = ranOrAbort(run, suite, "nothing to record in Opik");
            try {
                opik.write(result);
            } catch (OpikException e) {
                throw new OpikException("the cases of suite '" + suite.name() + "' have their verdicts, but the run"
                        + " could not be recorded in Opik: " + e.getMessage(), e.status(), e);
            }
            opik.experimentUrl().ifPresent(u -> LOG.info("Opik experiment of suite '{}': {}", suite.name(), u));
        });
        return Stream.concat(tests, Stream.of(upload));
    }

    /** The run's result; aborts the test when the run could not be carried out (every case reports that). */
    private static SuiteResult ranOrAbort(SuiteRun run, Suite suite, String what) {
        try {
            return run.result();
        } catch (RuntimeException e) {
            throw new TestAbortedException(what + ": the run of suite '" + suite.name() + "' was not carried out");
        }
    }

    /**
     * The Opik sink the settings describe ({@link dev.agenteval.launch.RunPlan#opik}), or null: recording the suites
     * with {@link #OPIK_PARAMETER}, else only linking the agent's traces when an Opik is configured.
     */
    private OpikSink opik() {
        return launch().plan().opik().orElse(null);
    }

    /**
     * Closes the agent client, if one was created (not one an {@link AgentEvalAgent} field holds),
     * and the run's tracing: the exported trace is flushed and the receiver of the agent's traces stopped.
     */
    @Override
    public synchronized void close() {
        if (launch != null) {
            try {
                launch.plan().tracing().close();
            } catch (RuntimeException e) {
                // An invalid tracing setting was reported when the runner was built; nothing was started.
                LOG.debug("No tracing to close for {}", testClass.getName(), e);
            }
        }
        if (agent != null && ownsAgent) {
            try {
                agent.close();
            } catch (Exception e) {
                // The tests have their verdicts; a client that does not close cleanly changes none.
                LOG.warn("Could not close the agent client of {}", testClass.getName(), e);
            }
        }
        agent = null;
    }

    private synchronized AgentClient agent() {
        if (agent == null) {
            Optional<Supplied> supplied = Supplied.find(testClass, testInstance, AgentEvalAgent.class,
                    List.of(AgentClient.class, FrameworkAgent.class));
            if (supplied.isPresent()) {
                Object value = supplied.get().value();
                agentMember = supplied.get().member();
                ownsAgent = supplied.get().fromMethod() || value instanceof FrameworkAgent;
                agent = value instanceof FrameworkAgent framework ? FrameworkAgentClient.of(framework) : (AgentClient) value;
                return agent;
            }
            if (!Wiring.agentNamed(settings)) {
                throw new ConfigurationException("no agent for " + testClass.getName() + ": "
                        + Wiring.howToNameAgent(settings) + "; or supply it from code with an @"
                        + AgentEvalAgent.class.getSimpleName() + " method or field of the test class");
            }
            agent = launch().plan().createAgent(null);
        }
        return agent;
    }

    private Providers providers() {
        return providers.get();
    }

    /**
     * The providers the test class's loader finds, discovered when first asked and then kept: the
     * suites' scorers, the environment's declared variables, the agent's protocol, the judge and
     * the runner all come from them.
     */
    private static final class LazyProviders {
        private final ClassLoader loader;
        private Providers discovered;

        LazyProviders(ClassLoader loader) {
            this.loader = loader;
        }

        synchronized Providers get() {
            if (discovered == null) {
                discovered = Providers.discover(loader);
            }
            return discovered;
        }
    }

    /** The process environment and {@code ./.env}, read when first asked. */
    private static final class LazyEnvironment implements Function<String, String> {
        private final LazyProviders providers;
        private Function<String, String> loaded;

        LazyEnvironment(LazyProviders providers) {
            this.providers = providers;
        }

        @Override
        public synchronized String apply(String name) {
            if (loaded == null) {
                loaded = Wiring.environment(System.getenv(), Path.of(Environment.DOT_ENV), providers.get());
            }
            return loaded.apply(name);
        }
    }
}
