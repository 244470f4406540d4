package dev.agenteval.opik;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.EvalException;

/**
 * Opik could not be reached or refused a call: the message names the call, the HTTP status when
 * there was an answer ({@link #status()}, 0 otherwise) and the server's own message.
 */
@API(status = MAINTAINED)
public final class OpikException extends EvalException {

    private static final long serialVersionUID = 1L;

    private final int status;

    /** An Opik failure with its HTTP status (0 when nothing answered). */
    public OpikException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status of the refusing answer, or 0 when nothing answered. */
    public int status() {
        return status;
    }
}
