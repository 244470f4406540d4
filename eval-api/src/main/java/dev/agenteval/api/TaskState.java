package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Locale;

/**
 * A task's state, normalised across A2A versions: {@code TASK_STATE_INPUT_REQUIRED},
 * {@code input-required} and {@code INPUT_REQUIRED} are all {@link #INPUT_REQUIRED} (see
 * {@link #parse}).
 */
@API(status = STABLE)
public enum TaskState {
    SUBMITTED("submitted"),
    WORKING("working"),
    INPUT_REQUIRED("input-required"),
    AUTH_REQUIRED("auth-required"),
    COMPLETED("completed"),
    CANCELED("canceled"),
    FAILED("failed"),
    REJECTED("rejected"),
    UNKNOWN("unknown");

    private final String wireName;

    TaskState(String wireName) {
        this.wireName = wireName;
    }

    /** The A2A 0.3 spelling, e.g. {@code input-required}. */
    public String wireName() {
        return wireName;
    }

    /** True for states that end a task unsuccessfully: failed, rejected, canceled. */
    public boolean isFailure() {
        return this == FAILED || this == REJECTED || this == CANCELED;
    }

    /**
     * Parses any spelling: trimmed, case-insensitive, {@code -} and {@code _} the same, the
     * {@code TASK_STATE_} prefix optional; {@code cancelled} is {@link #CANCELED}. So
     * {@code input-required}, {@code TASK_STATE_INPUT_REQUIRED}, {@code input_required} and
     * {@code "  Input-Required  "} are all {@link #INPUT_REQUIRED}. Unrecognised values are
     * {@link #UNKNOWN}.
     */
    public static TaskState parse(String value) {
        String s = normalized(value);
        for (TaskState state : values()) {
            if (state.wireName.equals(s)) {
                return state;
            }
        }
        return UNKNOWN;
    }

    /** True when {@code value} is one of the spellings {@link #parse} recognises, {@code unknown} included. */
    public static boolean isKnown(String value) {
        return value != null && (parse(value) != UNKNOWN || normalized(value).equals(UNKNOWN.wireName));
    }

    private static String normalized(String value) {
        if (value == null) {
            return "";
        }
        String s = value.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        if (s.startsWith("task-state-")) {
            s = s.substring("task-state-".length());
        }
        return s.equals("cancelled") ? "canceled" : s;
    }

    @Override
    public String toString() {
        return wireName;
    }
}
