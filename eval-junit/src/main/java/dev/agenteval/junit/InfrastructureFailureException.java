package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.EvalException;
import dev.agenteval.api.FailureCode;
import java.util.Optional;

/**
 * agent-eval could not evaluate a case (the agent timed out or was unreachable, the judge gave
 * no verdict, the run could not start): an {@link dev.agenteval.api.InfrastructureFailure}. Not an {@link AssertionError}, so JUnit and Surefire
 * report it as a test error rather than a failure: it says nothing about the agent's answers.
 */
@API(status = STABLE)
public class InfrastructureFailureException extends EvalException {

    private static final long serialVersionUID = 1L;

    private final String caseId;
    private final FailureCode code;

    /**
     * An error of case {@code caseId}.
     *
     * @param code the failure code of the infrastructure failure that explains it best, or null when
     *             there is none (e.g. the run could not start)
     */
    public InfrastructureFailureException(String caseId, FailureCode code, String message, Throwable cause) {
        super(message, cause);
        this.caseId = caseId;
        this.code = code;
    }

    /** The case id. */
    public String caseId() {
        return caseId;
    }

    /** The failure code, when a turn or scorer recorded one. */
    public Optional<FailureCode> code() {
        return Optional.ofNullable(code);
    }
}
