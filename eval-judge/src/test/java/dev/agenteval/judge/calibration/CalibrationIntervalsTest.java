package dev.agenteval.judge.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.judge.calibration.CalibrationResult.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The intervals of agreement and kappa in {@link CalibrationReports}' table, JSON and Markdown. */
class CalibrationIntervalsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A group of labels: person × judge counts, plus undecided ones. */
    private static CalibrationResult result(int passPass, int passFail, int failPass, int failFail, int undecided) {
        List<Outcome> outcomes = new ArrayList<>();
        add(outcomes, passPass, true, ScoreStatus.PASSED);
        add(outcomes, passFail, true, ScoreStatus.FAILED);
        add(outcomes, failPass, false, ScoreStatus.PASSED);
        add(outcomes, failFail, false, ScoreStatus.FAILED);
        add(outcomes, undecided, true, ScoreStatus.UNDECIDED);
        return CalibrationResult.of(outcomes);
    }

    private static void add(List<Outcome> outcomes, int count, boolean human, ScoreStatus judge) {
        for (int i = 0; i < count; i++) {
            outcomes.add(new Outcome("l" + outcomes.size(), "correctness", "correctness@1", human, judge, null, "r"));
        }
    }

    private static JsonNode group(String json) throws Exception {
        return JSON.readTree(json).at("/groups/0");
    }

    @Test
    void should_give_the_agreement_the_wilson_interval_newcombe_tabulates() throws Exception {
        // Judge and person agree on 40 + 41 = 81 of 263 decided labels: Newcombe (1998), Table I,
        // method 3, gives 0.2553 to 0.3662 for 81/263 at 95%.
        JsonNode g = group(CalibrationReports.json(result(40, 100, 82, 41, 3)));

        assertThat(g.at("/agreementInterval/level").asDouble()).isEqualTo(0.95);
        assertThat(g.at("/agreementInterval/method").asText()).isEqualTo("wilson");
        assertThat(g.at("/agreementInterval/low").asDouble()).isCloseTo(0.2553, within(1e-4));
        assertThat(g.at("/agreementInterval/high").asDouble()).isCloseTo(0.3662, within(1e-4));
        assertThat(g.path("agreement").asDouble()).as("the point estimate is kept").isCloseTo(81.0 / 263, within(1e-4));
    }

    @Test
    void should_give_kappa_a_bootstrap_interval_that_the_seed_fixes() throws Exception {
        // 3 pass/pass, 1 pass/fail, 1 fail/pass, 2 fail/fail (the README's example): po = 5/7, kappa 0.42.
        CalibrationResult r = result(3, 1, 1, 2, 1);
        JsonNode once = group(CalibrationReports.json(r));
        JsonNode again = group(CalibrationReports.json(r, CalibrationReports.Intervals.DEFAULTS));
        JsonNode other = group(CalibrationReports.json(r, new CalibrationReports.Intervals(0.95, 7)));

        assertThat(once.path("kappaInterval")).isEqualTo(again.path("kappaInterval"));
        assertThat(once.at("/kappaInterval/method").asText()).isEqualTo("bootstrap");
        assertThat(once.at("/kappaInterval/resamples").asInt()).isEqualTo(10_000);
        assertThat(once.at("/kappaInterval/seed").asLong()).isEqualTo(dev.agenteval.results.stats.Bootstrap.DEFAULT_SEED);
        double low = once.at("/kappaInterval/low").asDouble();
        double high = once.at("/kappaInterval/high").asDouble();
        assertThat(low).as("7 labels say little").isLessThan(0).isGreaterThanOrEqualTo(-1);
        assertThat(high).isEqualTo(1.0);
        assertThat(once.path("kappa").asDouble()).isBetween(low, high);
        assertThat(other.at("/kappaInterval/seed").asLong()).isEqualTo(7);
        assertThat(other.at("/kappaInterval/low").asDouble()).isCloseTo(low, within(0.1));
    }

    @Test
    void should_print_both_intervals_on_the_groups_line_and_in_the_markdown_table() {
        CalibrationResult r = result(3, 1, 1, 2, 1);
        // Wilson 5/7 at 95%: centre (5 + 1.9207)/(7 + 3.8415) = 0.6383, half 0.1808·√(10/7 + 0.9604) = 0.2794: 36-92%.
        assertThat(CalibrationReports.table(r)).containsPattern(
                "correctness \\(correctness@1\\): 8 labels, 7 decided, agreement 71\\.4% \\(95% CI 36-92%\\),"
                        + " kappa 0\\.42 \\(95% CI -0\\.\\d\\d to 1\\.00\\), 1 undecided, 0 errored\n");
        assertThat(CalibrationReports.table(r, new CalibrationReports.Intervals(0.9, 1)))
                .contains("agreement 71.4% (90% CI ").contains("kappa 0.42 (90% CI ");
        assertThat(CalibrationReports.markdown(r))
                .contains("| Agreement | Agreement 95% CI | Kappa | Kappa 95% CI |")
                .containsPattern("\\| 71\\.4% \\| 36-92% \\| 0\\.42 \\| -0\\.\\d\\d to 1\\.00 \\|")
                .contains("percentile bootstrap over the decided labels (10000 resamples, seed 20240529)");
    }

    @Test
    void should_write_null_intervals_and_print_none_where_there_is_nothing_to_estimate() throws Exception {
        CalibrationResult allPass = result(4, 0, 0, 0, 0);
        JsonNode g = group(CalibrationReports.json(allPass));
        assertThat(g.path("kappaInterval").isNull()).isTrue();
        assertThat(g.at("/agreementInterval/high").asDouble()).isEqualTo(1.0);
        assertThat(CalibrationReports.table(allPass)).contains("kappa undefined, 0 undecided");

        JsonNode none = group(CalibrationReports.json(result(0, 0, 0, 0, 2)));
        assertThat(none.path("agreementInterval").isNull()).isTrue();
        assertThat(none.path("kappaInterval").isNull()).isTrue();
        assertThatThrownBy(() -> new CalibrationReports.Intervals(1.0, 1)).hasMessageContaining("level must be > 0 and < 1");
    }
}
