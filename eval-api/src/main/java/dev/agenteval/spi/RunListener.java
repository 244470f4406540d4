package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;

/**
 * Progress events of a run. Methods may be called from several threads at once; implementations
 * must be thread-safe and quick. An exception thrown here is logged and ignored.
 */
@API(status = STABLE)
public interface RunListener {

    /** The run starts with {@code selectedCases} cases. */
    default void runStarted(Suite suite, int selectedCases) {
    }

    /** A case attempt starts. */
    default void caseStarted(Case testCase, int attempt) {
    }

    /** A turn of a case ended. */
    default void turnFinished(Case testCase, TurnResult turn) {
    }

    /** A case ended (all its attempts). */
    default void caseFinished(CaseResult result) {
    }

    /** The run ended. */
    default void runFinished(SuiteResult result) {
    }
}
