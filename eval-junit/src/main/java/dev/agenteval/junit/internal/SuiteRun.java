package dev.agenteval.junit.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.junit.HarnessFailureException;
import dev.agenteval.spi.ScorerFactory;
import java.util.Objects;
import java.util.function.Predicate;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of a suite, started by the first test that asks for it and shared by the others. A run
 * that throws is remembered too, so every test reports the same cause instead of running again.
 */
public final class SuiteRun {

    private static final Logger LOG = LoggerFactory.getLogger(SuiteRun.class);

    private final Suite suite;
    private final EvalRunner runner;
    private SuiteResult result;
    private RuntimeException failure;

    /** A run of {@code suite} by {@code runner}, not started yet. */
    public SuiteRun(Suite suite, EvalRunner runner) {
        this.suite = Objects.requireNonNull(suite, "suite");
        this.runner = Objects.requireNonNull(runner, "runner");
    }

    /** The result, running the suite on the first call. */
    public synchronized SuiteResult result() {
        if (result == null && failure == null) {
            LOG.debug("Running suite '{}' for its JUnit tests", suite.name());
            try {
                result = runner.run(suite);
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new HarnessFailureException(null, null, "suite '" + suite.name() + "' could not be run: "
                    + failure.getMessage(), failure);
        }
        return result;
    }

    /**
     * Returns when case {@code caseId} passed; otherwise throws what JUnit should report.
     *
     * @throws AssertionFailedError     when the case failed
     * @throws HarnessFailureException  when the case errored, or the run could not be carried out
     * @throws TestAbortedException     when the case was skipped or not selected
     */
    public void assertCase(String caseId) {
        CaseResult c = result().find(caseId).orElseThrow(() -> new TestAbortedException("case '" + caseId
                + "' was not run: the runner's case or tag filters did not select it"));
        Predicate<String> judgeScorer = type -> runner.providers().findScorer(type)
                .map(ScorerFactory::needsJudge).orElse(false);
        switch (c.status()) {
            case PASSED -> {
                // Nothing to report.
            }
            case SKIPPED -> throw new TestAbortedException("case '" + caseId + "' was skipped: " + c.reason());
            case FAILED -> throw new AssertionFailedError(CaseMessages.failed(c, judgeScorer));
            case ERRORED -> throw new HarnessFailureException(caseId,
                    CaseMessages.firstFailureCode(c), CaseMessages.errored(c, judgeScorer), null);
        }
    }
}
