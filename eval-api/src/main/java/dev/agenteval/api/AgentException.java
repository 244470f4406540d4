package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * An agent call failed; the runner records it as a {@link InfrastructureFailure} with this code on the
 * turn it happened on. Agent clients throw it with the most precise code they can tell.
 */
@API(status = STABLE)
public class AgentException extends EvalException {

    private static final long serialVersionUID = 1L;

    private final FailureCode code;
    private final transient Map<String, Object> context;

    /** A failure with a code and message. */
    public AgentException(FailureCode code, String message) {
        this(code, message, Map.of(), null);
    }

    /** A failure with a code, message, context (e.g. {@code status}) and cause. */
    public AgentException(FailureCode code, String message, Map<String, ?> context, Throwable cause) {
        super(message, cause);
        this.code = java.util.Objects.requireNonNull(code, "code");
        this.context = JsonValues.copyMap(context, "context");
    }

    /** The failure code. */
    public FailureCode code() {
        return code;
    }

    /** Context such as status and URL; never null. */
    public Map<String, Object> context() {
        return context == null ? Map.of() : context;
    }

    /** This failure as recorded in results. */
    public InfrastructureFailure toFailure() {
        return new InfrastructureFailure(code, getMessage() == null ? code.wireName() : getMessage(), context());
    }
}
