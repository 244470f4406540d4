package dev.agenteval.results.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    /** 0, 1, ..., 9 repeated 500 times: mean 4.5, population variance (10^2 - 1)/12 = 8.25. */
    private static final double[] DIGITS = IntStream.range(0, 5000).mapToDouble(i -> i % 10).toArray();

    @Test
    void should_agree_with_the_analytic_standard_error_for_a_large_sample() {
        // sqrt(8.25 / 5000) = 0.0406202; the normal interval 4.5 -+ 1.959964 * 0.0406202 = 4.42039 .. 4.57961.
        MeanEstimate m = Bootstrap.mean(DIGITS);
        assertThat(m.n()).isEqualTo(5000);
        assertThat(m.mean()).isCloseTo(4.5, within(1e-12));
        assertThat(m.stderr()).isCloseTo(0.0406202, within(0.0406202 * 0.03));
        assertThat(m.interval().low()).isCloseTo(4.42039, within(0.005));
        assertThat(m.interval().high()).isCloseTo(4.57961, within(0.005));
        assertThat(m.interval().method()).isEqualTo("bootstrap");
    }

    @Test
    void should_give_the_same_numbers_for_the_same_seed_and_other_numbers_for_another() {
        double[] small = {0.2, 0.9, 0.4, 1.0, 0.7, 0.0, 0.55};
        MeanEstimate first = Bootstrap.mean(small);
        assertThat(Bootstrap.mean(small)).isEqualTo(first);
        assertThat(Bootstrap.mean(small, 0.95, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED)).isEqualTo(first);
        MeanEstimate other = Bootstrap.mean(small, 0.95, Bootstrap.DEFAULT_RESAMPLES, 7L);
        assertThat(other.interval()).isNotEqualTo(first.interval());
        // Another seed moves the bounds by Monte Carlo error only.
        assertThat(other.interval().low()).isCloseTo(first.interval().low(), within(0.03));
        assertThat(other.stderr()).isCloseTo(first.stderr(), within(0.01));
    }

    @Test
    void should_give_the_percentiles_of_the_resampled_means() {
        // From {0, 1}, a resample's mean is 0, 0.5 or 1 with chances 1/4, 1/2, 1/4: the 2.5% and
        // 97.5% quantiles are 0 and 1, and the 50% interval (25%..75%) lies inside [0, 1] around 0.5.
        double[] coin = {0, 1};
        assertThat(Bootstrap.mean(coin).interval()).extracting(Interval::low, Interval::high).containsExactly(0.0, 1.0);
        Interval half = Bootstrap.mean(coin, 0.5, Bootstrap.DEFAULT_RESAMPLES, 1L).interval();
        assertThat(half.low()).isBetween(0.0, 0.5);
        assertThat(half.high()).isBetween(0.5, 1.0);
        // A constant sample has no spread.
        MeanEstimate constant = Bootstrap.mean(new double[] {2, 2, 2});
        assertThat(constant.stderr()).isEqualTo(0.0);
        assertThat(constant.interval()).extracting(Interval::low, Interval::high).containsExactly(2.0, 2.0);
    }

    @Test
    void should_reject_an_empty_sample_a_non_finite_value_and_too_few_resamples() {
        assertThatThrownBy(() -> Bootstrap.mean(new double[0])).hasMessage("values must not be empty");
        assertThatThrownBy(() -> Bootstrap.mean(new double[] {1, Double.NaN}))
                .hasMessage("values must be finite numbers but one was NaN");
        assertThatThrownBy(() -> Bootstrap.mean(new double[] {1}, 0.95, 1, 1L)).hasMessage("resamples must be >= 2 but was 1");
    }
}
