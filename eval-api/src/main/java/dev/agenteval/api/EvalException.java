package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/** The root of agent-eval's exceptions. Unchecked. */
@API(status = STABLE)
public class EvalException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** An exception with a message. */
    public EvalException(String message) {
        super(message);
    }

    /** An exception with a message and a cause. */
    public EvalException(String message, Throwable cause) {
        super(message, cause);
    }
}
