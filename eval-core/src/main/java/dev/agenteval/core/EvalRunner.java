package dev.agenteval.core;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.internal.Preparation;
import dev.agenteval.core.internal.SafeListener;
import dev.agenteval.core.internal.SuiteExecution;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.RunListener;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs suites against an agent. Built once, thread-safe, reusable for many runs.
 *
 * <pre>{@code
 * EvalRunner runner = EvalRunner.builder()
 *         .agent(InProcessAgent.replying(text -> "Hello! I can help with orders."))
 *         .concurrency(8)
 *         .caseTimeout(Duration.ofMinutes(2))
 *         .sink(Reports.json(Path.of("target/results.json")))
 *         .build();
 * SuiteResult result = runner.run(suite);
 * }</pre>
 *
 * <p>Cases run concurrently up to the limit; the turns of a case run in order on one session. A
 * case that exceeds its timeout is cut off (its session cancelled, its worker interrupted) and
 * records {@code eval_timeout}. Every selected case ends with a {@link dev.agenteval.api.CaseResult},
 * whatever fails; {@link #run} never exits the JVM. An invalid suite (unknown scorer, bad
 * parameters, unresolved placeholder, missing environment variable) fails with a
 * {@link ConfigurationException} listing every problem before anything is sent.
 */
public final class EvalRunner {

    private static final Logger LOG = LoggerFactory.getLogger(EvalRunner.class);

    /** The concurrency used when neither the runner nor the suite sets one. */
    public static final int DEFAULT_CONCURRENCY = 4;

    private final AgentClient agent;
    private final Judge judge;
    private final Providers providers;
    private final Integer concurrency;
    private final Duration caseTimeout;
    private final boolean stopOnFailure;
    private final Set<String> caseIds;
    private final Set<String> tags;
    private final int repeat;
    private final List<RunListener> listeners;
    private final List<ResultSink> sinks;
    private final Function<String, String> environment;

    private EvalRunner(Builder b) {
        this.agent = Objects.requireNonNull(b.agent, "agent must be set");
        this.judge = b.judge;
        this.providers = b.providers == null ? Providers.discover() : b.providers;
        this.concurrency = b.concurrency;
        this.caseTimeout = b.caseTimeout;
        this.stopOnFailure = b.stopOnFailure;
        this.caseIds = Set.copyOf(b.caseIds);
        this.tags = Set.copyOf(b.tags);
        this.repeat = b.repeat;
        this.listeners = List.copyOf(b.listeners);
        this.sinks = List.copyOf(b.sinks);
        this.environment = b.environment;
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
        List<Case> selected = select(suite);
        Preparation preparation = Preparation.prepare(suite, selected, providers, judge, environment, caseTimeout);
        if (preparation.needsJudge()) {
            preflight();
        }
        int limit = concurrency != null ? concurrency : suite.concurrency().orElse(DEFAULT_CONCURRENCY);
        LOG.info("Running suite '{}': {} of {} cases, concurrency {}{}", suite.name(), selected.size(),
                suite.cases().size(), limit, repeat > 1 ? ", " + repeat + " attempts each" : "");
        SuiteResult result = new SuiteExecution(suite, preparation, agent, judge, limit, repeat, stopOnFailure,
                new SafeListener(listeners, sinks)).run();
        LOG.info("Suite '{}': {} passed, {} failed, {} errored, {} skipped", suite.name(), result.summary().passed(),
                result.summary().failed(), result.summary().errored(), result.summary().skipped());
        // An interrupted run still writes what finished: clear the flag so that interruptible
        // file channels do not refuse the write, and restore it for the caller.
        boolean interrupted = Thread.interrupted();
        try {
            writeSinks(result);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return result;
    }

    private void preflight() {
        try {
            judge.preflight();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeException("judge preflight interrupted");
        }
    }

    private List<Case> select(Suite suite) {
        List<String> unknown = caseIds.stream().filter(id -> suite.find(id).isEmpty()).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new ConfigurationException("unknown case id" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown.stream().map(id -> "'" + id + "'").toList()) + " in suite '" + suite.name()
                    + "'; known: " + String.join(", ", suite.cases().stream().map(Case::id).toList()));
        }
        return suite.cases().stream()
                .filter(c -> caseIds.isEmpty() || caseIds.contains(c.id()))
                .filter(c -> tags.isEmpty() || c.tags().stream().anyMatch(tags::contains))
                .toList();
    }

    private void writeSinks(SuiteResult result) {
        List<Exception> failures = new ArrayList<>();
        for (ResultSink sink : sinks) {
            try {
                sink.write(result);
            } catch (IOException | RuntimeException e) {
                LOG.error("Result sink {} could not write: {}", sink, e.toString());
                failures.add(e);
            }
        }
        if (!failures.isEmpty()) {
            ReportException e = new ReportException(failures.size() + " report(s) could not be written: "
                    + failures.get(0).getMessage(), result, failures.get(0));
            failures.stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
    }

    /** The judge, if configured. */
    public Optional<Judge> judge() {
        return Optional.ofNullable(judge);
    }

    /** The registry used to find scorers. */
    public Providers providers() {
        return providers;
    }

    /** A builder holding this runner's settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.agent = agent;
        b.judge = judge;
        b.providers = providers;
        b.concurrency = concurrency;
        b.caseTimeout = caseTimeout;
        b.stopOnFailure = stopOnFailure;
        b.caseIds.addAll(caseIds);
        b.tags.addAll(tags);
        b.repeat = repeat;
        b.listeners.addAll(listeners);
        b.sinks.addAll(sinks);
        b.environment = environment;
        return b;
    }

    /** Builder of an {@link EvalRunner}. */
    public static final class Builder {
        private AgentClient agent;
        private Judge judge;
        private Providers providers;
        private Integer concurrency;
        private Duration caseTimeout;
        private boolean stopOnFailure;
        private final Set<String> caseIds = new LinkedHashSet<>();
        private final Set<String> tags = new LinkedHashSet<>();
        private int repeat = 1;
        private final List<RunListener> listeners = new ArrayList<>();
        private final List<ResultSink> sinks = new ArrayList<>();
        private Function<String, String> environment = System::getenv;

        private Builder() {
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

        /** Runs each case this many times on fresh sessions. Must be >= 1. */
        public Builder repeat(int repeat) {
            if (repeat < 1) {
                throw new IllegalArgumentException("repeat must be >= 1 but was " + repeat);
            }
            this.repeat = repeat;
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

        /** Builds the runner. */
        public EvalRunner build() {
            if (agent == null) {
                throw new IllegalStateException("agent must be set");
            }
            return new EvalRunner(this);
        }
    }
}
