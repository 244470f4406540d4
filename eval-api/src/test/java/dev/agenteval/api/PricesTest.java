package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PricesTest {

    private static final Prices PRICES = Prices.builder()
            .price("gpt-4o-mini", 0.15, 0.60)
            .price(Prices.DEFAULT, 1.00, 4.00)
            .build();

    @Test
    void should_compute_the_cost_of_a_usage_from_its_models_price_per_million_tokens() {
        Usage estimated = PRICES.estimate(new Usage(1200L, 300L, null, null, "gpt-4o-mini", false));

        // 1200 / 1e6 * 0.15 + 300 / 1e6 * 0.60, in decimal
        assertThat(estimated.cost()).isEqualTo(0.00036);
        assertThat(estimated.costEstimated()).isTrue();
        assertThat(estimated.model()).isEqualTo("gpt-4o-mini");
        assertThat(estimated.inputTokens()).isEqualTo(1200L);
    }

    @Test
    void should_match_the_model_exactly_else_use_the_default_entry() {
        assertThat(PRICES.estimate(new Usage(1_000_000L, 1_000_000L, null, null, "GPT-4o-mini", false)).cost())
                .isEqualTo(5.0);
        assertThat(PRICES.estimate(Usage.tokens(1_000_000, 0)).cost()).isEqualTo(1.0);
        Prices noDefault = Prices.builder().price("gpt-4o-mini", 0.15, 0.60).build();
        Usage other = new Usage(10L, 10L, null, null, "llama3.1", false);
        assertThat(noDefault.estimate(other)).isSameAs(other);
        assertThat(noDefault.estimate(Usage.tokens(10, 10)).cost()).isNull();
    }

    @Test
    void should_never_replace_a_cost_the_agent_reported() {
        Usage reported = new Usage(1200L, 300L, null, 0.5, "gpt-4o-mini", false);
        assertThat(PRICES.estimate(reported)).isSameAs(reported);
        assertThat(PRICES.estimate(reported).costEstimated()).isFalse();
    }

    @Test
    void should_estimate_only_when_both_token_counts_are_reported() {
        Usage inputOnly = new Usage(1200L, null, 0.1, null, "gpt-4o-mini", false);
        assertThat(PRICES.estimate(inputOnly)).isSameAs(inputOnly);
        assertThat(PRICES.estimate(null)).isNull();
        assertThat(Prices.none().estimate(Usage.tokens(5, 5)).cost()).isNull();
    }

    @Test
    void should_mark_a_sum_that_includes_an_estimate_as_estimated() {
        Usage estimated = PRICES.estimate(new Usage(1200L, 300L, null, null, "gpt-4o-mini", false));
        Usage reported = new Usage(100L, 50L, null, 0.001, "gpt-4o-mini", false);

        Usage sum = Usage.sum(List.of(estimated, reported));

        assertThat(sum.cost()).isEqualTo(0.00136);
        assertThat(sum.costEstimated()).isTrue();
        assertThat(sum.model()).isEqualTo("gpt-4o-mini");
        assertThat(Usage.sum(List.of(reported, reported)).costEstimated()).isFalse();
        assertThat(estimated.plus(Usage.tokens(1, 1)).model()).isNull();
        assertThat(new Usage(1L, 1L, null, null, null, true).costEstimated()).as("no cost, no estimate").isFalse();
    }

    @Test
    void should_keep_the_four_field_usage_equal_to_before() {
        assertThat(new Usage(1L, 2L, null, null)).isEqualTo(Usage.tokens(1, 2));
        assertThat(new Usage(1L, 2L, null, null).model()).isNull();
        assertThat(new Usage(null, null, null, null, "gpt-4o-mini", false).isEmpty()).isTrue();
    }

    @Test
    void should_let_a_later_table_win_for_a_model_priced_in_both() {
        Prices file = Prices.builder().price("gpt-4o-mini", 0.2, 0.8).build();
        Prices merged = PRICES.with(file);
        assertThat(merged.find("gpt-4o-mini")).contains(new Prices.Price(0.2, 0.8));
        assertThat(merged.find("other")).contains(new Prices.Price(1.0, 4.0));
        assertThat(PRICES.with(Prices.none())).isEqualTo(PRICES);
    }

    @Test
    void should_reject_negative_or_missing_prices_naming_the_field() {
        assertThatThrownBy(() -> Prices.builder().price("m", -1, 0))
                .hasMessage("inputPerMillion must be a number >= 0 but was -1.0");
        assertThatThrownBy(() -> Prices.builder().price("m", 0, Double.NaN))
                .hasMessage("outputPerMillion must be a number >= 0 but was NaN");
        assertThatThrownBy(() -> Prices.builder().price(" ", 0, 0)).hasMessageContaining("model must not be blank");
    }
}
