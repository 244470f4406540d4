package dev.agenteval.report.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.util.List;

/**
 * Passes results to several sinks in order. Every sink is written even when an earlier one
 * fails; the first failure is then thrown with the others suppressed.
 */
public final class CompositeSink implements ResultSink {

    private final List<ResultSink> sinks;

    /** A sink writing to each of {@code sinks}. */
    public CompositeSink(List<? extends ResultSink> sinks) {
        this.sinks = List.copyOf(sinks);
    }

    @Override
    public void caseFinished(CaseResult result) {
        for (ResultSink sink : sinks) {
            sink.caseFinished(result);
        }
    }

    @Override
    public void write(SuiteResult result) throws IOException {
        Exception first = null;
        for (ResultSink sink : sinks) {
            try {
                sink.write(result);
            } catch (IOException | RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first instanceof IOException io) {
            throw io;
        }
        if (first instanceof RuntimeException re) {
            throw re;
        }
    }

    /** The sinks, in order. */
    public List<ResultSink> sinks() {
        return sinks;
    }

    @Override
    public String toString() {
        return sinks.toString();
    }
}
