package dev.agenteval.yaml.internal;

/**
 * Reads the repeat settings both dialects share: how many times a case runs ({@code repeat}) and
 * the share of its attempts that must pass ({@code passThreshold} / {@code pass_threshold}).
 */
final class Repeats {

    private Repeats() {
    }

    /** A whole number from 1 to {@link Numbers#MAX_REPEAT}, or null after reporting. */
    static Integer repeat(Node value) {
        return Numbers.wholeNumber(value, 1, Numbers.MAX_REPEAT);
    }

    /** A share of attempts above 0 and at most 1, or null after reporting. */
    static Double passThreshold(Node value) {
        Number n = value.number();
        if (n == null) {
            return null;
        }
        double d = n.doubleValue();
        if (!(d > 0 && d <= 1)) {
            value.error("must be a share of attempts above 0 and at most 1 (e.g. 0.8 for 4 of 5) but is "
                    + value.describeScalar());
            return null;
        }
        return d;
    }
}
