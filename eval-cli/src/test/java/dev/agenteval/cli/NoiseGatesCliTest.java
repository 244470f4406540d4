package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gates that know noise: {@code --threshold-lower-bound} (the Wilson interval's lower bound)
 * and {@code --fail-on-significant-regression} (McNemar's test on the paired verdicts), with two
 * runs of the echo agent over the same cases.
 */
class NoiseGatesCliTest {

    @TempDir
    Path dir;

    private CommandResult last;

    private Map<String, String> environment = Map.of();

    private int execute(String... args) {
        last = CommandRunner.in(dir).withEnvironment(environment).run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    /**
     * A suite "shop" of 8 cases c0..c7 in a folder of its own; the first {@code failing} expect a word
     * the echo agent never answers, the others "hello", which it does.
     */
    private String suite(String name, int failing) throws Exception {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (int i = 0; i < 8; i++) {
            yaml.append("  - id: c").append(i).append("\n    turns:\n      - input: Hi there\n        scorers:\n")
                    .append("          - type: contains\n            values: [").append(i < failing ? "nowhere" : "hello")
                    .append("]\n");
        }
        Path folder = Files.createDirectories(dir.resolve(name));
        return Files.writeString(folder.resolve("shop.yaml"), yaml).toString();
    }

    private int runSuite(String suite, String... more) {
        List<String> args = new ArrayList<>(List.of("run", suite, "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1/a"));
        args.addAll(List.of(more));
        return execute(args.toArray(String[]::new));
    }

    @Test
    void the_lower_bound_gate_should_fail_a_perfect_run_too_small_to_show_the_threshold() throws Exception {
        // 8 of 8 at 95%: the Wilson lower bound is 8 / (8 + 1.96^2) = 0.6756.
        String all = suite("all", 0);

        assertThat(runSuite(all, "--threshold", "70")).as(out()).isZero();
        assertThat(runSuite(all, "--threshold-lower-bound", "70")).isEqualTo(1);
        assertThat(out()).contains("gate not met: pass rate 100% (8 of 8 cases passed; 95% CI lower bound 67.6%)"
                + " is below the lower-bound threshold 70%");
        assertThat(runSuite(all, "--threshold-lower-bound", "67.5")).isZero();
        assertThat(out()).contains("gate met: pass rate 100% (8 of 8 cases passed; 95% CI lower bound 67.6%)"
                + " meets the lower-bound threshold 67.5%");
        assertThat(runSuite(all, "--threshold", "100", "--threshold-lower-bound", "70")).as("both must be met").isEqualTo(1);
        assertThat(out()).contains("gate met: pass rate 100% (8 of 8 cases passed) meets the threshold 100%")
                .contains("is below the lower-bound threshold 70%");
    }

    @Test
    void the_significant_regression_gate_should_fail_on_six_flipped_cases_of_eight_but_not_on_five() throws Exception {
        Path baseline = dir.resolve("baseline");
        assertThat(runSuite(suite("v1", 0), "--report-dir", baseline.toString())).isZero();
        String five = suite("five", 5);
        String six = suite("six", 6);

        // 5 regressed, 0 improved: McNemar p = 2 / 2^5 = 0.0625; --fail-on-regression fails on each flip.
        assertThat(runSuite(five, "--baseline", baseline.toString(), "--threshold", "0", "--fail-on-regression")).isEqualTo(1);
        Path report = dir.resolve("now");
        assertThat(runSuite(five, "--baseline", baseline.toString(), "--threshold", "0", "--fail-on-significant-regression",
                "--report-dir", report.toString())).as(out()).isZero();
        assertThat(out()).contains("--fail-on-significant-regression: no significant regression against "
                + baseline.resolve("results.json") + ": paired over 8 cases: 5 regressed, 0 improved, McNemar p = 0.0625"
                + " (not significant at 0.05)")
                .contains("  paired over 8 cases: 5 regressed, 0 improved, McNemar p = 0.0625 (not significant at 0.05)")
                .contains("    contains: mean change -0.625 (95% CI -1 to -0.25, n=8), sign-flip p = 0.0625,"
                        + " Holm-adjusted 0.0625");
        // 6 regressed: p = 2 / 2^6 = 0.03125.
        assertThat(runSuite(six, "--baseline", baseline.toString(), "--threshold", "0", "--fail-on-significant-regression"))
                .isEqualTo(1);
        assertThat(out()).contains("--fail-on-significant-regression: the run regressed significantly against "
                + baseline.resolve("results.json") + ": paired over 8 cases: 6 regressed, 0 improved, McNemar p = 0.0313"
                + " (significant at 0.05)");
        assertThat(runSuite(five, "--baseline", baseline.toString(), "--threshold", "0", "--fail-on-significant-regression",
                "--significance", "0.1")).isEqualTo(1);

        JsonNode json = new ObjectMapper().readTree(report.resolve("results.json").toFile());
        JsonNode b = json.get("baseline");
        assertThat(b.get("pairs").asInt()).isEqualTo(8);
        assertThat(b.get("regressed").asInt()).isEqualTo(5);
        assertThat(b.get("improved").asInt()).isZero();
        assertThat(b.get("mcnemarP").asDouble()).isCloseTo(0.0625, within(1e-12));
        assertThat(b.get("significant").asBoolean()).isFalse();
        assertThat(b.at("/scorers/0/id").asText()).isEqualTo("contains");
        assertThat(b.at("/scorers/0/meanDelta").asDouble()).isCloseTo(-0.625, within(1e-12));
        // Exact sign flips of five -1 and three 0: of the 2^8, only the 2 * 2^3 with the five alike reach |sum| 5.
        assertThat(b.at("/scorers/0/p").asDouble()).isCloseTo(16.0 / 256, within(1e-12));
        assertThat(b.at("/scorers/0/pAdjusted").asDouble()).isCloseTo(16.0 / 256, within(1e-12));
        List<String> problems = new ArrayList<>();
        execute("schema", "--results", "json");
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(out()).validate(json)
                .forEach(e -> problems.add(e.toString()));
        assertThat(problems).isEmpty();
        assertThat(Files.readString(report.resolve("results.md")))
                .contains("paired over 8 cases: 5 regressed, 0 improved, McNemar p = 0.0625 (not significant at 0.05).")
                .contains("- contains: mean change -0.625");
    }

    @Test
    void should_refuse_the_new_options_out_of_range_or_without_a_baseline() throws Exception {
        String all = suite("all", 0);
        assertThat(runSuite(all, "--threshold-lower-bound", "101")).isEqualTo(2);
        assertThat(last.err())
                .contains("--threshold-lower-bound must be between 0 and 100 (percent) but was 101");
        assertThat(runSuite(all, "--fail-on-significant-regression")).isEqualTo(2);
        assertThat(last.err())
                .contains("--fail-on-significant-regression needs --baseline (or AGENT_EVAL_BASELINE): an earlier"
                        + " results.json, or its report folder");
    }

    @Test
    void should_take_the_gates_from_the_variables_and_name_the_variable_of_an_invalid_value() throws Exception {
        String all = suite("all", 0);
        environment = Map.of("AGENT_EVAL_THRESHOLD_LOWER_BOUND", "70");
        assertThat(runSuite(all)).as(out()).isEqualTo(1);
        assertThat(out()).contains("gate not met: pass rate 100% (8 of 8 cases passed; 95% CI lower bound 67.6%)");
        // The option wins over the variable.
        assertThat(runSuite(all, "--threshold-lower-bound", "60")).isZero();

        environment = Map.of("AGENT_EVAL_THRESHOLD", "most", "AGENT_EVAL_SIGNIFICANCE", "0.05");
        assertThat(runSuite(all)).isEqualTo(2);
        assertThat(last.err())
                .contains("AGENT_EVAL_THRESHOLD must be a percentage between 0 and 100 but is 'most'")
                .contains("AGENT_EVAL_SIGNIFICANCE needs --baseline (or AGENT_EVAL_BASELINE)");
    }
}
