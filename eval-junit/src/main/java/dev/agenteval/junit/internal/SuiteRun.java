package dev.agenteval.junit.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.junit.InfrastructureFailureException;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.ScorerFactory;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of a suite, started by the first test that asks for it and shared by the others. The
 * run goes on in the background, as concurrently as the runner says; each case's test waits for
 * its own case only, so that the time JUnit measures for a test is the time its case kept it
 * waiting (with one case at a time, the case's own duration), not the whole suite's. A run that
 * throws is remembered too, so every test still waiting reports the same cause instead of running
 * again; the last case's test also waits for the end of the run, so that reports that could not be
 * written are reported.
 */
public final class SuiteRun {

    private static final Logger LOG = LoggerFactory.getLogger(SuiteRun.class);
    /** Between a suite's name and a case id in the name of a test of one of several suites. */
    public static final String SEPARATOR = " › ";

    private final Suite suite;
    private final EvalRunner runner;
    private final Map<String, CompletableFuture<CaseResult>> cases = new LinkedHashMap<>();
    private final CompletableFuture<SuiteResult> run = new CompletableFuture<>();
    private final String gatedBy;
    private boolean started;

    /** A run of {@code suite} by {@code runner}, not started yet. */
    public SuiteRun(Suite suite, EvalRunner runner) {
        this(suite, runner, null);
    }

    /**
     * A run of {@code suite} by {@code runner}, not started yet; with {@code gatedBy} (the settings
     * of its threshold gates, or null), a gate test decides the suite, and a case that did not pass
     * is aborted with its failure rather than failed.
     */
    public SuiteRun(Suite suite, EvalRunner runner, String gatedBy) {
        this.gatedBy = gatedBy;
        this.suite = Objects.requireNonNull(suite, "suite");
        this.runner = Objects.requireNonNull(runner, "runner");
        for (Case c : suite.cases()) {
            cases.put(c.id(), new CompletableFuture<>());
        }
    }

    /**
     * One dynamic test per case, in suite order, named by the case id, or {@code suite › case}
     * when {@code qualified}. Each test's source is the URI {@code agent-eval:<suite>/<case>} rather
     * than the factory method, so that Surefire names the test (console, XML) by its display name
     * and not by the factory's legacy name ({@code agentEval(AgentEvalSetup)[2]}).
     */
    public Stream<DynamicTest> tests(boolean qualified) {
        List<String> ids = List.copyOf(cases.keySet());
        return ids.stream().map(id -> DynamicTest.dynamicTest(qualified ? suite.name() + SEPARATOR + id : id,
                source(suite.name(), id), () -> {
                    try {
                        assertCase(id);
                    } finally {
                        if (id.equals(ids.get(ids.size() - 1))) {
                            result();
                        }
                    }
                }));
    }

    /** {@code agent-eval:<suite>/<case>}, quoted as a URI needs. */
    static URI source(String suiteName, String caseId) {
        try {
            return new URI("agent-eval", suiteName + "/" + caseId, null);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("no URI for case '" + caseId + "' of suite '" + suiteName + "'", e);
        }
    }

    /** Starts the run in the background, once. */
    private synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        LOG.debug("Running suite '{}' for its JUnit tests", suite.name());
        EvalRunner listening = runner.toBuilder().listener(new RunListener() {
            @Override
            public void caseFinished(CaseResult result) {
                CompletableFuture<CaseResult> f = cases.get(result.id());
                if (f != null) {
                    f.complete(result);
                }
            }
        }).build();
        Thread thread = new Thread(() -> {
            try {
                run.complete(listening.run(suite));
            } catch (RuntimeException | Error e) {
                run.completeExceptionally(e);
            }
        }, "agent-eval suite " + suite.name());
        thread.setDaemon(true);
        thread.start();
    }

    /** The result, running the suite on the first call and waiting for the end of the run. */
    public SuiteResult result() {
        start();
        return await(run);
    }

    private <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InfrastructureFailureException(null, null, "interrupted waiting for suite '" + suite.name() + "'", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new InfrastructureFailureException(null, null, "suite '" + suite.name() + "' could not be run: "
                    + cause.getMessage(), cause);
        }
    }

    /** The case's result once it finished, or the run's when the run ended without it; empty when not selected. */
    private CaseResult awaitCase(String caseId) {
        start();
        CompletableFuture<CaseResult> own = cases.get(caseId);
        CompletableFuture.anyOf(own, run).exceptionally(e -> null).join();
        if (own.isDone()) {
            return own.join();
        }
        return await(run).find(caseId).orElse(null);
    }

    /**
     * Returns when case {@code caseId} passed; otherwise throws what JUnit should report.
     *
     * @throws AssertionFailedError     when the case failed (aborted instead when a threshold gates the suite)
     * @throws InfrastructureFailureException  when the case errored, or the run could not be carried out
     * @throws TestAbortedException     when the case was skipped or not selected
     */
    public void assertCase(String caseId) {
        CaseResult c = awaitCase(caseId);
        if (c == null) {
            throw new TestAbortedException("case '" + caseId
                    + "' was not run: the runner's case or tag filters did not select it");
        }
        Predicate<String> judgeScorer = type -> runner.providers().findScorer(type)
                .map(ScorerFactory::needsJudge).orElse(false);
        switch (c.status()) {
            case PASSED -> {
                // Nothing to report.
            }
            case SKIPPED -> throw new TestAbortedException("case '" + caseId + "' was skipped: " + c.reason());
            case FAILED -> notPassed(CaseMessages.failed(c, judgeScorer));
            case UNDECIDED -> notPassed("case '" + caseId + "' is undecided (never a pass): " + c.reason());
            case ERRORED -> throw new InfrastructureFailureException(caseId,
                    CaseMessages.firstFailureCode(c), CaseMessages.errored(c, judgeScorer), null);
        }
    }

    /** A case that did not pass: a failure, or with a threshold gate an abort, the gate test deciding. */
    private void notPassed(String message) {
        if (gatedBy == null) {
            throw new AssertionFailedError(message);
        }
        throw new TestAbortedException(message + "\n(not a failure: " + gatedBy + " gates suite '" + suite.name()
                        + "', and its test '" + dev.agenteval.junit.AgentEvalSetup.GATE_TEST + "' decides)");
    }
}
