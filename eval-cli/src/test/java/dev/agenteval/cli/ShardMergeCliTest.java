package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --shard I/N} on N "jobs", then {@code merge}, against the test echo agent. */
class ShardMergeCliTest {

    private static final int CASES = 60;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private CommandResult last;

    /** A suite of 60 cases: every fifth one expects a word the echo agent never says. */
    @BeforeEach
    void writeSuite() throws Exception {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (int i = 0; i < CASES; i++) {
            yaml.append("  - id: case-").append(i).append('\n')
                    .append("    turns:\n")
                    .append("      - input: \"Question ").append(i).append("\"\n")
                    .append("        scorers:\n")
                    .append("          - type: contains\n")
                    .append("            values: [").append(i % 5 == 0 ? "goodbye" : "hello").append("]\n");
        }
        Files.writeString(work.resolve("big.yaml"), yaml.toString());
    }

    private int run(String... args) {
        last = CommandRunner.in(work).run(args);
        return last.exitCode();
    }

    private String err() {
        return last.err();
    }

    private String out() {
        return last.out();
    }

    /** The current suite and agent, to which merge --threshold binds the gate. */
    private static final String[] CURRENT = {"--suite", "big.yaml", "--protocol", "test-echo", "--agent-url",
            "http://127.0.0.1:1"};

