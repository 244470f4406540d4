package dev.agenteval.spi;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import java.io.IOException;

/**
 * Renders results: JSON, Markdown, JUnit XML, console, or a plugin's own. The runner calls
 * {@link #caseFinished} as cases end (from several threads) and {@link #write} once at the end,
 * also when the run was interrupted ({@link SuiteResult#complete()} is then false).
 */
public interface ResultSink {

    /** Writes the final results. */
    void write(SuiteResult result) throws IOException;

    /** A case ended; called concurrently. Default: nothing. */
    default void caseFinished(CaseResult result) {
    }
}
