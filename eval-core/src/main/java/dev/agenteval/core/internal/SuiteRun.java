package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.ReportException;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of a suite with a runner's settings, from the selection to the sinks: selects the
 * cases, keeps the results of resumed ones, prepares the others (every problem before anything is
 * sent), asks the judge and simulator for their preflight when needed, runs the cases
 * ({@link SuiteExecution}) while the fingerprint is computed, and writes every sink.
 */
public final class SuiteRun {

    // The runner's own logger: what users configure for the runner covers the run.
    private static final Logger LOG = LoggerFactory.getLogger(EvalRunner.class);

    private final RunSettings settings;

    /** A run with {@code settings}. */
    public SuiteRun(RunSettings settings) {
        this.settings = settings;
    }

    /** See {@link EvalRunner#run}. */
    public SuiteResult run(Suite suite) {
        List<Case> selected = select(suite, settings.caseIds(), settings.tags(), settings.shard());
        // The selected cases an earlier run finished keep their result; the others run.
        Map<String, CaseResult> earlier = new HashMap<>();
        List<Case> toRun = new ArrayList<>(selected.size());
        for (Case c : selected) {
            CaseResult r = settings.resumed().get(c.id());
            if (r != null) {
                earlier.put(c.id(), r);
            } else {
                toRun.add(c);
            }
        }
        Judge judge = settings.judge();
        Preparation preparation = Preparation.withSessions(settings.agent(), suite, toRun, () -> Preparation.prepare(suite,
                toRun, ResolvedScorers.reusing(settings.providers(), settings.checked()), judge, settings.simulator(),
                settings.environment(), settings.caseTimeout(), settings.repeat(), settings.secrets(), settings.clock(),
                randomOrDefault(settings.random())));
        Judge asked = judge == null || !settings.redactJudgeInput() ? judge
                : new RedactingJudge(judge, preparation.redactor());
        if (preparation.needsJudge()) {
            preflight("judge", judge::preflight);
        }
        if (toRun.stream().anyMatch(c -> c.simulation().isPresent())) {
            preflight("user simulator", settings.simulator()::preflight);
        }
        int limit = settings.concurrency() != null ? settings.concurrency()
                : suite.concurrency().orElse(EvalRunner.DEFAULT_CONCURRENCY);
        Shard shard = settings.shard();
        LOG.info("Running suite '{}': {} of {} cases{}{}, concurrency {}{}", suite.name(), selected.size(),
                suite.cases().size(), shard == null ? "" : " (shard " + shard + ")",
                toRun.size() == selected.size() ? "" : ", " + (selected.size() - toRun.size()) + " resumed", limit,
                attempts(preparation, toRun.size()));
        // The fingerprint (the canonical suite's hash, the agent's card) is computed while the first
        // cases run; the sinks hear of a case only after it (SafeListener), so a journal knows its run
        // before its first case.
        SafeListener listener = new SafeListener(settings.listeners(), settings.sinks());
        CompletableFuture<Fingerprint> fingerprint = meanwhile("fingerprint", () -> {
            try {
                Fingerprint f = RunFingerprint.of(settings, suite, preparation.suiteNeedsJudge());
                listener.fingerprintKnown(f);
                return f;
            } finally {
                listener.fingerprintSettled();
            }
        });
        SuiteResult result = new SuiteExecution(suite, preparation, settings.agent(), asked, limit,
                settings.stopOnFailure(), listener, settings.prices(), selected.stream().map(Case::id).toList(),
                earlier).run();
        result = result.withFingerprint(joined(fingerprint));
        if (shard != null) {
            result = result.withShard(shard);
        }
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

    /**
     * The cases of {@code suite} with one of {@code caseIds} (all when empty), one of {@code tags}
     * (all when empty), in {@code shard} (all when null), in suite order.
     *
     * @throws ConfigurationException naming the ids not in the suite, and the known ones
     */
    public static List<Case> select(Suite suite, Set<String> caseIds, Set<String> tags, Shard shard) {
        List<String> unknown = caseIds.stream().filter(id -> suite.find(id).isEmpty()).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new ConfigurationException("unknown case id" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown.stream().map(id -> "'" + id + "'").toList()) + " in suite '" + suite.name()
                    + "'; known: " + String.join(", ", suite.cases().stream().map(Case::id).toList()));
        }
        return suite.cases().stream()
                .filter(c -> caseIds.isEmpty() || caseIds.contains(c.id()))
                .filter(c -> tags.isEmpty() || c.tags().stream().anyMatch(tags::contains))
                .filter(c -> shard == null || shard.contains(c.id()))
                .toList();
    }

    /** The generator given, else the calling thread's. */
    public static RandomGenerator randomOrDefault(RandomGenerator random) {
        return random != null ? random : ThreadLocalRandom.current();
    }

    /** A preflight of the judge or the user simulator. */
    private interface Preflight {
        void run() throws InterruptedException;
    }

    private static void preflight(String what, Preflight preflight) {
        try {
            preflight.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeException(what + " preflight interrupted");
        }
    }

    /** {@code task} started on a daemon thread of its own. */
    private static <T> CompletableFuture<T> meanwhile(String name, Supplier<T> task) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                future.complete(task.get());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, "agent-eval-" + name);
        thread.setDaemon(true);
        thread.start();
        return future;
    }

    /** The value of {@code future}, waited for; its failure rethrown as it was thrown. */
    private static <T> T joined(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** E.g. {@code , 15 attempts in all} when some case repeats; empty otherwise. */
    private static String attempts(Preparation preparation, int cases) {
        int total = preparation.cases().stream().mapToInt(c -> c.repeat()).sum();
        return total > cases ? ", " + total + " attempts in all" : "";
    }

    private void writeSinks(SuiteResult result) {
        List<Exception> failures = new ArrayList<>();
        for (ResultSink sink : settings.sinks()) {
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
}
