package dev.agenteval.report;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * End to end (issue 29): an agent that passes each case with a known probability, run through the
 * runner and written as results.json many times; the {@code passRateInterval} the file reports must
 * cover the true rate in about 95% of the (seeded) runs. The coverage is computed here from the files
 * alone, so it checks the figure users read, not the estimator's own code path.
 */
class PassRateCoverageTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void the_reported_95_percent_interval_covers_the_true_pass_rate_in_about_95_percent_of_runs() throws Exception {
        double truth = 0.8;
        int cases = 40;
        int runs = 400;
        SplittableRandom random = new SplittableRandom(20261205L);
        Suite.Builder builder = Suite.named("coin");
        for (int i = 0; i < cases; i++) {
            builder.add(Case.id("case-" + i).turn("flip", contains("heads")));
        }
        Suite suite = builder.build();

        int covered = 0;
        double widths = 0;
        for (int run = 0; run < runs; run++) {
            SplittableRandom flips = random.split();
            EvalRunner runner = EvalRunner.builder().concurrency(1)
                    .agent(InProcessAgent.replying(text -> flips.nextDouble() < truth ? "heads" : "tails")).build();
            JsonNode interval = JSON.readTree(Reports.render("json", runner.run(suite))).at("/summary/passRateInterval");
            assertThat(interval.path("level").asDouble()).isEqualTo(0.95);
            double low = interval.path("low").asDouble();
            double high = interval.path("high").asDouble();
            covered += low <= truth && truth <= high ? 1 : 0;
            widths += high - low;
        }

        double coverage = covered / (double) runs;
        // Wilson's actual coverage for n = 40, p = 0.8 is about 0.93-0.96 (Brown, Cai & DasGupta 2001, fig. 4);
        // the sampling error of 400 runs is about 0.011.
        assertThat(coverage).as("coverage over %d runs", runs).isBetween(0.90, 0.99);
        // The interval is not trivially wide: about 2 * 1.96 * sqrt(0.8 * 0.2 / 40) = 0.25.
        assertThat(widths / runs).isBetween(0.20, 0.30);
    }
}
