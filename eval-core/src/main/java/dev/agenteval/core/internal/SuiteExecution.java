package dev.agenteval.core.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of a suite. Attempts start in suite order as slots free up (at most
 * {@code concurrency} in flight); a slot is freed when an attempt ends, including when its
 * timeout abandons a worker that does not respond to interruption.
 */
public final class SuiteExecution {

    private static final Logger LOG = LoggerFactory.getLogger(SuiteExecution.class);
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final Suite suite;
    private final Preparation preparation;
    private final AgentClient client;
    private final Judge judge;
    private final int concurrency;
    private final boolean stopOnFailure;
    private final SafeListener listener;
    private final TurnHooks hooks;
    private final List<String> selected;
    private final Map<String, CaseResult> resumed;

    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicReference<String> stopReason = new AtomicReference<>();
    private final AtomicBoolean interrupted = new AtomicBoolean();

    /**
     * A run of the prepared cases, each as many times as its {@link PreparedCase#repeat()}; the {@code hooks}' prices
     * estimate the cost of turns whose agent reported none. {@code selected} are the ids of the
     * selected cases in suite order: those in {@code resumed} (an earlier run's) keep that result,
     * reported to the listener as finished before any case runs; the others are the prepared cases.
     */
    public SuiteExecution(Suite suite, Preparation preparation, AgentClient client, Judge judge, int concurrency,
                          boolean stopOnFailure, SafeListener listener, TurnHooks hooks, List<String> selected,
                          Map<String, CaseResult> resumed) {
        this.selected = List.copyOf(selected);
        this.resumed = Map.copyOf(resumed);
        this.suite = suite;
        this.preparation = preparation;
        this.client = client;
        this.judge = judge;
        this.concurrency = concurrency;
        this.stopOnFailure = stopOnFailure;
        this.listener = listener;
        this.hooks = hooks;
    }

