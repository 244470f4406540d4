package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.RunListener;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fans events out to listeners and sinks; an exception from one is logged and ignored. */
public final class SafeListener implements RunListener {

    private static final Logger LOG = LoggerFactory.getLogger(SafeListener.class);

    private final List<RunListener> listeners;
    private final List<ResultSink> sinks;

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

    @Override
    public void caseFinished(CaseResult result) {
        each(l -> l.caseFinished(result));
        for (ResultSink s : sinks) {
            try {
                s.caseFinished(result);
            } catch (RuntimeException e) {
                LOG.warn("Result sink {} failed on case '{}'; ignored", s.getClass().getName(), result.id(), e);
            }
        }
    }

    /** Tells every sink the run's fingerprint ({@link ResultSink#fingerprintKnown}). */
    public void fingerprintKnown(dev.agenteval.api.Fingerprint fingerprint) {
        for (ResultSink s : sinks) {
            try {
                s.fingerprintKnown(fingerprint);
            } catch (RuntimeException e) {
                LOG.warn("Result sink {} failed on the fingerprint; ignored", s.getClass().getName(), e);
            }
        }
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