    /** {@code merge ARGS} bound to the current suite and agent. */
    private int mergeCurrent(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + CURRENT.length);
        System.arraycopy(CURRENT, 0, all, args.length, CURRENT.length);
        return run(all);
    }

    private int runShard(String shard, String dir) {
        return run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--shard", shard, "--report-dir", dir, "-q");
    }

    private static Map<String, String> statuses(JsonNode report) {
        Map<String, String> statuses = new TreeMap<>();
        report.get("cases").forEach(c -> statuses.put(c.get("id").asText(), c.get("status").asText()));
        return statuses;
    }

    private JsonNode read(String file) throws Exception {
        return JSON.readTree(work.resolve(file).toFile());
    }

    @Test
    void should_reproduce_the_unsharded_summary_and_statuses_after_merging_the_shards() throws Exception {
        int wholeCode = run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "whole", "-q");
        JsonNode whole = read("whole/results.json");
        assertThat(whole.at("/summary/failed").asInt()).isEqualTo(12);
        assertThat(whole.has("shard")).isFalse();

        for (int count : new int[] {2, 3, 7}) {
            List<String> parts = new ArrayList<>();
            int ran = 0;
            for (int index = 1; index <= count; index++) {
                String dir = "n" + count + "/shard-" + index;
                runShard(index + "/" + count, dir);
                JsonNode part = read(dir + "/results.json");
                assertThat(part.at("/shard/index").asInt()).isEqualTo(index);
                assertThat(part.at("/shard/count").asInt()).isEqualTo(count);
                assertThat(part.at("/summary/skipped").asInt()).isZero();
                ran += part.at("/summary/cases").asInt();
                parts.add(dir);  // a folder holding results.json
            }
            assertThat(ran).as("every case runs in exactly one of %s shards", count).isEqualTo(CASES);

            List<String> args = new ArrayList<>(List.of("merge"));
            java.util.Collections.reverse(parts);  // any order
            args.addAll(parts);
            args.addAll(List.of("--report-dir", "n" + count + "/merged"));
            int mergeCode = run(args.toArray(String[]::new));

            assertThat(mergeCode).as(err()).isEqualTo(wholeCode).isEqualTo(1);
            JsonNode merged = read("n" + count + "/merged/results.json");
            assertThat(merged.get("summary")).isEqualTo(whole.get("summary"));
            // Recomputed over the merged cases, not averaged over the shards': each shard's n is its own share.
            assertThat(merged.at("/scorers/0/n").asInt()).isEqualTo(CASES);
            assertThat(merged.get("scorers")).isEqualTo(whole.get("scorers"));
            assertThat(statuses(merged)).isEqualTo(statuses(whole));
            assertThat(merged.get("suite").asText()).isEqualTo("big");
            assertThat(merged.get("complete").asBoolean()).isTrue();
            assertThat(merged.has("shard")).isFalse();
            assertThat(Files.readString(work.resolve("n" + count + "/merged/junit.xml")))
                    .contains("tests=\"" + CASES + "\"").contains("failures=\"12\"");
            assertThat(Files.readString(work.resolve("n" + count + "/merged/results.md"))).contains("case-59");
            assertThat(out()).contains("48 passed, 12 failed");
        }
    }

    @Test
    void should_recompute_the_intervals_at_the_confidence_and_seed_merge_is_given() throws Exception {
        runShard("1/2", "a");
        runShard("2/2", "b");

        assertThat(run("merge", "a", "b", "--report-dir", "m90", "--confidence", "0.9", "--seed", "3")).isEqualTo(1);
        JsonNode merged = read("m90/results.json");
        assertThat(merged.at("/summary/passRateInterval/level").asDouble()).isEqualTo(0.9);
        assertThat(merged.at("/scorers/0/interval/level").asDouble()).isEqualTo(0.9);
        assertThat(out()).contains("(90% CI ");
        assertThat(run("merge", "a", "b", "--output", "bad.json", "--confidence", "0")).isEqualTo(2);
        assertThat(err()).contains("--confidence must be a confidence level between 0 and 1 exclusive");
    }

    @Test
    void should_exit_0_when_every_merged_case_passed() throws Exception {
        Files.writeString(work.resolve("big.yaml"), Files.readString(work.resolve("big.yaml")).replace("goodbye", "hello"));
        assertThat(runShard("1/2", "a")).isIn(0);
        assertThat(runShard("2/2", "b")).isIn(0);

        assertThat(run("merge", "a/results.json", "b/results.json", "--output", "merged.json")).as(err()).isZero();
        assertThat(read("merged.json").at("/summary/passed").asInt()).isEqualTo(CASES);
        assertThat(work.resolve("merged.md")).exists();
    }

    @Test
    void should_exit_2_naming_the_inputs_when_results_cannot_be_merged() throws Exception {
        runShard("1/3", "s1");
        runShard("2/3", "s2");
        runShard("3/3", "s3");
        Files.createDirectories(work.resolve("copy"));
        Files.copy(work.resolve("s2/results.json"), work.resolve("copy/results.json"));

        assertThat(run("merge", "s1", "s2", "copy", "s3")).isEqualTo(2);
        assertThat(err()).contains("overlapping shards: s2/results.json and copy/results.json are both shard 2/3");

        assertThat(run("merge", "s1", "s3")).isEqualTo(2);
        assertThat(err()).contains("missing shard 2/3 of suite 'big'");
        assertThat(work.resolve("s1/merged")).doesNotExist();

        assertThat(run("merge", "s1", "s3", "--allow-partial", "--report-dir", "partial")).isEqualTo(1);
        assertThat(err()).contains("the merged result is incomplete");
        assertThat(read("partial/results.json").get("complete").asBoolean()).isFalse();

        Files.writeString(work.resolve("greetings.yaml"), "cases:\n  - id: hi\n    turns:\n      - input: Hi\n"
                + "        scorers:\n          - type: contains\n            values: [hello]\n");
        run("run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--report-dir", "other", "-q");
        assertThat(run("merge", "other", "s1", "s2", "s3")).isEqualTo(2);
        assertThat(err()).contains("cannot merge results of different suites: 'greetings' (other/results.json), "
                + "'big' (s1/results.json, s2/results.json, s3/results.json)");

        run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--case", "case-1",
                "--report-dir", "one", "-q");
        run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://x", "--case", "case-1",
                "--case", "case-2", "--report-dir", "two", "-q");
        assertThat(run("merge", "one", "two")).isEqualTo(2);
        assertThat(err()).contains("duplicate case id 'case-1' in one/results.json and two/results.json");

        assertThat(run("merge", "nowhere.json")).isEqualTo(2);
        assertThat(err()).contains("nowhere.json: no such file");
        Files.writeString(work.resolve("junk.json"), "{\"suite\": \"big\"}");
        assertThat(run("merge", "junk.json")).isEqualTo(2);
        assertThat(err()).contains("junk.json: startedAt: missing");
        assertThat(run("merge", "s1", "s1")).isEqualTo(2);
        assertThat(err()).contains("s1/results.json is given twice");
    }

    @Test
    void should_gate_the_merged_result_on_a_threshold_only_when_it_covers_every_case() {
        runShard("1/3", "s1");
        runShard("2/3", "s2");
        runShard("3/3", "s3");

        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold", "80")).as(out() + err()).isZero();
        assertThat(out()).contains("gate met: pass rate 80% (48 of 60 cases passed)");
        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold", "80.5")).isEqualTo(1);
        assertThat(out()).contains("gate not met: pass rate 80% (48 of 60 cases passed) is below the threshold 80.5%");

        assertThat(mergeCurrent("merge", "s1", "s3", "--allow-partial", "--threshold", "0")).isEqualTo(1);
        assertThat(out()).contains("does not cover every current case");
        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold", "150")).isEqualTo(2);
        assertThat(err()).contains("--threshold must be between 0 and 100 (percent) but was 150");
    }

    /** The whole run's results.json with the cases {@code passed} marked passed: a baseline they regressed from. */
    private String baselineWhere(String name, java.util.Set<String> passed) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode whole = (com.fasterxml.jackson.databind.node.ObjectNode) read("whole/results.json");
        for (JsonNode c : whole.get("cases")) {
            if (passed.contains(c.get("id").asText())) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) c).put("status", "passed").put("passed", true);
            }
        }
        JSON.writeValue(work.resolve(name).toFile(), whole);
        return name;
    }

    @Test
    void should_compare_the_merged_result_with_a_baseline_and_gate_on_its_regressions() throws Exception {
        run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1", "--report-dir", "whole", "-q");
        runShard("1/2", "s1");
        runShard("2/2", "s2");
        // Every failing case (case-0, case-5, ..., case-55: 12 of 60) passed in the baseline.
        java.util.Set<String> failing = new java.util.TreeSet<>();
        for (int i = 0; i < CASES; i += 5) {
            failing.add("case-" + i);
        }
        String all = baselineWhere("all-passed.json", failing);
        String one = baselineWhere("one-passed.json", java.util.Set.of("case-0"));

        // 12 regressed, 0 improved: McNemar's exact p = 2 / 2^12 = 0.00049, significant.
        assertThat(run("merge", "s1", "s2", "--baseline", all, "--fail-on-significant-regression", "--report-dir", "merged"))
                .as(out() + err()).isEqualTo(1);
        assertThat(out()).contains("--fail-on-significant-regression: the run regressed significantly against " + all)
                .contains("12 regressed, 0 improved");
        assertThat(read("merged/results.json").at("/baseline/regressions")).hasSize(12);

        // One flipped case of 60 is no significant regression, but a regression (a threshold decides the rest).
        assertThat(mergeCurrent("merge", "s1", "s2", "--baseline", one, "--fail-on-significant-regression", "--threshold",
                "50")).as(out() + err()).isZero();
        assertThat(out()).contains("--fail-on-significant-regression: no significant regression against " + one);
        assertThat(mergeCurrent("merge", "s1", "s2", "--baseline", one, "--fail-on-regression", "--threshold", "50"))
                .isEqualTo(1);
        assertThat(out()).contains("--fail-on-regression: 1 case regressed against " + one + ": case-0");
        assertThat(run("merge", "s1", "s2", "--fail-on-regression")).isEqualTo(2);
        assertThat(err()).contains("--fail-on-regression needs --baseline (or AGENT_EVAL_BASELINE)");
    }

    @Test
    void should_gate_the_merged_result_on_the_lower_bound_of_its_pass_rate() {
        runShard("1/3", "s1");
        runShard("2/3", "s2");
        runShard("3/3", "s3");

        // 48 of 60 at 95%: the Wilson interval is 0.6822 to 0.8818.
        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold-lower-bound", "68")).as(out() + err()).isZero();
        assertThat(out()).contains("gate met: pass rate 80% (48 of 60 cases passed; 95% CI lower bound 68.2%) meets the"
                + " lower-bound threshold 68%");
        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold", "80", "--threshold-lower-bound", "68.5"))
                .isEqualTo(1);
        assertThat(out()).contains("gate met: pass rate 80% (48 of 60 cases passed) meets the threshold 80%")
                .contains("is below the lower-bound threshold 68.5%");
        assertThat(mergeCurrent("merge", "s1", "s3", "--allow-partial", "--threshold-lower-bound", "0")).isEqualTo(1);
        assertThat(mergeCurrent("merge", "s1", "s2", "s3", "--threshold-lower-bound", "-1")).isEqualTo(2);
        assertThat(err()).contains("--threshold-lower-bound must be between 0 and 100 (percent) but was -1");
    }

    /** Rewrites {@code file} (a results.json) after {@code edit}. */
    private void edit(String file, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> edit)
            throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode report = (com.fasterxml.jackson.databind.node.ObjectNode) read(file);
        edit.accept(report);
        JSON.writeValue(work.resolve(file).toFile(), report);
    }

    @Test
    void should_mark_a_merged_result_without_some_of_the_suites_cases_incomplete_and_exit_1() throws Exception {
        Files.writeString(work.resolve("big.yaml"), Files.readString(work.resolve("big.yaml")).replace("goodbye", "hello"));
        runShard("1/2", "a");
        runShard("2/2", "b");
        String dropped = read("b/results.json").at("/cases/0/id").asText();
        edit("b/results.json", r -> ((com.fasterxml.jackson.databind.node.ArrayNode) r.get("cases")).remove(0));

        assertThat(run("merge", "a", "b", "--report-dir", "merged")).as(err()).isEqualTo(1);
        assertThat(read("merged/results.json").get("complete").asBoolean()).isFalse();
        assertThat(err()).contains("the merged result is incomplete (\"complete\": false): it covers 59 of the suite's"
                + " 60 cases (1 missing; give --suite FILE to name them)");
        assertThat(out()).contains("INCOMPLETE").contains("59 of the suite's 60 cases");
        assertThat(Files.readString(work.resolve("merged/results.md"))).contains("59 of the suite's 60 cases");

        assertThat(mergeCurrent("merge", "a", "b")).as(err()).isEqualTo(1);
        assertThat(err()).contains("it covers 59 of the suite's 60 cases (missing: " + dropped + ")");
        assertThat(out()).contains("Missing cases: " + dropped);
        assertThat(mergeCurrent("merge", "a", "b", "--threshold", "0")).isEqualTo(1);
        assertThat(out()).contains("does not cover every current case: the run covered 59 of the suite's 60 cases")
                .doesNotContain("interrupted");

        run("run", "big.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1", "--case", "case-1",
                "--case", "case-2", "--report-dir", "some", "-q");
        assertThat(run("merge", "some", "--output", "some-merged.json")).as(err()).isEqualTo(1);
        assertThat(read("some-merged.json").get("complete").asBoolean()).isFalse();
        assertThat(mergeCurrent("merge", "some")).isEqualTo(1);
        assertThat(err()).contains("it covers 2 of the suite's 60 cases (missing: case-0, case-3, case-4, case-5, "
                + "case-6, case-7, case-8, case-9, case-10, case-11 and 48 more)");
    }

    @Test
    void should_refuse_a_shard_without_a_fingerprint_unless_unverified_shards_are_allowed() throws Exception {
        runShard("1/2", "a");
        runShard("2/2", "b");
        edit("b/results.json", r -> r.remove("fingerprint"));

        assertThat(run("merge", "a", "b", "--report-dir", "merged")).isEqualTo(2);
        assertThat(err()).contains("b/results.json records no fingerprint, so merge cannot check that it evaluated the "
                + "same suite, agent and judge as the other inputs: merge it only with --allow-unverified-shards");
        assertThat(work.resolve("merged")).doesNotExist();

        assertThat(run("merge", "a", "b", "--report-dir", "merged", "--allow-unverified-shards")).as(err()).isEqualTo(1);
        assertThat(err()).contains("warning: b/results.json records no fingerprint: merged without checking that it "
                + "evaluated the same suite, agent and judge");
        assertThat(read("merged/results.json").get("cases").size()).isEqualTo(CASES);
    }

    @Test
    void should_refuse_a_report_folder_a_run_holds() throws Exception {
        runShard("1/2", "a");
        runShard("2/2", "b");
        Path folder = work.resolve("merged");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("results.json"), "the running run's");

        try (dev.agenteval.report.Reports.FolderLock held = dev.agenteval.report.Reports.lockFolder(folder,
                "agent-eval run big.yaml")) {
            assertThat(run("merge", "a", "b", "--report-dir", "merged")).isEqualTo(2);
        }
        assertThat(err()).contains("report folder '" + folder + "' is in use by another run (pid ")
                .contains("agent-eval run big.yaml");
        assertThat(Files.readString(folder.resolve("results.json"))).isEqualTo("the running run's");

        assertThat(run("merge", "a", "b", "--report-dir", "merged")).as(err()).isEqualTo(1);
        assertThat(read("merged/results.json").get("cases").size()).isEqualTo(CASES);
    }

    @Test
    void should_exit_2_for_a_malformed_shard() {
        assertThat(runShard("0/3", "x")).isEqualTo(2);
        assertThat(err()).contains("--shard must be I/N with 1 <= I <= N and N >= 1 but was '0/3'");
        assertThat(runShard("two", "x")).isEqualTo(2);
        assertThat(err()).contains("--shard must be I/N (e.g. 2/4, 1-based) but was 'two'");
        assertThat(work.resolve("x")).doesNotExist();
    }
}
