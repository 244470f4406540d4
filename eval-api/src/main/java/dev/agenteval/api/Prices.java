package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The user's price table: per model, the price of a million input tokens and of a million output
 * tokens, in the user's currency. agent-eval ships no prices: they are whatever the user gives.
 * When an agent reports tokens but no cost, the runner computes
 * {@code inputTokens / 1e6 * input + outputTokens / 1e6 * output} from the price of the model the
 * usage names (matched exactly), else from the {@value #DEFAULT} entry, and marks the cost
 * {@linkplain Usage#costEstimated() estimated}. A cost the agent reported is never replaced.
 *
 * <pre>{@code
 * Prices prices = Prices.builder()
 *         .price("gpt-4o-mini", 0.15, 0.60)
 *         .price(Prices.DEFAULT, 1.00, 4.00)
 *         .build();
 * EvalRunner.builder().agent(agent).prices(prices);
 * }</pre>
 */
@API(status = STABLE)
public final class Prices {

    /** The entry that prices a usage whose model has no entry of its own, or names none. */
    public static final String DEFAULT = "default";

    private static final Prices NONE = new Prices(Map.of());

    private final Map<String, Price> byModel;

    private Prices(Map<String, Price> byModel) {
        this.byModel = Collections.unmodifiableMap(new LinkedHashMap<>(byModel));
    }

    /**
     * The price of one model.
     *
     * @param inputPerMillion  the price of a million input (prompt) tokens; finite and >= 0
     * @param outputPerMillion the price of a million output (completion) tokens; finite and >= 0
     */
    public record Price(double inputPerMillion, double outputPerMillion) {
        /** Validates. */
        public Price {
            check("inputPerMillion", inputPerMillion);
            check("outputPerMillion", outputPerMillion);
        }

        private static void check(String field, double value) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException(field + " must be a number >= 0 but was " + value);
            }
        }

        /** The cost of these token counts, computed in decimal ({@code 1200 / 1e6 * 0.15} is 0.00018). */
        public double cost(long inputTokens, long outputTokens) {
            BigDecimal million = BigDecimal.valueOf(1_000_000);
            BigDecimal in = BigDecimal.valueOf(inputTokens).multiply(BigDecimal.valueOf(inputPerMillion));
            BigDecimal out = BigDecimal.valueOf(outputTokens).multiply(BigDecimal.valueOf(outputPerMillion));
            return in.add(out).divide(million, MathContext.DECIMAL64).doubleValue();
        }
    }

    /** No prices: nothing is estimated. */
    public static Prices none() {
        return NONE;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The prices by model name ({@value #DEFAULT} included when given), in the order given; never null. */
    public Map<String, Price> byModel() {
        return byModel;
    }

    /** True when there is no price at all. */
    public boolean isEmpty() {
        return byModel.isEmpty();
    }

    /** The price of {@code model} (exact name), else the {@value #DEFAULT} entry; {@code model} may be null. */
    public Optional<Price> find(String model) {
        Price p = model == null ? null : byModel.get(model);
        return Optional.ofNullable(p != null ? p : byModel.get(DEFAULT));
    }

    /**
     * {@code usage} with its cost computed when the agent reported both token counts but no cost
     * and a price applies; otherwise {@code usage} itself (also when null).
     */
    public Usage estimate(Usage usage) {
        if (usage == null || usage.cost() != null || usage.inputTokens() == null || usage.outputTokens() == null) {
            return usage;
        }
        return find(usage.model()).map(p -> usage.withEstimatedCost(p.cost(usage.inputTokens(), usage.outputTokens())))
                .orElse(usage);
    }

    /** These prices with {@code other}'s added; a model priced in both takes {@code other}'s price. */
    public Prices with(Prices other) {
        Objects.requireNonNull(other, "other");
        if (other.isEmpty()) {
            return this;
        }
        Map<String, Price> merged = new LinkedHashMap<>(byModel);
        merged.putAll(other.byModel);
        return new Prices(merged);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Prices p && p.byModel.equals(byModel);
    }

    @Override
    public int hashCode() {
        return byModel.hashCode();
    }

    @Override
    public String toString() {
        return "Prices" + byModel;
    }

    /** Builder of {@link Prices}. */
    public static final class Builder {
        private final Map<String, Price> byModel = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * The price of {@code model} (exactly as the agent names it, or {@value #DEFAULT}), per
         * million tokens; a second price for the same model replaces the first.
         */
        public Builder price(String model, double inputPerMillion, double outputPerMillion) {
            return price(model, new Price(inputPerMillion, outputPerMillion));
        }

        /** The price of {@code model}. */
        public Builder price(String model, Price price) {
            if (model == null || model.isBlank()) {
                throw new IllegalArgumentException("model must not be blank but was '" + model + "'");
            }
            byModel.put(model.strip(), Objects.requireNonNull(price, "price"));
            return this;
        }

        /** Builds the table. */
        public Prices build() {
            return byModel.isEmpty() ? NONE : new Prices(byModel);
        }
    }
}
