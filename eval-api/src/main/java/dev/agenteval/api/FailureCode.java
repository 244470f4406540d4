package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/** Why the harness could not evaluate a turn. Never confused with a failed check. */
@API(status = STABLE)
public enum FailureCode {
    /** An HTTP request to the agent timed out. */
    TIMEOUT("timeout"),
    /** The agent could not be reached (connection refused, reset, DNS). */
    NETWORK_ERROR("network_error"),
    /** The agent answered with an HTTP error status. */
    HTTP_ERROR("http_error"),
    /** The agent's answer could not be understood. */
    INVALID_RESPONSE("invalid_response"),
    /** The judge failed or gave no clear verdict. */
    JUDGE_ERROR("judge_error"),
    /** The case exceeded its wall-clock bound. */
    EVAL_TIMEOUT("eval_timeout"),
    /** An unexpected error in the harness or a plugin. */
    INTERNAL("internal");

    private final String wireName;

    FailureCode(String wireName) {
        this.wireName = wireName;
    }

    /** The snake_case code used in reports, e.g. {@code eval_timeout}. */
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name. */
    public static FailureCode fromWireName(String wireName) {
        for (FailureCode c : values()) {
            if (c.wireName.equals(wireName)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown failure code '" + wireName + "'");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