    /** Runs every prepared case; returns when each has a result. Never throws for a case's failure. */
    public SuiteResult run() {
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        List<PreparedCase> cases = preparation.cases();
        listener.runStarted(suite, selected.size());
        for (String id : selected) {
            CaseResult earlier = resumed.get(id);
            if (earlier != null) {
                listener.caseResumed(earlier);
            }
        }
        int runId = RUNS.incrementAndGet();
        ExecutorService workers = caseThreads("agent-eval-" + runId + "-case-");
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("agent-eval-" + runId + "-timer-"));
        Semaphore slots = new Semaphore(concurrency);
        List<AttemptExecution> launched = new ArrayList<>();
        List<CompletableFuture<CaseResult>> results = new ArrayList<>();
        java.util.Set<Integer> finishedBeforeInterrupt = new java.util.HashSet<>();
        try {
            for (PreparedCase pc : cases) {
                List<CompletableFuture<CaseAttempt>> attempts = new ArrayList<>();
                int repeat = pc.repeat();
                for (int a = 1; a <= repeat && !stopped.get(); a++) {
                    slots.acquire();
                    if (stopped.get()) {
                        slots.release();
                        break;
                    }
                    AttemptExecution ex = new AttemptExecution(pc, a, repeat > 1, client, judge, preparation, listener,
                            hooks);
                    launched.add(ex);
                    ex.result().whenComplete((r, e) -> slots.release());
                    scheduleTimeout(timer, pc, ex);
                    workers.execute(ex);
                    attempts.add(ex.result());
                }
                results.add(attempts.size() < repeat ? null : collect(pc, attempts));
            }
            CompletableFuture.allOf(results.stream().filter(f -> f != null).toArray(CompletableFuture[]::new)).get();
        } catch (InterruptedException e) {
            interrupted.set(true);
            stop("run interrupted");
            for (int i = 0; i < results.size(); i++) {
                if (results.get(i) != null && results.get(i).isDone()) {
                    finishedBeforeInterrupt.add(i);
                }
            }
            for (AttemptExecution ex : launched) {
                ex.abort(FailureCode.INTERNAL, "run interrupted", Map.of());
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("unexpected failure collecting results", e.getCause());
        } finally {
            timer.shutdownNow();
            workers.shutdownNow();
        }
        Map<String, CaseResult> ran = new java.util.HashMap<>();
        boolean complete = true;
        for (int i = 0; i < cases.size(); i++) {
            CompletableFuture<CaseResult> f = i < results.size() ? results.get(i) : null;
            CaseResult r;
            if (f != null && (!interrupted.get() || finishedBeforeInterrupt.contains(i))) {
                r = f.join();
            } else {
                complete = false;
                r = CaseResult.skipped(cases.get(i).testCase(), "not run: " + stopReason.get());
                listener.caseFinished(r);
            }
            ran.put(r.id(), r);
        }
        List<CaseResult> out = new ArrayList<>(selected.size());
        for (String id : selected) {
            CaseResult earlier = resumed.get(id);
            out.add(earlier != null ? earlier : ran.get(id));
        }
        SuiteResult result = new SuiteResult(suite.name(), startedAt, Duration.ofNanos(System.nanoTime() - start),
                complete, out);
        listener.runFinished(result);
        if (interrupted.get()) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    private CompletableFuture<CaseResult> collect(PreparedCase pc, List<CompletableFuture<CaseAttempt>> attempts) {
        return CompletableFuture.allOf(attempts.toArray(CompletableFuture[]::new)).thenApply(v -> {
            List<CaseAttempt> done = attempts.stream().map(CompletableFuture::join).toList();
            CaseResult r = Verdicts.caseResult(pc.testCase().id(), pc.testCase().tags(), pc.testCase().expectPass(), done,
                    pc.passThreshold());
            if (LOG.isDebugEnabled()) {
                LOG.debug("Case '{}' {}", r.id(), r.status().wireName());
            }
            if (!r.passed() && stopOnFailure) {
                stop("stop-on-failure after case '" + r.id() + "' " + r.status().wireName());
            }
            if (!interrupted.get()) {
                listener.caseFinished(r);
            }
            return r;
        });
    }

    private void scheduleTimeout(ScheduledExecutorService timer, PreparedCase pc, AttemptExecution ex) {
        Duration timeout = pc.timeout();
        if (timeout == null) {
            return;
        }
        double seconds = timeout.toNanos() / 1e9;
        ScheduledFuture<?> task = timer.schedule(() -> ex.abort(FailureCode.EVAL_TIMEOUT,
                "case '" + pc.testCase().id() + "' exceeded its timeout of " + seconds + " s",
                Map.of("timeoutSeconds", seconds)), timeout.toNanos(), TimeUnit.NANOSECONDS);
        ex.result().whenComplete((r, e) -> task.cancel(false));
    }

    private void stop(String reason) {
        if (stopped.compareAndSet(false, true)) {
            stopReason.set(reason);
        }
    }

    /**
     * Where case bodies run: on Java 21 and later a virtual thread per attempt (a case mostly
     * waits for its agent), unless the system property {@value #VIRTUAL_THREADS} is
     * {@code false}; on Java 17, pooled daemon platform threads. Named {@code prefix + n} either way.
     */
    static ExecutorService caseThreads(String prefix) {
        if (Runtime.version().feature() >= 21 && !"false".equals(System.getProperty(VIRTUAL_THREADS))) {
            try {
                // Thread.ofVirtual().name(prefix, 1).factory(), by reflection: this code compiles for Java 17.
                Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
                Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
                builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, prefix, 1L);
                ThreadFactory factory = (ThreadFactory) ofVirtual.getMethod("factory").invoke(builder);
                return (ExecutorService) Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class)
                        .invoke(null, factory);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("No virtual threads ({}): case bodies run on platform threads", e.toString());
            }
        }
        return Executors.newCachedThreadPool(daemon(prefix));
    }

    /** The system property that, set to {@code false}, keeps case bodies on platform threads on Java 21+. */
    static final String VIRTUAL_THREADS = "agent-eval.virtualThreads";

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
