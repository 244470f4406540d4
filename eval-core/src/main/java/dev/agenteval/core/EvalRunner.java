package dev.agenteval.core;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Prices;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.internal.Preparation;
import dev.agenteval.core.internal.ResolvedScorers;
import dev.agenteval.core.internal.RunFingerprint;
import dev.agenteval.core.internal.RunSettings;
import dev.agenteval.core.internal.SuiteRun;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.UserSimulator;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Runs suites against an agent. Built once, thread-safe, reusable for many runs.
 *
 * <pre>{@code
 * EvalRunner runner = EvalRunner.builder()
 *         .agent(InProcessAgent.replying(text -> "Hello! I can help with orders."))
 *         .concurrency(8)
 *         .caseTimeout(Duration.ofMinutes(2))
 *         .sink(Reports.sink("json", Path.of("target/results.json")))
 *         .build();
 * SuiteResult result = runner.run(suite);
 * }</pre>
 *
 * <p>Cases run concurrently up to the limit; the turns of a case run in order on one session. A
 * case that exceeds its timeout is cut off (its session cancelled, its worker interrupted) and
 * records {@code eval_timeout}. Every selected case ends with a {@link CaseResult},
 * whatever fails; {@link #run} never exits the JVM. An invalid suite (unknown scorer, bad
 * parameters, unresolved placeholder, missing environment variable) fails with a
 * {@link ConfigurationException} listing every problem before anything is sent.
 *
 * <p>{@code {{placeholders}}} are resolved in every turn's message, in the agent payload and id,
 * and in scorer parameters (a {@code must_include} value, a JSONPath, a JSON fragment), from the
 * variables in scope: a turn's over its case's over its suite's, over the built-ins
 * {@code today} and {@code yesterday} (the run's UTC date and the day before, from
 * {@link Builder#clock}). A {@link dev.agenteval.api.Variable#randomInt random whole number} is
 * drawn once per case ({@link Builder#random}).
 *
 * <p>A case runs {@code repeat} times, each on a fresh session: its own {@code repeat} wins, then
 * its suite's, then the runner's ({@link Builder#repeat}); it passes when the share of passed
 * attempts meets its pass threshold (the case's, else the suite's, else every attempt). Every
 * result records a {@link Fingerprint} of what was evaluated (see {@link #fingerprint(Suite)}),
 * which a {@code dev.agenteval.results.Gate} (eval-results) checks.
 */
@API(status = STABLE)
public final class EvalRunner {

    /** The concurrency used when neither the runner nor the suite sets one. */
    public static final int DEFAULT_CONCURRENCY = 4;

    private final RunSettings settings;

    private EvalRunner(RunSettings settings) {
        this.settings = settings;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the selected cases of {@code suite} and writes the sinks.
     *
     * @return one result per selected case, in suite order; never null
     * @throws ConfigurationException when the suite or the selection is invalid (nothing was sent)
     * @throws JudgeException when a selected scorer needs the judge and its preflight fails (nothing was sent)
     * @throws ReportException when a sink could not be written (the result is attached)
     */
    public SuiteResult run(Suite suite) {
        Objects.requireNonNull(suite, "suite");
        return new SuiteRun(settings).run(suite);
    }

    /**
     * The fingerprint a run of every case of {@code suite} with this runner records: the hash of
     * the suite's canonical form (with this runner's default repeat and timeout resolved into each
     * case), the agent and judge descriptions ({@link Builder#agentDescription},
     * {@link Builder#judgeDescription}) and their combined hash. Compare it with a stored result's
     * to tell whether that result is of the current configuration ({@code dev.agenteval.results.Gate.evaluate(SuiteResult, Fingerprint)}, eval-report).
     */
    public Fingerprint fingerprint(Suite suite) {
        Objects.requireNonNull(suite, "suite");
        return RunFingerprint.of(settings, suite, settings.providers().needsJudge(suite.cases()));
    }

    /** The judge, if configured. */
    public Optional<Judge> judge() {
        return Optional.ofNullable(settings.judge());
    }

    /** The user simulator of simulated cases, if configured. */
    public Optional<UserSimulator> simulator() {
        return Optional.ofNullable(settings.simulator());
    }

    /** The registry used to find scorers. */
    public Providers providers() {
        return settings.providers();
    }

    /** A builder holding this runner's settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        RunSettings s = settings;
        b.agent = s.agent();
        b.judge = s.judge();
        b.simulator = s.simulator();
        b.providers = s.providers();
        b.concurrency = s.concurrency();
        b.caseTimeout = s.caseTimeout();
        b.stopOnFailure = s.stopOnFailure();
        b.caseIds.addAll(s.caseIds());
        b.tags.addAll(s.tags());
        b.repeat = s.repeat();
        b.shard = s.shard();
        b.listeners.addAll(s.listeners());
        b.sinks.addAll(s.sinks());
        b.environment = s.environment();
        b.agentDescription = s.agentDescription();
        b.agentConfiguration = s.agentConfiguration();
        b.judgeDescription = s.judgeDescription();
        b.secrets = s.secrets();
        b.redactJudgeInput = s.redactJudgeInput();
        b.prices = s.prices();
        b.clock = s.clock();
        b.random = s.random();
        b.checked = s.checked();
        b.resumed.putAll(s.resumed());
        return b;
    }

    /** Builder of an {@link EvalRunner}. */
    public static final class Builder {
        private AgentClient agent;
        private Judge judge;
        private UserSimulator simulator;
        private Providers providers;
        private Integer concurrency;
        private Duration caseTimeout;
        private boolean stopOnFailure;
        private final Set<String> caseIds = new LinkedHashSet<>();
        private final Set<String> tags = new LinkedHashSet<>();
        private int repeat = 1;
        private Shard shard;
        private final List<RunListener> listeners = new ArrayList<>();
        private final List<ResultSink> sinks = new ArrayList<>();
        private Function<String, String> environment = System::getenv;
        private String agentDescription;
        private Map<String, Object> agentConfiguration = Map.of();
        private String judgeDescription;
        private Secrets secrets = Secrets.shared();
        private boolean redactJudgeInput = true;
        private Prices prices = Prices.none();
        private Clock clock = Clock.systemUTC();
        private RandomGenerator random;
        private Providers discovered;
        private ResolvedScorers checked;
        private final Map<String, CaseResult> resumed = new java.util.LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Resumes an earlier run: a selected case with a result here keeps it and is not run again
         * (it is reported to listeners and sinks as finished before any case runs, and takes its
         * place in suite order in the run's result); the others run. Results of cases that were
         * not run ({@link CaseStatus#SKIPPED}) are ignored, so those cases run;
         * when an id comes twice, the later result wins; ids not in the suite are ignored. Read a
         * run's results back with {@code dev.agenteval.results.Journal} (eval-results) and check its
         * fingerprint first ({@link EvalRunner#fingerprint(Suite)}): the runner does not.
         */
        public Builder resume(java.util.Collection<CaseResult> finished) {
            for (CaseResult r : Objects.requireNonNull(finished, "finished")) {
                Objects.requireNonNull(r, "a resumed result");
                resumed.remove(r.id());
                if (r.status() != CaseStatus.SKIPPED) {
                    resumed.put(r.id(), r);
                }
            }
            return this;
        }

        /** The registry set, else the one {@link Providers#discover()} finds, discovered once per builder. */
        private Providers registry() {
            if (providers != null) {
                return providers;
            }
            if (discovered == null) {
                discovered = Providers.discover();
            }
            return discovered;
        }

        /**
         * The clock that dates a run: the built-in variables {@code {{today}}} and
         * {@code {{yesterday}}} are its UTC date when the run starts, and the day before, as
         * {@code yyyy-MM-dd}. Default {@link Clock#systemUTC()}; tests give a fixed clock.
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Where random whole numbers ({@link dev.agenteval.api.Variable#randomInt}) are drawn from,
         * once per case while a run is prepared, on the thread calling {@link EvalRunner#run}.
         * Default: the calling thread's {@link ThreadLocalRandom}; give a seeded
         * {@link java.util.Random} for repeatable draws.
         */
        public Builder random(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /**
         * The run's secrets, masked in every result (and so every report) and in what is sent to
         * the judge; the values of the suite's {@code env:} variables are added to them. Give the
         * same instance to the agent client and judge providers ({@code ProviderConfig.withSecrets})
         * so that the tokens they obtain are masked too. Default {@link Secrets#shared()}, which
         * the built-in providers also use by default.
         */
        public Builder secrets(Secrets secrets) {
            this.secrets = Objects.requireNonNull(secrets, "secrets");
            return this;
        }

        /**
         * Whether the run's secrets are masked in what is sent to the judge (default true: the
         * judge may be a hosted service). Turn it off only for a judge you trust with them.
         */
        public Builder redactJudgeInput(boolean redactJudgeInput) {
            this.redactJudgeInput = redactJudgeInput;
            return this;
        }

        /**
         * The user's price table: a turn whose agent reported tokens but no cost gets a cost computed
         * from the price of its model, marked {@linkplain dev.agenteval.api.Usage#costEstimated()
         * estimated}, before it is scored ({@code max_cost} reads it) and reported. A cost the agent
         * reported is kept. Default: {@link Prices#none()}.
         */
        public Builder prices(Prices prices) {
            this.prices = Objects.requireNonNull(prices, "prices");
            return this;
        }

        /** The agent to evaluate. Required. */
        public Builder agent(AgentClient agent) {
            this.agent = Objects.requireNonNull(agent, "agent");
            return this;
        }

        /** The judge for judge scorers; without one, suites using them are rejected. */
        public Builder judge(Judge judge) {
            this.judge = judge;
            return this;
        }

        /**
         * The model that plays the user of simulated cases ({@link dev.agenteval.api.Case#simulation()});
         * without one, suites with simulated cases are rejected. eval-judge's {@code openai}
         * simulator uses the judge's endpoint by default.
         */
        public Builder simulator(UserSimulator simulator) {
            this.simulator = simulator;
            return this;
        }

        /** The registry of scorer factories; defaults to {@link Providers#discover()}. */
        public Builder providers(Providers providers) {
            this.providers = Objects.requireNonNull(providers, "providers");
            return this;
        }

        /** The maximum number of case attempts in flight; overrides the suite's. Must be >= 1. */
        public Builder concurrency(int concurrency) {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be >= 1 but was " + concurrency);
            }
            this.concurrency = concurrency;
            return this;
        }

        /** The timeout of cases that set none (neither the case nor its suite). Must be positive. */
        public Builder caseTimeout(Duration caseTimeout) {
            Objects.requireNonNull(caseTimeout, "caseTimeout");
            if (caseTimeout.isZero() || caseTimeout.isNegative()) {
                throw new IllegalArgumentException("caseTimeout must be > 0 but was " + caseTimeout);
            }
            this.caseTimeout = caseTimeout;
            return this;
        }

        /** Stops starting cases after the first case that does not pass; the rest are skipped. */
        public Builder stopOnFailure(boolean stopOnFailure) {
            this.stopOnFailure = stopOnFailure;
            return this;
        }

        /** Runs only these case ids (repeatable); an unknown id fails the run. */
        public Builder caseId(String... ids) {
            for (String id : ids) {
                caseIds.add(Objects.requireNonNull(id, "case id"));
            }
            return this;
        }

        /** Runs only cases having at least one of these tags (repeatable). */
        public Builder tag(String... tags) {
            for (String t : tags) {
                this.tags.add(Objects.requireNonNull(t, "tag"));
            }
            return this;
        }

        /**
         * Runs each case this many times on fresh sessions, unless the case or its suite sets its own
         * {@code repeat} (the case's wins, then the suite's, then this). Must be >= 1.
         */
        public Builder repeat(int repeat) {
            if (repeat < 1) {
                throw new IllegalArgumentException("repeat must be >= 1 but was " + repeat);
            }
            this.repeat = repeat;
            return this;
        }

        /**
         * Runs only the selected cases (after the id and tag filters) that fall in shard
         * {@code index} (1-based) of {@code count}, chosen by case id ({@link Shard}): N runners
         * with shards 1/N..N/N together run every selected case exactly once. The result records
         * the shard; cases of other shards are not in it (they are not "skipped").
         *
         * @throws IllegalArgumentException unless {@code 1 <= index <= count}
         */
        public Builder shard(int index, int count) {
            return shard(Shard.of(index, count));
        }

        /** Like {@link #shard(int, int)}; null runs every selected case. */
        public Builder shard(Shard shard) {
            this.shard = shard;
            return this;
        }

        /** Adds a progress listener. */
        public Builder listener(RunListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /** Adds a result sink, written at the end of every run. */
        public Builder sink(ResultSink sink) {
            sinks.add(Objects.requireNonNull(sink, "sink"));
            return this;
        }

        /** Where {@code env:VAR} variables are read; defaults to {@link System#getenv(String)}. */
        public Builder environment(Function<String, String> environment) {
            this.environment = Objects.requireNonNull(environment, "environment");
            return this;
        }

        /**
         * How the agent appears in the result's {@link Fingerprint}, e.g. its protocol and URL;
         * never put a secret here. Default: the agent client's class name.
         */
        public Builder agentDescription(String description) {
            this.agentDescription = requireText(description, "agentDescription");
            return this;
        }

        /**
         * The configuration that decides the agent's behaviour as the front end knows it (e.g. the
         * content of a platform agent project's {@code <name>.agent.yaml}: prompt, tools, model,
         * settings), hashed into the result's {@link Fingerprint} together with what the agent
         * reports itself ({@link AgentClient#configuration()}). Top-level {@code name} and
         * {@code description} are ignored. Default: none.
         */
        public Builder agentConfiguration(Map<String, Object> configuration) {
            this.agentConfiguration = java.util.Collections.unmodifiableMap(
                    new java.util.LinkedHashMap<>(Objects.requireNonNull(configuration, "configuration")));
            return this;
        }

        /**
         * How the judge appears in the result's {@link Fingerprint}: its model and the settings that
         * change verdicts; never put a secret here. Default: the judge's {@link Judge#name()}.
         */
        public Builder judgeDescription(String description) {
            this.judgeDescription = requireText(description, "judgeDescription");
            return this;
        }

        private static String requireText(String value, String field) {
            Objects.requireNonNull(value, field);
            if (value.isBlank()) {
                throw new IllegalArgumentException(field + " must not be blank");
            }
            return value;
        }

        /**
         * Checks what {@link EvalRunner#run} checks before its first request, for the cases these
         * settings select, without sending anything (not even the judge's preflight): unknown case
         * ids, scorer types and parameters, {@code {{placeholders}}}, unset {@code env:} variables,
         * judge scorers without a judge, and, when an agent is set, each case the agent could not
         * open a session for ({@link AgentClient#sessionProblem}). Front ends use it to validate
         * every suite before running any.
         *
         * <p>The scorers the check creates are kept: the runners this builder builds afterwards,
         * over the same {@link Providers}, use them instead of asking the factories again, so a
         * checked suite's specs are each validated and created once.
         *
         * @throws ConfigurationException listing every problem
         */
        public void check(Suite suite) {
            Objects.requireNonNull(suite, "suite");
            List<Case> selected = SuiteRun.select(suite, Set.copyOf(caseIds), Set.copyOf(tags), shard);
            ResolvedScorers scorers = ResolvedScorers.reusing(registry(), checked);
            Preparation.withSessions(agent, suite, selected, () -> Preparation.prepare(suite, selected, scorers, judge, simulator,
                    environment, caseTimeout, repeat, Secrets.create(), clock, SuiteRun.randomOrDefault(random)));
            checked = scorers.snapshot();
        }

        /**
         * Builds the runner.
         *
         * @throws ConfigurationException when no agent was given, naming how to give one
         */
        public EvalRunner build() {
            if (agent == null) {
                throw new ConfigurationException("no agent: give one with EvalRunner.builder().agent(...)"
                        + " (InProcessAgent.of(...) for a Java function), or build the runner from the settings the"
                        + " command line reads with AgentEvalSettings.fromEnvironment().runner(suite) (module eval-launch:"
                        + " -Dagent-eval.agent-url=URL or AGENT_EVAL_AGENT_URL, or a target with -Dagent-eval.target=NAME"
                        + " or AGENT_EVAL_TARGET)");
            }
            return new EvalRunner(new RunSettings(agent, judge, simulator, registry(), concurrency, caseTimeout,
                    stopOnFailure, caseIds, tags, repeat, shard, listeners, sinks, environment, agentDescription,
                    agentConfiguration, judgeDescription, secrets, redactJudgeInput, prices, clock, random, checked,
                    resumed));
        }
    }
}
