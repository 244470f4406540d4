package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SamplesTest {

    @Test
    void should_interpolate_quantiles_as_r_type_7() {
        // R: quantile(c(1, 2, 3, 4), c(0.1, 0.5, 0.9)) = 1.3, 2.5, 3.7.
        double[] sorted = {1, 2, 3, 4};
        assertThat(Samples.quantile(sorted, 0.1)).isCloseTo(1.3, within(1e-12));
        assertThat(Samples.quantile(sorted, 0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(Samples.quantile(sorted, 0.9)).isCloseTo(3.7, within(1e-12));
        assertThat(Samples.quantile(sorted, 1.0)).isEqualTo(4.0);
    }
}
