package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.results.stats.Proportions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What an interval promises, checked by simulation: over many seeded runs of a stochastic "agent"
 * with a known pass rate, the 95% interval covers that rate in about 95% of them. The bounds allow
 * for the Monte Carlo error of 2,000 runs (about ±1 point) and the known small-sample deviation of
 * each method; a wrong z, a wrong variance or a missing clustering falls well outside them.
 */
class CoverageTest {

    private static final int RUNS = 2000;

    @Test
    void wilson_should_cover_the_true_pass_rate_in_about_95_percent_of_runs() {
        // 50 cases, each passing with probability 0.8.
        SplittableRandom random = new SplittableRandom(29);
        int covered = 0;
        for (int run = 0; run < RUNS; run++) {
            int passed = 0;
            for (int i = 0; i < 50; i++) {
                passed += random.nextDouble() < 0.8 ? 1 : 0;
            }
            covered += Proportions.wilson(passed, 50).contains(0.8) ? 1 : 0;
        }
        assertThat(covered / (double) RUNS).isBetween(0.925, 0.975);
    }

    @Test
    void the_clustered_interval_should_cover_the_attempt_pass_rate_where_treating_attempts_as_independent_does_not() {
        // 40 cases drawn per run, half hard (pass probability 0.1), half easy (0.9), 5 attempts each:
        // the attempt pass rate is 0.5. Attempts of one case agree, so an interval that treats the
        // 200 attempts as independent trials is too narrow (it covers about 70% of the time).
        SplittableRandom random = new SplittableRandom(29);
        int clustered = 0;
        int naive = 0;
        for (int run = 0; run < RUNS; run++) {
            List<AttemptCounts> counts = new ArrayList<>();
            int passed = 0;
            for (int i = 0; i < 40; i++) {
                double p = random.nextBoolean() ? 0.1 : 0.9;
                int c = 0;
                for (int a = 0; a < 5; a++) {
                    c += random.nextDouble() < p ? 1 : 0;
                }
                counts.add(new AttemptCounts(5, c));
                passed += c;
            }
            clustered += AttemptPassRate.of(counts, 0.95).orElseThrow().interval().orElseThrow().contains(0.5) ? 1 : 0;
            double rate = passed / 200.0;
            double half = 1.959964 * Math.sqrt(rate * (1 - rate) / 200);
            naive += rate - half <= 0.5 && 0.5 <= rate + half ? 1 : 0;
        }
        assertThat(clustered / (double) RUNS).isBetween(0.92, 0.975);
        assertThat(naive / (double) RUNS).isLessThan(0.8);
    }
}
