package dev.agenteval.api;

/** The root of agent-eval's exceptions. Unchecked. */
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
