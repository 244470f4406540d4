package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptPassRateTest {

    @Test
    void should_take_the_mean_of_case_fractions_with_a_standard_error_clustered_by_case() {
        // Fractions 2/2, 1/2, 0/2, 2/4: mean 0.5; sample variance (0.25 + 0 + 0.25 + 0)/3 = 1/6;
        // stderr = sqrt(1/6 / 4) = 0.2041241; 95%: 0.5 -+ 1.959964 * 0.2041241 = 0.0999240 .. 0.9000759.
        AttemptPassRate r = AttemptPassRate.of(List.of(new AttemptCounts(2, 2), new AttemptCounts(2, 1),
                new AttemptCounts(2, 0), new AttemptCounts(4, 2)), 0.95).orElseThrow();
        assertThat(r.mean()).isCloseTo(0.5, within(1e-12));
        assertThat(r.stderr().getAsDouble()).isCloseTo(0.2041241, within(1e-7));
        assertThat(r.interval().orElseThrow().low()).isCloseTo(0.0999240, within(1e-6));
        assertThat(r.interval().orElseThrow().high()).isCloseTo(0.9000759, within(1e-6));
        assertThat(r.interval().orElseThrow().method()).isEqualTo("normal");
        assertThat(r.cases()).isEqualTo(4);
    }

    @Test
    void should_not_treat_the_attempts_of_one_case_as_independent_trials() {
        // Two cases of ten attempts, one always passing, one always failing: the cases disagree
        // completely, so stderr = sd(1, 0)/sqrt(2) = 0.7071068/1.4142136 = 0.5, not the
        // sqrt(0.25/20) = 0.112 of twenty independent attempts; the interval is clipped to [0, 1].
        AttemptPassRate r = AttemptPassRate.of(List.of(new AttemptCounts(10, 10), new AttemptCounts(10, 0)), 0.95)
                .orElseThrow();
        assertThat(r.stderr().getAsDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(r.interval().orElseThrow().low()).isEqualTo(0.0);
        assertThat(r.interval().orElseThrow().high()).isEqualTo(1.0);
    }

    @Test
    void should_clip_the_upper_bound_to_one() {
        // Fractions 1, 1, 1, 0.8: mean 0.95; variance 0.03/3 = 0.01; stderr 0.05;
        // 0.95 + 1.959964 * 0.05 = 1.048 -> 1; 0.95 - 0.0979982 = 0.8520018.
        AttemptPassRate r = AttemptPassRate.of(List.of(new AttemptCounts(5, 5), new AttemptCounts(5, 5),
                new AttemptCounts(5, 5), new AttemptCounts(5, 4)), 0.95).orElseThrow();
        assertThat(r.interval().orElseThrow().high()).isEqualTo(1.0);
        assertThat(r.interval().orElseThrow().low()).isCloseTo(0.8520018, within(1e-6));
    }

    @Test
    void should_leave_out_cases_without_attempts_and_give_no_spread_for_one_case() {
        AttemptPassRate one = AttemptPassRate.of(List.of(new AttemptCounts(4, 3), new AttemptCounts(0, 0)), 0.95)
                .orElseThrow();
        assertThat(one.mean()).isEqualTo(0.75);
        assertThat(one.stderr()).isEmpty();
        assertThat(one.interval()).isEmpty();
        assertThat(one.cases()).isEqualTo(1);
        assertThat(AttemptPassRate.of(List.of(new AttemptCounts(0, 0)), 0.95)).isEmpty();
        assertThat(AttemptPassRate.of(List.of(new AttemptCounts(3, 3), new AttemptCounts(3, 0), new AttemptCounts(0, 0)),
                0.95).orElseThrow().cases()).isEqualTo(2);
    }
}
