package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent-eval sample-size}: the numbers of {@code SampleSizeTest}, from the command line. */
class SampleSizeCliTest {

    @TempDir
    Path dir;

    private CommandResult last;

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "sample-size";
        System.arraycopy(args, 0, all, 1, args.length);
        last = CommandRunner.in(dir).run(all);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
    }

    @Test
    void should_answer_for_separate_cases_in_the_harder_direction_and_name_the_approximation() {
        // From 80%, 10 points down (to 70%: 293.15 → 294) needs more cases than up (to 90%: 198.96).
        assertThat(run("--rate", "0.8", "--delta", "0.1")).as(err()).isZero();

        assertThat(out()).isEqualTo("Cases to tell a pass rate of 80% from 70% (10 points, the harder direction),"
                + " two-sided at significance 0.05 with power 80%:\n"
                + "  unpaired (two runs on separate cases): 294 cases per run (293.2 before rounding up)\n"
                + "    two-proportion z-test, normal approximation with pooled variance (Fleiss; R power.prop.test)\n");
    }

    @Test
    void should_match_r_power_prop_test_with_percentages() {
        // power.prop.test(p1 = 0.5, p2 = 0.6, power = 0.8): 387.34 → 388 (either direction from 50%).
        assertThat(run("--rate", "50%", "--delta", "10%", "--power", "80%", "--significance", "0.05")).as(err()).isZero();
        assertThat(out()).contains("of 50% from 40%", ": 388 cases per run (387.3 before rounding up)");
    }

    @Test
    void should_answer_for_paired_runs_with_the_discordant_share_given_or_assumed() {
        // Connor's formula, ψ = 0.2, δ = 0.1: 154.60 → 155.
        assertThat(run("--rate", "0.8", "--delta", "0.1", "--paired", "--discordant", "0.2")).as(err()).isZero();
        assertThat(out()).contains("  unpaired (two runs on separate cases): 294 cases per run",
                "  paired (both runs on the same cases, 20% of them discordant): 155 cases (154.6 before rounding up)\n"
                        + "    McNemar's test, Connor (1987) normal approximation from the discordant share\n")
                .doesNotContain("give --discordant");

        // ψ = 0.8·0.3 + 0.7·0.2 = 0.38: 295.89 → 296, no gain over separate cases.
        assertThat(run("--rate", "0.8", "--delta", "0.1", "--paired")).as(err()).isZero();
        assertThat(out()).contains("paired (both runs on the same cases, 38% of them discordant if the runs' verdicts"
                + " were independent): 296 cases", "give --discordant");
    }

    @Test
    void should_count_cases_and_attempts_with_repeats() {
        // 387.34 / (4 / (1 + 3·0.5)) = 242.09 → 243 cases, 972 attempts.
        assertThat(run("--rate", "0.5", "--delta", "0.1", "--repeats", "4", "--icc", "0.5")).as(err()).isZero();
        assertThat(out()).contains("4 attempts per case with intraclass correlation 0.5:",
                "243 cases per run, 972 attempts (242.1 before rounding up)", "design effect 1 + (N-1)·ICC");
    }

    @Test
    void should_print_json() throws Exception {
        assertThat(run("--rate", "0.8", "--delta", "0.1", "--paired", "--discordant", "0.2", "--json")).as(err()).isZero();

        JsonNode j = new ObjectMapper().readTree(out());
        assertThat(j.path("rate").asDouble()).isEqualTo(0.8);
        assertThat(j.path("to").asDouble()).isEqualTo(0.7);
        assertThat(j.path("significance").asDouble()).isEqualTo(0.05);
        assertThat(j.path("sides").asInt()).isEqualTo(2);
        assertThat(j.path("power").asDouble()).isEqualTo(0.8);
        assertThat(j.path("repeats").asInt()).isEqualTo(1);
        assertThat(j.path("icc").isNull()).isTrue();
        assertThat(j.at("/unpaired/cases").asInt()).isEqualTo(294);
        assertThat(j.at("/unpaired/exact").asDouble()).isEqualTo(293.1513);
        assertThat(j.at("/unpaired/approximation").asText()).contains("two-proportion z-test");
        assertThat(j.at("/paired/cases").asInt()).isEqualTo(155);
        assertThat(j.at("/paired/discordant").asDouble()).isEqualTo(0.2);
        assertThat(j.at("/paired/discordantAssumed").asBoolean()).isFalse();
        assertThat(j.at("/paired/approximation").asText()).contains("Connor (1987)");
    }

    @Test
    void should_exit_2_naming_every_bad_option() {
        assertThat(run("--rate", "1.2", "--delta", "0", "--power", "1", "--discordant", "0.2", "--repeats", "3")).isEqualTo(2);
        assertThat(err()).contains("--rate must be between 0 and 1 (or a percentage) but was 1.2",
                "--delta must be > 0 and < 1", "--power must be > 0 and < 1", "--discordant needs --paired",
                "--repeats 3 needs --icc R");
        assertThat(run("--rate", "0.8", "--delta", "0.1", "--paired", "--discordant", "0.05")).isEqualTo(2);
        assertThat(err()).contains("--discordant: discordant must be between 0.1 (the change itself)");
        assertThat(run("--rate", "eighty", "--delta", "0.1")).isEqualTo(2);
        assertThat(err()).contains("expected a fraction such as 0.8 or a percentage such as 80% but was 'eighty'");
        assertThat(run("--delta", "0.1")).isEqualTo(2);
        assertThat(err()).contains("Missing required option: '--rate=RATE'");
        assertThat(out()).isEmpty();
    }
}
