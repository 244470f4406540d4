package dev.agenteval.api.internal;

import java.util.Objects;

/** Argument checks with messages that name the field. */
public final class Checks {

    private Checks() {
    }

    public static String requireNonBlank(String value, String field) {
        Objects.requireNonNull(value, () -> field + " must not be null");
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
        return value;
    }

    public static <T> T requireNonNull(T value, String field) {
        return Objects.requireNonNull(value, () -> field + " must not be null");
    }
}
