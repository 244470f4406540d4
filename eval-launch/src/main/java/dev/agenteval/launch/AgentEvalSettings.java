package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Environment;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.report.Reports;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ReportOptions;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The agent, the judge and the report folder of a run written in code, read from the settings the
 * command line and {@code @AgentEvalSuite} read ({@link Setting}): the system properties
 * {@code agent-eval.*}, then the variables {@code AGENT_EVAL_*} (and {@code ./.env}). So the
 * command line that configures a test run configures a suite run from code too:
 *
 * <pre>{@code
 * // ./mvnw test -Dagent-eval.agent-url=http://localhost:8080 -Dagent-eval.judge-model=gpt-4o-mini
 * Suite suite = SupportEval.suite();
 * EvalRunner runner = AgentEvalSettings.fromEnvironment().runner(suite).concurrency(8).build();
 * }</pre>
 *
 * A missing agent or judge is a {@link ConfigurationException} naming the settings that supply
 * it. Defaults written in code ({@link #withDefault}) give way to every setting.
 */
@API(status = MAINTAINED)
public final class AgentEvalSettings {

    private final Settings settings;
    private final Function<String, String> environment;
    private final Path workDir;
    private final Providers providers;
    private final RunPlan plan;

    private AgentEvalSettings(Settings settings, Function<String, String> environment, Path workDir, Providers providers) {
        this.plan = RunPlan.of(settings, environment, workDir, providers);
        this.settings = Objects.requireNonNull(settings, "settings");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.workDir = Objects.requireNonNull(workDir, "workDir");
        this.providers = Objects.requireNonNull(providers, "providers");
        LoggingHint.once();
    }

    /**
     * The settings of this process: system properties ({@code -Dagent-eval.agent-url=...}), then
     * the environment and {@code ./.env} ({@code AGENT_EVAL_AGENT_URL=...}), relative paths and
     * {@code agent-eval.targets.yaml} in the working folder, the providers on the class path.
     *
     * @throws ConfigurationException when {@code ./.env} cannot be read
     */
    public static AgentEvalSettings fromEnvironment() {
        Providers providers = Providers.discover(AgentEvalSettings.class.getClassLoader());
        Environment env = Wiring.environment(System.getenv(), Path.of(Environment.DOT_ENV), providers);
        return of(Settings.parameters(name -> Optional.ofNullable(System.getProperty(name)), env), env, Path.of(""),
                providers);
    }

    /**
     * Given settings (eval-junit's configuration parameters, a command line's options), the
     * environment they fall back on, the folder relative paths start from and the providers.
     */
    public static AgentEvalSettings of(Settings settings, Function<String, String> environment, Path workDir,
                                       Providers providers) {
        return new AgentEvalSettings(settings, environment, workDir, providers);
    }

    /**
     * These settings with {@code value} as the default of {@code setting}: used only when no
     * option, parameter or variable gives one ({@link Settings#withDefault}). A judge chosen by
     * the settings (even {@code AGENT_EVAL_JUDGE=overlap} alone) wins over a judge model given here.
     */
    public AgentEvalSettings withDefault(Setting setting, String value) {
        return new AgentEvalSettings(settings.withDefault(setting, value), environment, workDir, providers);
    }

    /** The settings' values. */
    public Settings settings() {
        return settings;
    }

    /**
     * A new client of the agent the settings name (close it when done).
     *
     * @throws ConfigurationException when no agent is named ({@code agent-eval.agent-url} /
     *                                {@code AGENT_EVAL_AGENT_URL}, or a target), or its settings are invalid
     */
    public AgentClient agent() {
        return plan.createAgent(null);
    }

    /** The run these settings describe, each concern resolved once ({@link RunPlan}). */
    public RunPlan plan() {
        return plan;
    }

    /**
     * The confidence level and seed of the reports' error bars ({@code agent-eval.confidence},
     * {@code agent-eval.seed}; 95% and a fixed seed by default).
     *
     * @throws ConfigurationException naming the setting when a level is not between 0 and 1 exclusive
     *                                or a seed not an integer
     */
    public Confidence confidence() {
        return plan.confidence();
    }

    /**
     * The gates and the baseline ({@code agent-eval.threshold}, {@code agent-eval.threshold-lower-bound},
     * {@code agent-eval.baseline}, {@code agent-eval.fail-on-regression},
     * {@code agent-eval.fail-on-significant-regression}, {@code agent-eval.significance}), the
     * baseline read relative to the working folder.
     *
     * @throws ConfigurationException listing every invalid value, each naming its setting
     */
    public GateSettings gates() {
        return plan.gates();
    }

    /** The judge the settings choose ({@link Wiring#judge}), if they choose one. */
    public Optional<Judge> findJudge() {
        return plan.judge();
    }

    /**
     * The judge the settings choose.
     *
     * @throws ConfigurationException when they choose none, naming {@code agent-eval.judge-model}
     *                                ({@code AGENT_EVAL_JUDGE_MODEL}) and {@code agent-eval.judge=overlap}
     *                                ({@code AGENT_EVAL_JUDGE=overlap})
     */
    public Judge judge() {
        return findJudge().orElseThrow(() -> new ConfigurationException("no judge: " + Wiring.howToChooseJudge(settings)));
    }

    /**
     * The folder of {@code suite}'s reports: a subfolder named after the suite (as the command line
     * names it when several suites run) of {@code agent-eval.report-dir}, so that the suites of
     * one build do not overwrite each other's; empty when no report folder is set.
     */
    public Optional<Path> reportDir(Suite suite) {
        return Wiring.reportDir(settings, workDir).map(dir -> Wiring.reportDir(dir, suite, true));
    }

    /**
     * A runner for {@code suite}: {@link #runner(Collection)}, writing the reports in
     * {@link #reportDir(Suite)} when a report folder is set.
     *
     * @throws ConfigurationException as {@link #runner(Collection)}
     */
    public EvalRunner.Builder runner(Suite suite) {
        EvalRunner.Builder b = runner(List.of(suite));
        ReportOptions options = ReportOptions.none().with(Confidence.class, confidence());
        reportDir(suite).ifPresent(dir -> b.sink(Reports.all(dir, options)));
        return b;
    }

    /**
     * A runner for {@code suites}, without report sinks: the agent ({@link #agent()}), the judge
     * the settings choose when a case needs one, the providers, the environment with its secrets,
     * the judge's redaction, the prices of the target and the descriptions of agent and judge that
     * reports and fingerprints carry. A case that needs a judge the settings do not choose fails
     * the run's preflight, which names its scorer and the settings that choose a judge.
     *
     * @throws ConfigurationException as {@link #agent()}, or when the judge's settings are invalid
     */
    public EvalRunner.Builder runner(Collection<Suite> suites) {
        return runner(suites, agent());
    }

    /**
     * {@link #runner(Collection)} with {@code agent} as the agent (an agent given in code, or one
     * the caller closes).
     *
     * @throws ConfigurationException when the judge's settings are invalid
     */
    public EvalRunner.Builder runner(Collection<Suite> suites, AgentClient agent) {
        return plan.runner(suites, agent);
    }
}
