package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --threshold}, {@code --baseline} and {@code --fail-on-regression}: what they print and how they exit. */
class GateBaselineCliTest {

    /** The working folder: a copy of the test suites, so that runs writing results/ write there. */
    @TempDir
    Path work;

    @BeforeEach
    void copySuites() throws IOException {
        TestSuites.copyInto(work);
    }

    private CommandResult last;

    @TempDir
    Path dir;

    private int run(String... args) {
        last = CommandRunner.in(work).run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
    }

    /** A platform suite named "shop" whose cases pass when the echo agent's answer contains their word. */
    private Path suite(String name, String... idAndWord) throws Exception {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (int i = 0; i < idAndWord.length; i += 2) {
            yaml.append("  - id: ").append(idAndWord[i]).append('\n')
                    .append("    turns:\n")
                    .append("      - input: Hi there\n")
                    .append("        scorers:\n")
                    .append("          - type: contains\n")
                    .append("            values: [").append(idAndWord[i + 1]).append("]\n");
        }
        Path folder = Files.createDirectories(dir.resolve(name));
        return Files.writeString(folder.resolve("shop.yaml"), yaml);
    }

    private String[] args(Path suite, String... more) {
        String[] base = {"run", suite.toString(), "--protocol", "test-echo", "--agent-url", "http://user:pw@127.0.0.1:1/a?key=k"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void should_exit_0_when_the_pass_rate_meets_the_threshold_although_a_case_failed() {
        int code = run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--threshold", "50");

        assertThat(code).as(err()).isZero();
        assertThat(out()).contains("gate met: pass rate 50% (1 of 2 cases passed) meets the threshold 50%");
    }

    @Test
    void should_exit_1_when_the_pass_rate_is_below_the_threshold_although_no_case_errored() {
        int code = run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--threshold", "50.5");

        assertThat(code).isEqualTo(1);
        assertThat(out()).contains("gate not met: pass rate 50% (1 of 2 cases passed) is below the threshold 50.5%");
    }

    @Test
    void should_exit_1_when_a_filtered_run_cannot_satisfy_the_gate_even_at_100_percent() {
        int code = run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--case", "polite",
                "--threshold", "10");

        assertThat(code).isEqualTo(1);
        assertThat(out()).contains("pass rate 100% (1 of 1 cases passed), but the result does not cover every current case:"
                + " the run covered 1 of the suite's 2 cases");
    }

    @Test
    void should_refuse_invalid_gate_and_baseline_options_before_sending_anything() {
        assertThat(run("run", "greetings.yaml", "--agent-url", "http://x", "--threshold", "120")).isEqualTo(2);
        assertThat(err()).contains("--threshold must be between 0 and 100 (percent) but was 120");
        assertThat(run("run", "greetings.yaml", "--agent-url", "http://x", "--fail-on-regression")).isEqualTo(2);
        assertThat(err()).contains("--fail-on-regression needs --baseline (or AGENT_EVAL_BASELINE): an earlier results.json");
        assertThat(run("run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://x",
                "--baseline", dir.resolve("missing.json").toString())).isEqualTo(2);
        assertThat(err()).contains("--baseline: ").contains("missing.json");
        assertThat(out()).doesNotContain("greets");
    }

    @Test
    void should_show_regressions_fixes_new_and_removed_cases_and_fail_on_regression_only_when_asked() throws Exception {
        Path before = suite("v1", "kept", "hello", "regressed", "hello", "fixed", "nowhere", "gone", "hello");
        Path after = suite("v2", "kept", "hello", "regressed", "nowhere", "fixed", "hello", "added", "hello");
        Path baseline = dir.resolve("baseline");
        assertThat(run(args(before, "--report-dir", baseline.toString()))).isEqualTo(1);

        Path report = dir.resolve("now");
        int gated = run(args(after, "--baseline", baseline.toString(), "--threshold", "75", "--report-dir", report.toString()));
        String gatedOut = out();
        int failing = run(args(after, "--baseline", baseline.resolve("results.json").toString(), "--threshold", "75",
                "--fail-on-regression"));

        assertThat(gated).as("3 of 4 meet the threshold; regressions alone do not fail the run").isZero();
        assertThat(gatedOut).contains("pass rate 75% -> 75% (no change); 1 regression, 1 fix, 1 new, 1 removed")
                .contains("REGRESSED   regressed: passed -> failed")
                .contains("FIXED       fixed: failed -> passed")
                .contains("NEW         added: passed")
                .contains("REMOVED     gone: was passed")
                .contains("gate met");
        assertThat(failing).isEqualTo(1);
        assertThat(out()).contains("--fail-on-regression: 1 case regressed against ").contains(": regressed");
        JsonNode json = new ObjectMapper().readTree(report.resolve("results.json").toFile());
        assertThat(json.at("/baseline/regressions/0/id").asText()).isEqualTo("regressed");
        assertThat(json.at("/baseline/new/0/id").asText()).isEqualTo("added");
        assertThat(json.at("/baseline/removed/0/id").asText()).isEqualTo("gone");
        assertThat(json.at("/fingerprint/agent").asText()).as("no credentials or query in the fingerprint")
                .isEqualTo("test-echo http://127.0.0.1:1/a");
        assertThat(json.at("/fingerprint/judge").asText()).isEqualTo("none");
        assertThat(Files.readString(report.resolve("results.md"))).contains("🔻 **Regression** `regressed`");
    }

    /** Two suites, 'shop' and 'cart', in one folder; each case passes when the echo agent's answer contains its word. */
    private Path twoSuites(String name, String shopWord, String cartWord) throws Exception {
        Path folder = suite(name, "a", shopWord).getParent();
        Files.writeString(folder.resolve("cart.yaml"), Files.readString(folder.resolve("shop.yaml"))
                .replace("id: a", "id: b").replace("[" + shopWord + "]", "[" + cartWord + "]"));
        return folder;
    }

    @Test
    void should_compare_each_of_several_suites_with_its_own_result_in_a_baseline_report_folder() throws Exception {
        Path baseline = dir.resolve("baseline");
        assertThat(run(args(twoSuites("v1", "hello", "hello"), "--report-dir", baseline.toString()))).as(err()).isZero();
        assertThat(baseline.resolve("shop/results.json")).exists();

        int code = run(args(twoSuites("v2", "nowhere", "nowhere"), "--baseline", baseline.toString(), "--fail-on-regression"));

        assertThat(code).isEqualTo(1);
        assertThat(out()).contains("--fail-on-regression: 1 case regressed against " + baseline.resolve("cart/results.json") + ": b")
                .contains("--fail-on-regression: 1 case regressed against " + baseline.resolve("shop/results.json") + ": a");
        assertThat(err()).doesNotContain("warning");
    }

    @Test
    void should_warn_naming_each_suite_that_a_baseline_holds_no_result_of() throws Exception {
        Path baseline = dir.resolve("baseline");
        assertThat(run(args(twoSuites("v1", "hello", "hello"), "--report-dir", baseline.toString()))).as(err()).isZero();

        int code = run(args(twoSuites("v2", "nowhere", "nowhere"), "--baseline", baseline.resolve("shop").toString(),
                "--fail-on-regression"));

        assertThat(code).isEqualTo(1);
        assertThat(out()).contains("regressed against " + baseline.resolve("shop/results.json") + ": a")
                .doesNotContain(": b");
        assertThat(err()).contains("warning: suite 'cart' is not compared with a baseline: --baseline holds no result of it ("
                + baseline.resolve("shop/results.json") + " is of suite 'shop')").doesNotContain("suite 'shop' is not compared");
    }

    @Test
    void should_compare_one_suite_with_its_result_in_a_baseline_folder_of_several_and_refuse_one_of_none() throws Exception {
        Path baseline = dir.resolve("baseline");
        assertThat(run(args(twoSuites("v1", "hello", "hello"), "--report-dir", baseline.toString()))).as(err()).isZero();

        int shop = run(args(twoSuites("v2", "nowhere", "hello").resolve("shop.yaml"), "--baseline", baseline.toString(),
                "--fail-on-regression"));

        assertThat(shop).isEqualTo(1);
        assertThat(out()).contains("regressed against " + baseline.resolve("shop/results.json") + ": a");
        assertThat(err()).doesNotContain("warning", "note");
        assertThat(run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--baseline",
                baseline.toString())).isEqualTo(2);
        assertThat(err()).contains("--baseline holds no result of the suites run ('mixed'): " + baseline.resolve("cart/results.json")
                + " is of suite 'cart', " + baseline.resolve("shop/results.json") + " is of suite 'shop'");
    }

