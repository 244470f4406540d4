package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Map;

/** The judge failed or gave no clear verdict; recorded as {@code judge_error} on that scorer. */
@API(status = STABLE)
public class JudgeException extends AgentException {

    private static final long serialVersionUID = 1L;

    /** A judge failure. */
    public JudgeException(String message) {
        super(FailureCode.JUDGE_ERROR, message);
    }

    /** A judge failure with context and cause. */
    public JudgeException(String message, Map<String, ?> context, Throwable cause) {
        super(FailureCode.JUDGE_ERROR, message, context, cause);
    }
}
