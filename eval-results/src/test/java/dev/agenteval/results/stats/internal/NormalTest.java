package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class NormalTest {

    @Test
    void should_match_the_tabulated_two_sided_z_values() {
        // Standard normal tables (e.g. Abramowitz & Stegun 26.2): 90%, 95%, 99%, 99.8%.
        assertThat(Normal.z(0.90)).isCloseTo(1.644854, within(5e-7));
        assertThat(Normal.z(0.95)).isCloseTo(1.959964, within(5e-7));
        assertThat(Normal.z(0.99)).isCloseTo(2.575829, within(5e-7));
        assertThat(Normal.z(0.998)).isCloseTo(3.090232, within(5e-7));
    }

    @Test
    void should_match_tabulated_quantiles_in_the_far_tails_and_be_symmetric() {
        // Each branch of AS 241: the central one, r <= 5 and r > 5 (p below about 1.4e-11).
        assertThat(Normal.quantile(0.5)).isEqualTo(0.0);
        assertThat(Normal.quantile(0.841344746)).isCloseTo(1.0, within(1e-8)); // Phi(1) = 0.841344746
        assertThat(Normal.quantile(1e-10)).isCloseTo(-6.361341, within(5e-7));
        assertThat(Normal.quantile(1e-20)).isCloseTo(-9.262340, within(5e-6));
        assertThat(Normal.quantile(0.2)).isEqualTo(-Normal.quantile(0.8), within(1e-15));
    }

    @Test
    void should_reject_a_probability_or_level_outside_the_open_unit_interval() {
        assertThatThrownBy(() -> Normal.quantile(1.0)).hasMessage("p must be > 0 and < 1 but was 1.0");
        assertThatThrownBy(() -> Normal.z(95)).hasMessage("level must be > 0 and < 1 but was 95.0");
        assertThatThrownBy(() -> Normal.z(Double.NaN)).hasMessageContaining("level must be > 0 and < 1");
    }
}
