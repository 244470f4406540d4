package dev.agenteval.report;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.results.SuiteResults;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardingTest {

    /** 500 cases: ids ending in 0-5 pass, 6-8 fail a check, 9 errors (the agent throws). */
    private static final Suite SUITE = suite(500);

    private static Suite suite(int n) {
        Suite.Builder b = Suite.named("big");
        for (int i = 0; i < n; i++) {
            b.add(Case.id("case-" + i).tag(i % 2 == 0 ? "even" : "odd").turn("ask " + i, contains("ok")));
        }
        return b.build();
    }

    private static EvalRunner.Builder runner() {
        return EvalRunner.builder().environment(name -> null).concurrency(8)
                .agent(InProcessAgent.replying(text -> {
                    char last = text.charAt(text.length() - 1);
                    if (last == '9') {
                        throw new AgentException(FailureCode.HTTP_ERROR, "HTTP 503 for " + text);
                    }
                    return last <= '5' ? "ok" : "no";
                }));
    }

    private static Map<String, CaseStatus> statuses(SuiteResult r) {
        return r.cases().stream().collect(Collectors.toMap(CaseResult::id, CaseResult::status, (a, b) -> a, TreeMap::new));
    }

    @Test
    void should_run_every_selected_case_in_exactly_one_shard_for_several_counts() {
        for (int count : new int[] {1, 2, 3, 5}) {
            Set<String> seen = new HashSet<>();
            int total = 0;
            for (int index = 1; index <= count; index++) {
                SuiteResult part = runner().shard(index, count).build().run(SUITE);
                assertThat(part.shard()).isEqualTo(Shard.of(index, count));
                assertThat(part.summary().skipped()).as("cases of other shards are not skipped").isZero();
                part.cases().forEach(c -> assertThat(seen.add(c.id())).as("%s ran twice", c.id()).isTrue());
                total += part.cases().size();
                if (count > 1) {
                    assertThat(part.cases().size()).as("shard %s/%s", index, count).isBetween(1, SUITE.cases().size() - 1);
                }
            }
            assertThat(total).as("count %s", count).isEqualTo(SUITE.cases().size());
            assertThat(seen).hasSize(SUITE.cases().size());
        }
    }

    @Test
    void should_shard_the_cases_the_filters_selected() {
        Set<String> ids = new HashSet<>();
        for (int index = 1; index <= 3; index++) {
            runner().tag("even").shard(index, 3).build().run(SUITE).cases().forEach(c -> ids.add(c.id()));
        }
        assertThat(ids).hasSize(250).allMatch(id -> Integer.parseInt(id.substring(5)) % 2 == 0);
    }

    @Test
    void should_reproduce_the_unsharded_summary_and_statuses_when_merging_shards_read_back_from_json(
            @TempDir Path dir) {
        SuiteResult whole = runner().build().run(SUITE);
        assertThat(whole.summary().failed()).isPositive();
        assertThat(whole.summary().errored()).isPositive();
        int count = 4;
        Map<String, SuiteResult> parts = new LinkedHashMap<>();
        for (int index = count; index >= 1; index--) {  // given in any order
            Path file = dir.resolve("shard-" + index + ".json");
            runner().shard(index, count).sink(Reports.sink("json", file)).build().run(SUITE);
            parts.put(file.getFileName().toString(), ResultsFile.read(file));
        }

        SuiteResult merged = SuiteResults.merge(parts);

        assertThat(merged.summary()).isEqualTo(whole.summary());
        assertThat(statuses(merged)).isEqualTo(statuses(whole));
        assertThat(merged.complete()).isTrue();
        assertThat(merged.shard()).isNull();
        assertThat(merged.suite()).isEqualTo("big");
        // Shard 1's cases first, each shard in suite order.
        List<String> expectedOrder = new ArrayList<>();
        for (int index = 1; index <= count; index++) {
            int i = index;
            SUITE.cases().stream().map(Case::id).filter(id -> Shard.indexOf(id, count) == i).forEach(expectedOrder::add);
        }
        assertThat(merged.cases()).extracting(CaseResult::id).containsExactlyElementsOf(expectedOrder);
        assertThat(merged.find("case-9").orElseThrow().reason()).contains("HTTP 503");
    }

    private static SuiteResult result(String suite, Shard shard, Instant start, long seconds, boolean complete,
                                      String... ids) {
        List<CaseResult> cases = new ArrayList<>();
        for (String id : ids) {
            cases.add(new CaseResult(id, List.of(), true, CaseStatus.PASSED, "", Duration.ZERO, null, List.of()));
        }
        return new SuiteResult(suite, start, Duration.ofSeconds(seconds), complete, cases, shard, ANY_SIZE);
    }

    /** Shards 1/2 (a.json) and 2/2 (b.json) of one case each, with these fingerprints (null: none). */
    private static Map<String, SuiteResult> halves(Fingerprint first, Fingerprint second) {
        Map<String, SuiteResult> shards = new LinkedHashMap<>();
        shards.put("a.json", result("s", Shard.of(1, 2), T0, 1, true, idsIn(1, 2, 1)).withFingerprint(first));
        shards.put("b.json", result("s", Shard.of(2, 2), T0, 1, true, idsIn(2, 2, 1)).withFingerprint(second));
        return shards;
    }

    /** A fingerprint that any number of cases covers. */
    private static final Fingerprint ANY_SIZE = Fingerprint.of("aaaa", 0, "a2a http://agent:8080/", Fingerprint.NO_JUDGE);

    /** Ids that fall in shard {@code index} of {@code count}. */
    private static String[] idsIn(int index, int count, int n) {
        return SUITE.cases().stream().map(Case::id).filter(id -> Shard.indexOf(id, count) == index).limit(n)
                .toArray(String[]::new);
    }

    private static final Instant T0 = Instant.parse("2025-01-31T09:00:00Z");

    @Test
    void should_span_from_the_earliest_start_to_the_latest_end_and_stay_incomplete_if_a_shard_was() {
        SuiteResult merged = SuiteResults.merge(List.of(
                result("big", Shard.of(1, 2), T0.plusSeconds(5), 10, true, idsIn(1, 2, 3)),
                result("big", Shard.of(2, 2), T0, 7, false, idsIn(2, 2, 2))));

        assertThat(merged.startedAt()).isEqualTo(T0);
        assertThat(merged.duration()).isEqualTo(Duration.ofSeconds(15));
        assertThat(merged.complete()).isFalse();
        assertThat(merged.cases()).hasSize(5);
    }

    @Test
    void should_refuse_results_of_different_suites_naming_each() {
        Map<String, SuiteResult> in = new LinkedHashMap<>();
        in.put("a.json", result("support", null, T0, 1, true, "x"));
        in.put("b.json", result("billing", null, T0, 1, true, "y"));

        assertThatThrownBy(() -> SuiteResults.merge(in)).isInstanceOf(ConfigurationException.class)
                .hasMessage("cannot merge results of different suites: 'support' (a.json), 'billing' (b.json)");
    }

    @Test
    void should_refuse_a_case_id_in_two_inputs() {
        Map<String, SuiteResult> in = new LinkedHashMap<>();
        in.put("a.json", result("s", null, T0, 1, true, "x", "y"));
        in.put("b.json", result("s", null, T0, 1, true, "y", "z"));

        assertThatThrownBy(() -> SuiteResults.merge(in))
                .hasMessage("duplicate case id 'y' in a.json and b.json");
    }

    @Test
    void should_refuse_overlapping_shards_and_mixed_counts_and_unsharded_inputs() {
        Map<String, SuiteResult> same = new LinkedHashMap<>();
        same.put("one.json", result("s", Shard.of(2, 3), T0, 1, true, idsIn(2, 3, 1)));
        same.put("two.json", result("s", Shard.of(2, 3), T0, 1, true));
        same.put("three.json", result("s", Shard.of(1, 3), T0, 1, true));
        same.put("four.json", result("s", Shard.of(3, 3), T0, 1, true));
        assertThatThrownBy(() -> SuiteResults.merge(same))
                .hasMessage("overlapping shards: one.json and two.json are both shard 2/3");

        Map<String, SuiteResult> counts = new LinkedHashMap<>();
        counts.put("a.json", result("s", Shard.of(1, 2), T0, 1, true));
        counts.put("b.json", result("s", Shard.of(2, 3), T0, 1, true));
        assertThatThrownBy(() -> SuiteResults.merge(counts))
                .hasMessage("cannot merge shards of different counts: a.json is shard 1/2, b.json is shard 2/3");

        Map<String, SuiteResult> mixed = new LinkedHashMap<>();
        mixed.put("a.json", result("s", Shard.of(1, 2), T0, 1, true));
        mixed.put("all.json", result("s", null, T0, 1, true));
        assertThatThrownBy(() -> SuiteResults.merge(mixed)).hasMessage(
                "cannot merge sharded and unsharded results (an unsharded result overlaps every shard): "
                        + "a.json is shard 1/2; all.json is not sharded");
    }

    @Test
    void should_refuse_a_missing_shard_unless_allowed_and_then_mark_the_result_incomplete() {
        Map<String, SuiteResult> in = new LinkedHashMap<>();
        in.put("a.json", result("s", Shard.of(1, 3), T0, 1, true, idsIn(1, 3, 2)));
        in.put("c.json", result("s", Shard.of(3, 3), T0, 1, true, idsIn(3, 3, 2)));

        assertThatThrownBy(() -> SuiteResults.merge(in)).hasMessage(
                "missing shard 2/3 of suite 's': without every shard the merged result would not cover every case");
        SuiteResult partial = SuiteResults.merge(in, SuiteResults.Allowance.MISSING_SHARDS);
        assertThat(partial.complete()).isFalse();
        assertThat(partial.cases()).hasSize(4);
    }

    @Test
    void should_refuse_a_case_that_does_not_belong_to_its_shard() {
        String stranger = idsIn(2, 2, 1)[0];
        Map<String, SuiteResult> in = new LinkedHashMap<>();
        in.put("a.json", result("s", Shard.of(1, 2), T0, 1, true, stranger));
        in.put("b.json", result("s", Shard.of(2, 2), T0, 1, true));

        assertThatThrownBy(() -> SuiteResults.merge(in)).hasMessageContaining(
                "a.json: case '" + stranger + "' does not belong to shard 1/2 (it is in shard 2/2)");
    }

    @Test
    void should_keep_a_common_fingerprint_and_refuse_different_ones() {
        Fingerprint v1 = Fingerprint.of("aaaa", 500, "a2a http://agent:8080/", Fingerprint.NO_JUDGE);
        Fingerprint v2 = Fingerprint.of("bbbb", 500, "a2a http://agent:8080/", Fingerprint.NO_JUDGE);
        Map<String, SuiteResult> same = new LinkedHashMap<>();
        same.put("a.json", result("s", Shard.of(1, 2), T0, 1, true, idsIn(1, 2, 1)).withFingerprint(v1));
        same.put("b.json", result("s", Shard.of(2, 2), T0, 1, true, idsIn(2, 2, 1)).withFingerprint(v1));
        assertThat(SuiteResults.merge(same).fingerprint()).isEqualTo(v1);

        Map<String, SuiteResult> different = new LinkedHashMap<>(same);
        different.put("b.json", same.get("b.json").withFingerprint(v2));
        assertThatThrownBy(() -> SuiteResults.merge(different)).hasMessage(
                "cannot merge results of different configurations (suite, agent or judge differ): a.json evaluated "
                        + "a2a http://agent:8080/ with fingerprint " + v1.value().substring(0, 12) + "; b.json evaluated "
                        + "a2a http://agent:8080/ with fingerprint " + v2.value().substring(0, 12));
    }

    @Test
    void should_refuse_an_input_without_a_fingerprint_unless_unverified_inputs_are_allowed() {
        Fingerprint v1 = Fingerprint.of("aaaa", 2, "a2a http://agent:8080/", Fingerprint.NO_JUDGE);
        Map<String, SuiteResult> oneWithout = halves(v1, null);

        assertThat(SuiteResults.unverified(oneWithout)).containsExactly("b.json");
        assertThatThrownBy(() -> SuiteResults.merge(oneWithout)).hasMessage("b.json records no fingerprint, so it"
                + " cannot be checked to have evaluated the same suite, agent and judge as the other inputs (allow"
                + " unverified inputs to merge it anyway)");
        SuiteResult merged = SuiteResults.merge(oneWithout, SuiteResults.Allowance.UNVERIFIED_INPUTS);
        assertThat(merged.fingerprint()).as("not every input says what it evaluated").isNull();
        assertThat(merged.cases()).hasSize(2);
    }

    @Test
    void should_mark_a_merged_result_incomplete_when_it_holds_fewer_cases_than_its_suite() {
        Fingerprint three = Fingerprint.of("aaaa", 3, "a2a http://agent:8080/", Fingerprint.NO_JUDGE);
        Map<String, SuiteResult> shards = halves(three, three);

        SuiteResult merged = SuiteResults.merge(shards);

        assertThat(merged.complete()).as("every shard, but one case short of the suite's 3").isFalse();
        assertThat(SuiteResults.missingCases(merged)).isEqualTo(1);
        List<String> suiteIds = List.of(idsIn(1, 2, 1)[0], "left-out", idsIn(2, 2, 1)[0]);
        assertThat(SuiteResults.missingCases(merged, suiteIds)).containsExactly("left-out");

        Map<String, SuiteResult> disjoint = new LinkedHashMap<>();
        disjoint.put("one.json", result("s", null, T0, 1, true, "x").withFingerprint(three));
        disjoint.put("two.json", result("s", null, T0, 1, true, "y", "z").withFingerprint(three));
        SuiteResult all = SuiteResults.merge(disjoint);
        assertThat(all.complete()).as("runs by --case that together cover the suite").isTrue();
        assertThat(SuiteResults.missingCases(all)).isZero();
    }

    @Test
    void should_list_every_problem_at_once() {
        Map<String, SuiteResult> in = new LinkedHashMap<>();
        in.put("a.json", result("s", null, T0, 1, true, "x"));
        in.put("b.json", result("t", null, T0, 1, true, "x"));

        assertThatThrownBy(() -> SuiteResults.merge(in)).isInstanceOfSatisfying(ConfigurationException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "cannot merge results of different suites: 's' (a.json), 't' (b.json)",
                        "duplicate case id 'x' in a.json and b.json"));
        assertThatThrownBy(() -> SuiteResults.merge(List.of())).hasMessage("nothing to merge: give at least one result");
    }

    @Test
    void should_keep_the_shard_when_rebuilding_a_runner() {
        EvalRunner runner = runner().shard(2, 5).build();
        Function<SuiteResult, Shard> shardOf = SuiteResult::shard;

        assertThat(shardOf.apply(runner.toBuilder().build().run(suite(20)))).isEqualTo(Shard.of(2, 5));
        assertThatThrownBy(() -> runner().shard(3, 2)).hasMessage("shard index must be between 1 and 2 but was 3");
    }
}
