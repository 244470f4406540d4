package dev.agenteval.yaml.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;

/**
 * Reads the bounded numbers of both dialects: durations in seconds and whole-number settings.
 * A value out of range — too small, too large, NaN, infinite, a whole number past 64 bits — is
 * reported where it is written, naming the range, and never reaches {@link Duration} arithmetic.
 */
final class Numbers {

    /** The shortest timeout (and {@code max_duration_seconds}): one millisecond. */
    static final BigDecimal MIN_TIMEOUT_SECONDS = new BigDecimal("0.001");
    /** The longest timeout (and {@code max_duration_seconds}): one year of 365 days. */
    static final BigDecimal MAX_TIMEOUT_SECONDS = BigDecimal.valueOf(365L * 24 * 3600);
    /** The longest delay before a message: one day. */
    static final BigDecimal MAX_DELAY_SECONDS = BigDecimal.valueOf(24L * 3600);
    /** The most runs of one case. */
    static final int MAX_REPEAT = 10_000;
    /** The most cases in flight at once. */
    static final int MAX_CONCURRENCY = 1_000;

    private Numbers() {
    }

    /** A timeout: 0.001 to 31536000 seconds; null after reporting. */
    static Duration timeout(Node value) {
        return seconds(value, MIN_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, "one year");
    }

    /** A delay: 0 to 86400 seconds; null after reporting. */
    static Duration delay(Node value) {
        return seconds(value, BigDecimal.ZERO, MAX_DELAY_SECONDS, "one day");
    }

    /**
     * Seconds between {@code min} and {@code max}, as a duration rounded to the nanosecond;
     * null after reporting.
     */
    static Duration seconds(Node value, BigDecimal min, BigDecimal max, String maxInWords) {
        Number n = value.number();
        if (n == null) {
            return null;
        }
        BigDecimal seconds = exact(n);
        if (seconds == null || seconds.compareTo(min) < 0 || seconds.compareTo(max) > 0) {
            value.error("must be between " + min.toPlainString() + " and " + max.toPlainString() + " seconds ("
                    + maxInWords + ") but is " + value.describeScalar());
            return null;
        }
        return Duration.ofNanos(seconds.movePointRight(9).setScale(0, RoundingMode.HALF_UP).longValueExact());
    }

    /**
     * An undecided band, {@code [low, high]} with {@code 0 <= low <= high <= 1}, as the judge
     * scorers' {@code undecidedBetween} parameter takes it; null after reporting at the value.
     */
    static List<Double> band(Node value) {
        if (!value.expectSequence()) {
            return null;
        }
        List<Node> items = value.items();
        if (items.size() != 2) {
            value.error("must be [low, high], two scores from 0 to 1, but has " + items.size() + " item"
                    + (items.size() == 1 ? "" : "s"));
            return null;
        }
        Number low = items.get(0).number();
        Number high = items.get(1).number();
        if (low == null || high == null) {
            return null;
        }
        double lo = low.doubleValue();
        double hi = high.doubleValue();
        if (!(lo >= 0 && lo <= hi && hi <= 1)) {
            value.error("must satisfy 0 <= low <= high <= 1 but is [" + items.get(0).describeScalar() + ", "
                    + items.get(1).describeScalar() + "]");
            return null;
        }
        return List.of(lo, hi);
    }

    /** A whole number from {@code min} to {@code max}; null after reporting. */
    static Integer wholeNumber(Node value, int min, int max) {
        Number n = value.number();
        if (n == null) {
            return null;
        }
        if (!(n instanceof Long l) || l < min || l > max) {
            value.error("must be a whole number between " + min + " and " + max + " but is " + value.describeScalar());
            return null;
        }
        return l.intValue();
    }

    /** The exact value of a YAML number, or null for NaN and the infinities. */
    static BigDecimal exact(Number n) {
        if (n instanceof Double d) {
            return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
        }
        if (n instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        return new BigDecimal(n.toString());
    }
}
