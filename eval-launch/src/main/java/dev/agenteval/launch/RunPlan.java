package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.internal.Fingerprints;
import dev.agenteval.opik.OpikSink;
import dev.agenteval.otel.RunTracer;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One run's settings resolved once: the agent ({@link AgentPlan}), the judge, the user simulator,
 * the error bars, the gates and baseline, the report folder, the prices and Opik. Each concern is
 * resolved the first time it is asked for and then kept, its value or its problem alike, so that
 * a front end's checks and its run see the same answers; none of them sends anything. The command
 * line, eval-junit, the Maven plugin (through the command line) and an embedder
 * ({@link AgentEvalSettings}) build their runner with {@link #configure}.
 */
@API(status = EXPERIMENTAL)
public final class RunPlan {

    private final Settings settings;
    private final Function<String, String> environment;
    private final Path workDir;
    private final Providers providers;
    private final Path priceFile;
    private final Once<AgentPlan> agent;
    private final Once<Optional<Judge>> judge;
    private final Once<Confidence> confidence;
    private final Once<GateSettings> gates;
    private final Once<Optional<OpikSink>> opik;
    private final Once<Prices> prices;
    private final Once<TracePlan> tracing;

    private RunPlan(Settings settings, Function<String, String> environment, Path workDir, Providers providers,
                    Path priceFile) {
        this.priceFile = priceFile;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.workDir = Objects.requireNonNull(workDir, "workDir");
        this.providers = Objects.requireNonNull(providers, "providers");
        this.agent = new Once<>(() -> AgentPlan.resolve(settings, environment, workDir));
        this.judge = new Once<>(() -> Optional.ofNullable(Wiring.judge(settings, providers, environment)));
        this.confidence = new Once<>(() -> Wiring.confidence(settings));
        this.gates = new Once<>(() -> GateSettings.of(settings, workDir));
        this.opik = new Once<>(() -> Wiring.opik(settings, validAgent().flatMap(AgentPlan::targetOpik)));
        this.prices = new Once<>(() -> Wiring.prices(validAgent().map(AgentPlan::targetPrices).orElse(Prices.none()),
                workDir, priceFile));
        this.tracing = new Once<>(() -> TracePlan.of(settings, environment));
    }

    /**
     * The plan of {@code settings}, which fall back on {@code environment}, with relative paths
     * and {@code agent-eval.targets.yaml} in {@code workDir} and plugins from {@code providers}.
     */
    public static RunPlan of(Settings settings, Function<String, String> environment, Path workDir, Providers providers) {
        return new RunPlan(settings, environment, workDir, providers, null);
    }

    /**
     * This plan with the price table of {@code priceFile} (the command line's {@code --prices}, null:
     * none) over the target's, resolved anew.
     */
    public RunPlan withPriceFile(Path priceFile) {
        return new RunPlan(settings, environment, workDir, providers, priceFile);
    }

    /** The settings' values. */
    public Settings settings() {
        return settings;
    }

    /** The environment the settings and the providers read. */
    public Function<String, String> environment() {
        return environment;
    }

    /** The folder relative paths start from. */
    public Path workDir() {
        return workDir;
    }

    /** The providers: scorers, protocols, judges, report formats. */
    public Providers providers() {
        return providers;
    }

    /**
     * The agent the settings name, resolved once.
     *
     * @throws ConfigurationException the same every time, when its settings contradict each other or a
     *                                target cannot be resolved
     */
    public AgentPlan agent() {
        return agent.get();
    }

    /** The agent when its settings resolve; empty when they do not ({@link #agent()} says why). */
    private Optional<AgentPlan> validAgent() {
        try {
            return Optional.of(agent.get());
        } catch (ConfigurationException e) {
            return Optional.empty();
        }
    }

    /**
     * A new client of the agent (close it when done), talking to {@code defaultAgentId} (the id of
     * a suite's {@code <name>.agent.yaml}, or null) when the settings name no agent id.
     *
     * @throws ConfigurationException when no agent is named, naming the settings that name one, or
     *                                as {@link AgentPlan#create}
     */
    public AgentClient createAgent(String defaultAgentId) {
        if (!agent().named()) {
            throw new ConfigurationException("no agent: " + Wiring.howToNameAgent(settings));
        }
        return agent().create(providers, defaultAgentId);
    }

    /**
     * The judge the settings choose ({@link Wiring#judge}), created once; empty when they choose none.
     *
     * @throws ConfigurationException the same every time, when the judge's settings are invalid
     */
    public Optional<Judge> judge() {
        return judge.get();
    }

    /** Whether a case of {@code suites} has a scorer that needs a judge. */
    public boolean needsJudge(Collection<Suite> suites) {
        return Wiring.needsJudge(suites, providers);
    }

    /**
     * A new user simulator for simulated cases ({@link Wiring#simulator}).
     *
     * @throws ConfigurationException when no model is configured or a setting is invalid
     */
    public UserSimulator simulator() {
        return Wiring.simulator(settings, providers, environment);
    }

    /**
     * The error bars' level and seed, resolved once.
     *
     * @throws ConfigurationException the same every time, naming the setting of an invalid value
     */
    public Confidence confidence() {
        return confidence.get();
    }

    /**
     * The gates and the baseline, resolved (and the baseline read) once.
     *
     * @throws ConfigurationException the same every time, listing every invalid value
     */
    public GateSettings gates() {
        return gates.get();
    }

    /** The report folder ({@link Setting#REPORT_DIR}) against the working folder, if one is set. */
    public Optional<Path> reportDir() {
        return Wiring.reportDir(settings, workDir);
    }

    /**
     * The Opik sink the settings describe (recording, or only linking traces), resolved once;
     * empty when no Opik is configured.
     *
     * @throws ConfigurationException the same every time, listing every problem
     */
    public Optional<OpikSink> opik() {
        return opik.get();
    }

    /**
     * The prices of the target's {@code prices:} block, then of the price file ({@link #withPriceFile}),
     * which win for a model priced in both.
     *
     * @throws ConfigurationException the same every time, naming the file, line, column and field of every problem
     */
    public Prices prices() {
        return prices.get();
    }

    /**
     * The run's tracing (trace context, trace links, the receiver of the agent's traces), resolved
     * once; close it when the run ends ({@link TracePlan#close}).
     *
     * @throws ConfigurationException the same every time, listing every invalid value
     */
    public TracePlan tracing() {
        return tracing.get();
    }

    /**
     * {@code builder} given what the settings decide of a run of {@code suites} against
     * {@code agent}: the providers, the environment with its secrets, the judge when a case needs
     * one (with its description and the redaction of what it is sent), the agent with its
     * description ({@code defaultAgentId}: the id of the suite's {@code <name>.agent.yaml} the
     * agent talks to, or null), and the target's prices. A case that needs a judge the settings do
     * not choose fails the runner's preflight, which names its scorer.
     *
     * @throws ConfigurationException when the judge's settings are invalid
     */
    public EvalRunner.Builder configure(EvalRunner.Builder builder, Collection<Suite> suites, AgentClient agent,
                                        String defaultAgentId) {
        Objects.requireNonNull(agent, "agent");
        Judge chosen = needsJudge(suites) ? judge().orElse(null) : null;
        // Read whether or not a judge runs, so that an invalid value is reported either way.
        boolean redact = Wiring.redactJudgeInput(settings);
        Optional<String> described = validAgent().map(a -> a.describe(defaultAgentId));
        builder.agent(agent).providers(providers).environment(environment).redactJudgeInput(redact)
                .agentDescription(described.orElseGet(() -> Fingerprints.describeAgent(settings, defaultAgentId)))
                .prices(prices());
        Optional<RunTracer> tracer = tracing().tracer(described.orElseGet(agent::description));
        tracer.ifPresent(builder::listener);
        builder.turnHook(tracing().hooks().toArray(dev.agenteval.spi.TurnHook[]::new));
        if (chosen != null) {
            builder.judge(tracer.map(t -> t.judge(chosen)).orElse(chosen)).judgeDescription(Fingerprints.describeJudge(chosen));
        }
        return builder;
    }

    /** {@link #configure} of a new builder. */
    public EvalRunner.Builder runner(Collection<Suite> suites, AgentClient agent) {
        return configure(EvalRunner.builder(), suites, agent, null);
    }

    /** A value computed on first use and kept, or the problem computing it raised, raised again on every use. */
    private static final class Once<T> {
        private final Supplier<T> compute;
        private T value;
        private RuntimeException problem;
        private boolean done;

        Once(Supplier<T> compute) {
            this.compute = compute;
        }

        synchronized T get() {
            if (!done) {
                try {
                    value = compute.get();
                } catch (ConfigurationException | IllegalArgumentException e) {
                    problem = e;
                }
                done = true;
            }
            if (problem != null) {
                throw problem;
            }
            return value;
        }
    }
}
