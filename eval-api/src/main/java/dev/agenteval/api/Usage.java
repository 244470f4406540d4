package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Objects;

/**
 * Token and cost accounting. Each field is null when not reported; {@link #plus} sums field-wise,
 * so a field stays null only when no summand reported it.
 *
 * <p>A cost the agent did not report may be computed from the user's {@link Prices}: such a cost
 * is {@linkplain #costEstimated() estimated}, and so is every sum that includes one.
 *
 * @param inputTokens   input (prompt) tokens, or null
 * @param outputTokens  output (completion) tokens, or null
 * @param credits       the service's credits, or null
 * @param cost          the cost in the caller's currency, or null
 * @param model         the model that produced this usage as the agent named it, or null when unknown
 *                      (a sum keeps it only when every summand names the same model)
 * @param costEstimated true when {@code cost} was (partly) computed from a price table rather than
 *                      reported by the agent; always false without a cost
 */
@API(status = STABLE)
public record Usage(Long inputTokens, Long outputTokens, Double credits, Double cost, String model,
                    boolean costEstimated) {

    /** Nothing reported. */
    public static final Usage NONE = new Usage(null, null, null, null);

    /** Normalises: a usage without a cost is never estimated; a blank model is none. */
    public Usage {
        costEstimated = costEstimated && cost != null;
        model = model == null || model.isBlank() ? null : model.strip();
    }

    /** Usage as the agent reported it, without a model. */
    public Usage(Long inputTokens, Long outputTokens, Double credits, Double cost) {
        this(inputTokens, outputTokens, credits, cost, null, false);
    }

    /** Usage with token counts only. */
    public static Usage tokens(long inputTokens, long outputTokens) {
        return new Usage(inputTokens, outputTokens, null, null);
    }

    /** This usage, produced by {@code model} (null: unknown). */
    public Usage withModel(String model) {
        return new Usage(inputTokens, outputTokens, credits, cost, model, costEstimated);
    }

    /** This usage with a cost computed from a price table: marked {@linkplain #costEstimated() estimated}. */
    public Usage withEstimatedCost(double cost) {
        return new Usage(inputTokens, outputTokens, credits, cost, model, true);
    }

    /** Field-wise sum; {@code other} may be null. */
    public Usage plus(Usage other) {
        if (other == null) {
            return this;
        }
        return new Usage(sum(inputTokens, other.inputTokens), sum(outputTokens, other.outputTokens),
                sum(credits, other.credits), sum(cost, other.cost),
                Objects.equals(model, other.model) ? model : null, costEstimated || other.costEstimated);
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

    /** True when no count, credit or cost is reported (a model alone is no usage). */
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
