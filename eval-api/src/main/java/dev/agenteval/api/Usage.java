package dev.agenteval.api;

/**
 * Token and cost accounting. Each field is null when not reported; {@link #plus} sums field-wise,
 * so a field stays null only when no summand reported it.
 *
 * @param inputTokens  input (prompt) tokens, or null
 * @param outputTokens output (completion) tokens, or null
 * @param credits      the service's credits, or null
 * @param cost         the cost in the caller's currency, or null
 */
public record Usage(Long inputTokens, Long outputTokens, Double credits, Double cost) {

    /** Nothing reported. */
    public static final Usage NONE = new Usage(null, null, null, null);

    /** Usage with token counts only. */
    public static Usage tokens(long inputTokens, long outputTokens) {
        return new Usage(inputTokens, outputTokens, null, null);
    }

    /** Field-wise sum; {@code other} may be null. */
    public Usage plus(Usage other) {
        if (other == null) {
            return this;
        }
        return new Usage(sum(inputTokens, other.inputTokens), sum(outputTokens, other.outputTokens),
                sum(credits, other.credits), sum(cost, other.cost));
    }

    /** Sums usages that may be null; null when all are null or none reported anything. */
    public static Usage sum(Iterable<Usage> usages) {
        Usage total = null;
        for (Usage u : usages) {
            if (u != null) {
                total = total == null ? u : total.plus(u);
            }
        }
        return total == null || total.isEmpty() ? null : total;
    }

    /** Input plus output tokens, or null when neither was reported. */
    public Long totalTokens() {
        return sum(inputTokens, outputTokens);
    }

    /** True when no field is reported. */
    public boolean isEmpty() {
        return inputTokens == null && outputTokens == null && credits == null && cost == null;
    }

    private static Long sum(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(a + b);
    }

    private static Double sum(Double a, Double b) {
        // Decimal addition: 0.1 + 0.119 credits is 0.219, not 0.21900000000000003.
        return a == null ? b : b == null ? a
                : Double.valueOf(java.math.BigDecimal.valueOf(a).add(java.math.BigDecimal.valueOf(b)).doubleValue());
    }
}
