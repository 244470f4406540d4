package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.SuiteResult;
import java.io.IOException;

/**
 * Renders results: JSON, Markdown, JUnit XML, console, or a plugin's own. The runner calls
 * {@link #caseFinished} as cases end (from several threads) and {@link #write} once at the end,
 * also when the run was interrupted ({@link SuiteResult#complete()} is then false). The cases a
 * resumed run takes from its journal are reported to {@link #caseFinished} too, before any case runs.
 */
@API(status = STABLE)
public interface ResultSink {

    /** Writes the final results. */
    void write(SuiteResult result) throws IOException;

    /** A case ended; called concurrently. Default: nothing. */
    default void caseFinished(CaseResult result) {
    }

    /**
     * The run's fingerprint (the one {@link SuiteResult#fingerprint()} will hold), as soon as the
     * runner knows it: while the first cases run, from a thread of its own, once per run, before
     * {@link #caseFinished} of any case that ran (a case that ends sooner waits for it) and before
     * {@link #write}. Not called when it could not be computed. Default: nothing.
     */
    default void fingerprintKnown(Fingerprint fingerprint) {
    }
}
