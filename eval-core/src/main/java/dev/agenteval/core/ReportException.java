package dev.agenteval.core;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.EvalException;
import dev.agenteval.api.SuiteResult;

/** A report could not be written. The run itself completed: its result is attached. */
@API(status = MAINTAINED)
public class ReportException extends EvalException {

    private static final long serialVersionUID = 1L;

    private final transient SuiteResult result;

    /** A failure writing reports of {@code result}. */
    public ReportException(String message, SuiteResult result, Throwable cause) {
        super(message, cause);
        this.result = result;
    }

    /** The run's result, which is not lost. */
    public SuiteResult result() {
        return result;
    }
}
