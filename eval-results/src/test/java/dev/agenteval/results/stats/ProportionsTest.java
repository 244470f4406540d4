package dev.agenteval.results.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProportionsTest {

    private static void assertInterval(Interval i, double low, double high) {
        assertThat(i.low()).as("low").isCloseTo(low, within(5e-5));
        assertThat(i.high()).as("high").isCloseTo(high, within(5e-5));
    }

    @Test
    void should_match_the_wilson_intervals_tabulated_by_newcombe() {
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
        // method 3 (score interval without continuity correction), 95%.
        assertInterval(Proportions.wilson(81, 263), 0.2553, 0.3662);
        assertInterval(Proportions.wilson(15, 148), 0.0624, 0.1605);
        assertInterval(Proportions.wilson(0, 20), 0.0, 0.1611);
        assertInterval(Proportions.wilson(1, 29), 0.0061, 0.1718);
        assertInterval(Proportions.wilson(29, 29), 0.8830, 1.0);
    }

    @Test
    void should_give_the_intervals_issue_29_quotes_with_exact_bounds_at_0_and_100_percent() {
        Interval allSeven = Proportions.wilson(7, 7);
        assertInterval(allSeven, 0.6457, 1.0);
        assertThat(allSeven.high()).isEqualTo(1.0);
        assertThat(allSeven).extracting(Interval::level, Interval::method).containsExactly(0.95, "wilson");
        Interval noneOfTen = Proportions.wilson(0, 10);
        assertInterval(noneOfTen, 0.0, 0.2775);
        assertThat(noneOfTen.low()).isEqualTo(0.0);
    }

    @Test
    void should_widen_with_the_confidence_level() {
        // By hand from the Wilson formula with z = 2.575829 (99%) and 1.644854 (90%) for 81/263.
        assertInterval(Proportions.wilson(81, 263, 0.99), 0.2401, 0.3853);
        assertInterval(Proportions.wilson(81, 263, 0.90), 0.2633, 0.3566);
    }

    @Test
    void should_reject_impossible_counts_naming_them() {
        assertThatThrownBy(() -> Proportions.wilson(3, 2))
                .hasMessage("need 0 <= successes <= trials and trials >= 1 but successes was 3 and trials 2");
        assertThatThrownBy(() -> Proportions.wilson(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Proportions.wilson(1, 2, 1.0)).hasMessageContaining("level must be > 0 and < 1");
    }
}
