package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.RunListener;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fans events out to listeners and sinks; an exception from one is logged and ignored. Sinks hear
 * of a case that ran only after the run's fingerprint was told to them (or could not be computed,
 * {@link #fingerprintSettled}): a journal then holds what identifies its run before its first case,
 * so it can be resumed from its first case on. The fingerprint is computed while the first cases
 * run; a case that ends before it is known waits for it, holding its slot (and the thread that
 * launches cases, when the case ended before it was handed over), so at most the cases in flight
 * wait in memory. The agent's {@code configuration()} must therefore not wait for a case to end.
 */
public final class SafeListener implements RunListener {

    private static final Logger LOG = LoggerFactory.getLogger(SafeListener.class);

    private final List<RunListener> listeners;
    private final List<ResultSink> sinks;
    private final CompletableFuture<Void> fingerprinted = new CompletableFuture<>();

    /** Listeners and sinks to notify. */
    public SafeListener(List<RunListener> listeners, List<ResultSink> sinks) {
        this.listeners = List.copyOf(listeners);
        this.sinks = List.copyOf(sinks);
    }

    @Override
    public void runStarted(Suite suite, int selectedCases) {
        each(l -> l.runStarted(suite, selectedCases));
    }

    @Override
    public void caseStarted(Case testCase, int attempt) {
        each(l -> l.caseStarted(testCase, attempt));
    }

    @Override
    public void turnFinished(Case testCase, TurnResult turn) {
        each(l -> l.turnFinished(testCase, turn));
    }

    /** Tells the listeners at once, the sinks once the fingerprint is settled. */
    @Override
    public void caseFinished(CaseResult result) {
        each(l -> l.caseFinished(result));
        fingerprinted.join(); // never fails; not interruptible, and the fingerprint's thread always settles it
        toSinks(result);
    }

    /** A case an earlier run finished (from its journal), told to everyone at once: it is no news to a journal. */
    public void caseResumed(CaseResult result) {
        each(l -> l.caseFinished(result));
        toSinks(result);
    }

    private void toSinks(CaseResult result) {
        for (ResultSink s : sinks) {
            try {
                s.caseFinished(result);
            } catch (RuntimeException e) {
                LOG.warn("Result sink {} failed on case '{}'; ignored", s.getClass().getName(), result.id(), e);
            }
        }
    }

    /**
     * Tells every sink the run's fingerprint ({@link ResultSink#fingerprintKnown}), before they hear
     * of a case that ran.
     */
    public void fingerprintKnown(dev.agenteval.api.Fingerprint fingerprint) {
        for (ResultSink s : sinks) {
            try {
                s.fingerprintKnown(fingerprint);
            } catch (RuntimeException e) {
                LOG.warn("Result sink {} failed on the fingerprint; ignored", s.getClass().getName(), e);
            }
        }
    }

    /** The fingerprint was told, or could not be computed: the sinks hear of the cases from now on. */
    public void fingerprintSettled() {
        fingerprinted.complete(null);
    }

    @Override
    public void runFinished(SuiteResult result) {
        each(l -> l.runFinished(result));
    }

    private void each(Consumer<RunListener> event) {
        for (RunListener l : listeners) {
            try {
                event.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("Run listener {} failed; ignored", l.getClass().getName(), e);
            }
        }
    }
}