    @Test
    void should_flag_a_repeated_regression_only_when_fishers_test_rules_out_noise() throws Exception {
        Path before = suite("v1", "a", "hello");
        Path after = suite("v2", "a", "nowhere");
        Path baseline3 = dir.resolve("b3");
        Path baseline5 = dir.resolve("b5");
        assertThat(run(args(before, "--repeat", "3", "--report-dir", baseline3.toString()))).isZero();
        assertThat(run(args(before, "--repeat", "5", "--report-dir", baseline5.toString()))).isZero();

        int three = run(args(after, "--repeat", "3", "--baseline", baseline3.toString(), "--threshold", "0",
                "--fail-on-regression"));
        String threeOut = out();
        int five = run(args(after, "--repeat", "5", "--baseline", baseline5.toString(), "--threshold", "0",
                "--fail-on-regression"));

        assertThat(three).as("3/3 -> 0/3 gives p = 0.1: not a confirmed regression").isZero();
        assertThat(threeOut).contains("UNCONFIRMED a: passed -> failed (3/3 -> 0/3 attempts, p = 0.1 >= 0.05: may be noise");
        assertThat(five).as("5/5 -> 0/5 gives p = 0.0079").isEqualTo(1);
        assertThat(out()).contains("REGRESSED   a: passed -> failed (5/5 -> 0/5 attempts, p = 0.00794)");
    }
}
