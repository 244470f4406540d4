package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.results.stats.Interval;
import org.junit.jupiter.api.Test;

class KappaTest {

    @Test
    void should_compute_cohens_kappa_by_hand() {
        // po = 6/8 = 0.75, pe = 0.5·0.5 + 0.5·0.5 = 0.5: kappa = 0.25 / 0.5 = 0.5.
        assertThat(Kappa.cohen(3, 1, 1, 3)).isCloseTo(0.5, within(1e-12));
        // po = 0.8, pe = 0.9·0.9 + 0.1·0.1 = 0.82: kappa = -0.02 / 0.18 = -1/9.
        assertThat(Kappa.cohen(8, 1, 1, 0)).isCloseTo(-1.0 / 9, within(1e-12));
        assertThat(Kappa.cohen(4, 0, 0, 0)).as("pe = 1").isNaN();
        assertThat(Kappa.cohen(0, 0, 0, 0)).as("no item").isNaN();
    }

    @Test
    void should_give_the_same_interval_for_the_same_seed_and_a_close_one_for_another() {
        Interval once = Kappa.bootstrap(12, 3, 4, 11, 0.95, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED).orElseThrow();
        Interval again = Kappa.bootstrap(12, 3, 4, 11, 0.95, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED).orElseThrow();
        Interval other = Kappa.bootstrap(12, 3, 4, 11, 0.95, Bootstrap.DEFAULT_RESAMPLES, 7L).orElseThrow();

        assertThat(again).isEqualTo(once);
        assertThat(once.method()).isEqualTo("bootstrap");
        assertThat(once.contains(Kappa.cohen(12, 3, 4, 11))).isTrue();
        assertThat(other).isNotEqualTo(once);
        assertThat(other.low()).isCloseTo(once.low(), within(0.03));
        assertThat(other.high()).isCloseTo(once.high(), within(0.03));
    }

    @Test
    void should_agree_with_the_large_sample_standard_error_on_a_large_table() {
        // 150, 50, 50, 150 (n = 400): kappa 0.5; the asymptotic standard error of Fleiss, Cohen and
        // Everitt (1969) is 0.0433 (computed apart), so the normal interval is 0.415 to 0.585.
        Interval i = Kappa.bootstrap(150, 50, 50, 150, 0.95, 20_000, Bootstrap.DEFAULT_SEED).orElseThrow();
        assertThat(i.low()).isCloseTo(0.415, within(0.01));
        assertThat(i.high()).isCloseTo(0.585, within(0.01));
    }

    @Test
    void should_narrow_with_more_labels_and_widen_with_the_level() {
        Interval thirty = Kappa.bootstrap(12, 3, 4, 11, 0.95, 10_000, 1L).orElseThrow();
        Interval threeHundred = Kappa.bootstrap(120, 30, 40, 110, 0.95, 10_000, 1L).orElseThrow();
        Interval ninety = Kappa.bootstrap(12, 3, 4, 11, 0.90, 10_000, 1L).orElseThrow();
        assertThat(threeHundred.high() - threeHundred.low()).isLessThan((thirty.high() - thirty.low()) / 2);
        assertThat(ninety.high() - ninety.low()).isLessThan(thirty.high() - thirty.low());
    }

    @Test
    void should_give_no_interval_where_kappa_is_undefined_and_refuse_bad_arguments() {
        assertThat(Kappa.bootstrap(5, 0, 0, 0, 0.95, 1000, 1L)).isEmpty();
        // The person passed all 20: kappa is 0 in every resample where it is defined, a point, not an interval.
        assertThat(Kappa.cohen(10, 10, 0, 0)).isEqualTo(0.0);
        assertThat(Kappa.bootstrap(10, 10, 0, 0, 0.95, 1000, 1L)).isEmpty();
        assertThat(Kappa.bootstrap(10, 0, 10, 0, 0.95, 1000, 1L)).as("the judge passed all").isEmpty();
        assertThatThrownBy(() -> Kappa.bootstrap(1, -1, 0, 0, 0.95, 1000, 1L)).hasMessageContaining("counts must be >= 0");
        assertThatThrownBy(() -> Kappa.bootstrap(1, 1, 0, 0, 0.95, 1, 1L)).hasMessageContaining("resamples must be >= 2");
        assertThatThrownBy(() -> Kappa.bootstrap(1, 1, 0, 0, 1.0, 100, 1L)).hasMessageContaining("level must be");
    }
}
