package dev.agenteval.scorers.internal;

import dev.agenteval.api.internal.JsonValues;

/**
 * Equality of JSON-like values as the harness seed defines it: type-sensitive ({@code 38.5} is not
 * {@code "38.5"}, {@code true} is not {@code 1}), except that numbers compare by value whatever
 * their Java type ({@code 120} equals {@code 120.0}, a {@link Long} equals a
 * {@link java.math.BigDecimal}). The rule lives in {@link JsonValues#equal} (one rule for the
 * scorers and the tool mocks); these are the scorers' short names for it.
 */
final class JsonEquality {

    private JsonEquality() {
    }

    /** True when {@code a} and {@code b} are the same JSON value ({@link JsonValues#equal}). */
    static boolean equal(Object a, Object b) {
        return JsonValues.equal(a, b);
    }

    /** Compares two numbers by value ({@link JsonValues#compareNumbers}); NaN compares unequal to everything. */
    static int compare(Number a, Number b) {
        return JsonValues.compareNumbers(a, b);
    }
}
