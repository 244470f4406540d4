package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.calls;
import static dev.agenteval.scorers.internal.ScorerTesting.named;
import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Trajectory;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class TrajectoryScorerTest {

    private final TrajectoryScorerFactory factory = new TrajectoryScorerFactory();

    private static ToolCall call(String name, Object... args) {
        return ToolCall.of(name, obj(args));
    }

    private static ExpectedCall[] expected(String... names) {
        return Arrays.stream(names).map(ExpectedCall::of).toArray(ExpectedCall[]::new);
    }

    private ScoreResult run(Function<ExpectedCall[], Trajectory> mode, List<String> want, AgentResponse actual)
            throws Exception {
        return score(factory, Scorers.trajectory(mode.apply(expected(want.toArray(String[]::new)))), actual);
    }

    private String verdict(Function<ExpectedCall[], Trajectory> mode, List<String> want, String... actual)
            throws Exception {
        ScoreResult r = run(mode, want, named(actual));
        assertThat(r.checks()).hasSize(1);
        return r.status() == ScoreStatus.PASSED ? "pass" : r.checks().get(0).detail();
    }

    // ---- the five modes on the edge cases that tell them apart -------------------------------

    @Test
    void strict_wants_exactly_these_calls_in_this_order() throws Exception {
        List<String> want = List.of("a", "b", "c");
        assertThat(verdict(Trajectory::strict, want, "a", "b", "c")).isEqualTo("pass");
        assertThat(verdict(Trajectory::strict, want, "a", "c", "b"))
                .isEqualTo("call 2: expected `b`, got `c` (calls: a, c, b)");
        assertThat(verdict(Trajectory::strict, want, "a", "b"))
                .isEqualTo("call 3: expected `c`, got no call (2 of 3 made) (calls: a, b)");
        assertThat(verdict(Trajectory::strict, want, "a", "b", "c", "c"))
                .isEqualTo("call 4: unexpected `c` (expected only 3 calls) (calls: a, b, c, c)");
        assertThat(verdict(Trajectory::strict, want, "a", "x", "b", "c"))
                .isEqualTo("call 2: expected `b`, got `x` (calls: a, x, b, c)");
    }

    @Test
    void unordered_wants_the_same_multiset_of_calls() throws Exception {
        List<String> want = List.of("a", "b", "b");
        assertThat(verdict(Trajectory::unordered, want, "b", "a", "b")).isEqualTo("pass");
        assertThat(verdict(Trajectory::unordered, want, "b", "a"))
                .isEqualTo("expected call `b` (expected call 3) never made (calls: b, a)");
        assertThat(verdict(Trajectory::unordered, want, "b", "a", "b", "b"))
                .isEqualTo("call 4: unexpected `b` (every expected `b` is taken by another call or its arguments"
                        + " differ) (calls: b, a, b, b)");
        assertThat(verdict(Trajectory::unordered, want, "b", "a", "b", "x"))
                .isEqualTo("call 4: unexpected `x` (calls: b, a, b, x)");
        assertThat(verdict(Trajectory::unordered, List.of("a", "send_email"), "a"))
                .isEqualTo("expected call `send_email` never made (calls: a)");
    }

    @Test
    void superset_wants_every_expected_call_and_allows_others() throws Exception {
        List<String> want = List.of("a", "b");
        assertThat(verdict(Trajectory::superset, want, "x", "b", "y", "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::superset, want, "b", "x"))
                .isEqualTo("expected call `a` never made (calls: b, x)");
        // one-to-one: a duplicate expected call needs two actual calls
        assertThat(verdict(Trajectory::superset, List.of("a", "a"), "a", "x"))
                .isEqualTo("expected call `a` (expected call 2) never made (calls: a, x)");
        assertThat(verdict(Trajectory::superset, List.of("a", "a"), "a", "x", "a")).isEqualTo("pass");
    }

    @Test
    void subset_forbids_calls_outside_the_expected_ones() throws Exception {
        List<String> want = List.of("a", "b", "c");
        assertThat(verdict(Trajectory::subset, want, "c", "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::subset, want)).isEqualTo("pass");
        assertThat(verdict(Trajectory::subset, want, "c", "x", "a"))
                .isEqualTo("call 2: unexpected `x` (calls: c, x, a)");
        // no more repeats than listed
        assertThat(verdict(Trajectory::subset, want, "a", "a")).startsWith("call 2: unexpected `a` (every expected");
    }

    @Test
    void in_order_wants_the_expected_calls_in_order_with_others_interleaved() throws Exception {
        List<String> want = List.of("a", "b", "c");
        assertThat(verdict(Trajectory::inOrder, want, "x", "a", "y", "b", "b", "z", "c")).isEqualTo("pass");
        assertThat(verdict(Trajectory::inOrder, want, "a", "c", "b"))
                .isEqualTo("expected call `c` never made after `b` (call 3) (calls: a, c, b)");
        assertThat(verdict(Trajectory::inOrder, want, "b", "c"))
                .isEqualTo("expected call `a` never made (calls: b, c)");
        // the same call expected twice needs two calls
        assertThat(verdict(Trajectory::inOrder, List.of("a", "a"), "a", "b")).startsWith("expected call `a` never made after `a`");
        assertThat(verdict(Trajectory::inOrder, List.of("a", "a"), "a", "b", "a")).isEqualTo("pass");
    }

    @Test
    void the_modes_disagree_on_the_same_trajectory() throws Exception {
        List<String> want = List.of("a", "b");
        // interleaved extra call
        assertThat(verdict(Trajectory::strict, want, "a", "x", "b")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::unordered, want, "a", "x", "b")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::subset, want, "a", "x", "b")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::superset, want, "a", "x", "b")).isEqualTo("pass");
        assertThat(verdict(Trajectory::inOrder, want, "a", "x", "b")).isEqualTo("pass");
        // reversed
        assertThat(verdict(Trajectory::strict, want, "b", "a")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::unordered, want, "b", "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::subset, want, "b", "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::superset, want, "b", "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::inOrder, want, "b", "a")).isNotEqualTo("pass");
        // missing one
        assertThat(verdict(Trajectory::strict, want, "a")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::unordered, want, "a")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::subset, want, "a")).isEqualTo("pass");
        assertThat(verdict(Trajectory::superset, want, "a")).isNotEqualTo("pass");
        assertThat(verdict(Trajectory::inOrder, want, "a")).isNotEqualTo("pass");
    }

    // ---- argument checks ------------------------------------------------------------------------

    private static final AgentResponse SEARCHES = calls(
            call("search", "query", "pumps", "limit", 5L),
            call("search", "query", "valves", "limit", 50L),
            call("send_email", "to", "ops@acme.com"));

    @Test
    void unordered_finds_the_assignment_a_greedy_choice_would_miss() throws Exception {
        // The first expected call accepts either search; taken greedily it would grab call 1, the
        // only one the second expected call accepts. The maximum matching assigns them crosswise.
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.unordered(
                ExpectedCall.of("search").where(JsonPathCheck.at("$.limit").min(1)),
                ExpectedCall.of("search").withArgs(Map.of("query", "pumps")),
                ExpectedCall.of("send_email"))), SEARCHES);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void superset_picks_the_call_whose_arguments_pass_among_same_named_ones() throws Exception {
        ScoreResult pass = score(factory, Scorers.trajectory(Trajectory.superset(
                ExpectedCall.of("search").withArgs(Map.of("query", "valves")))), SEARCHES);
        ScoreResult fail = score(factory, Scorers.trajectory(Trajectory.superset(
                ExpectedCall.of("search").withArgs(Map.of("query", "gaskets")))), SEARCHES);

        assertThat(pass.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(fail.checks()).containsExactly(Check.fail("trajectory superset: search",
                "expected call `search` never made; call 1: `search` arguments: $.query: expected \"gaskets\" but"
                        + " was \"pumps\" (calls: search, search, send_email)"));
    }

    @Test
    void superset_finds_the_assignment_a_greedy_choice_would_miss() throws Exception {
        // Taken greedily in order, the bare `search` grabs call 1, the only call the second accepts.
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.superset(
                ExpectedCall.of("search"),
                ExpectedCall.of("search").withArgs(Map.of("query", "pumps")))), SEARCHES);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void subset_finds_the_assignment_a_greedy_choice_would_miss() throws Exception {
        // Call by call, call 1 would take the first expected call it fits, the only one call 2 fits.
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.subset(
                ExpectedCall.of("search").where(JsonPathCheck.at("$.limit").min(1)),
                ExpectedCall.of("search").withArgs(Map.of("query", "pumps")),
                ExpectedCall.of("send_email"),
                ExpectedCall.of("fetch"))), SEARCHES);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void one_to_one_modes_agree_with_a_brute_force_on_random_trajectories() throws Exception {
        java.util.Random random = new java.util.Random(26);
        for (int round = 0; round < 400; round++) {
            List<Object> want = CallMatchingTest.randomExpected(random, 1 + random.nextInt(5));
            List<ToolCall> made = CallMatchingTest.randomCalls(random, random.nextInt(6));
            List<TrajectoryScorerFactory.Expected> parsed = CallMatchingTest.expected(want);
            int best = CallMatchingTest.bruteForce(parsed, made, 0, new boolean[made.size()]);
            AgentResponse response = calls(made.toArray(ToolCall[]::new));
            for (String mode : List.of("unordered", "subset", "superset")) {
                boolean expected = switch (mode) {
                    case "unordered" -> best == want.size() && best == made.size();
                    case "subset" -> best == made.size();
                    default -> best == want.size();
                };
                ScoreResult r = score(factory, ScorerSpec.of("trajectory", Map.of("mode", mode, "calls", want)),
                        response);
                assertThat(r.passed()).as("round %d, %s %s vs %s: %s", round, mode, want, made, r.checks())
                        .isEqualTo(expected);
            }
        }
    }

    // ---- the limit of the one-to-one matching -------------------------------------------------

    @Test
    void should_fail_naming_max_pairs_when_the_matching_would_compare_more_pairs() throws Exception {
        ExpectedCall[] want = new ExpectedCall[3];
        for (int i = 0; i < 3; i++) {
            want[i] = ExpectedCall.of("search").where(JsonPathCheck.at("$.limit").min(i));
        }
        AgentResponse made = calls(call("search", "limit", 1L), call("search", "limit", 2L),
                call("search", "limit", 3L));

        ScoreResult limited = score(factory, Scorers.trajectory(Trajectory.unordered(want).maxPairs(8)), made);
        ScoreResult enough = score(factory, Scorers.trajectory(Trajectory.unordered(want).maxPairs(9)), made);

        assertThat(limited.checks()).containsExactly(Check.fail("trajectory unordered: search, search, search",
                "not checked: matching 3 expected with 3 actual calls means comparing 9 pairs of same-named calls,"
                        + " more than max_pairs 8; raise 'max_pairs' on this trajectory scorer to check them"
                        + " (calls: search, search, search)"));
        assertThat(enough.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_fail_huge_trajectories_at_the_default_limit_never_pass_them() throws Exception {
        // 1,500 expectations told apart only by an assertion, against 1,500 calls: 2,250,000 pairs.
        List<Object> want = new java.util.ArrayList<>();
        AgentResponse.Builder made = AgentResponse.builder().text("done");
        for (long i = 0; i < 1_500; i++) {
            want.add(Map.of("name", "search", "assertions", List.of(Map.of("path", "$.page", "equals", i))));
            made.toolCall(call("search", "page", i));
        }
        for (String mode : List.of("unordered", "subset", "superset")) {
            ScoreResult r = score(factory, ScorerSpec.of("trajectory", Map.of("mode", mode, "calls", want)),
                    made.build());

            assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
            assertThat(r.checks().get(0).detail()).startsWith("not checked: matching 1500 expected with 1500"
                    + " actual calls means comparing 2250000 pairs of same-named calls, more than max_pairs 1000000;"
                    + " raise 'max_pairs' on this trajectory scorer to check them");
        }
    }

    @Test
    void should_take_max_pairs_only_where_a_matching_is_bounded() {
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("mode", "strict", "calls", List.of("a"),
                "max_pairs", 10L)))).containsExactly(
                        "'max_pairs' bounds the matching of modes unordered, subset and superset, not strict");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("max_calls", 3L, "max_pairs", 10L))))
                .containsExactly("'max_pairs' needs 'calls' (with mode unordered, subset or superset)");
        assertThat(factory.validate(ScorerSpec.of("trajectory", obj("mode", "subset", "calls", List.of("a"),
                "max_pairs", 0L)))).containsExactly("'max_pairs' must be a positive integer but was 0");
        assertThatThrownBy(() -> Trajectory.subset(expected("a")).maxPairs(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxPairs must be >= 1 but was 0");
    }

    @Test
    void strict_names_the_failed_argument_check() throws Exception {
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.strict(
                ExpectedCall.of("search"),
                ExpectedCall.of("search").where(JsonPathCheck.at("$.limit").max(10)),
                ExpectedCall.of("send_email"))), SEARCHES);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).startsWith("call 2: `search` arguments: $.limit max=10: ");
    }

    @Test
    void in_order_skips_a_same_named_call_whose_arguments_fail() throws Exception {
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.inOrder(
                ExpectedCall.of("search").withArgs(Map.of("query", "valves")),
                ExpectedCall.of("send_email").where(JsonPathCheck.at("$.to").regex("@acme\\.com$")))), SEARCHES);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    // ---- limits ---------------------------------------------------------------------------------

    @Test
    void never_called_names_the_forbidden_call() throws Exception {
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.limits().neverCalled("delete_all", "drop")),
                named("search", "delete_all"));

        assertThat(r.checks()).containsExactly(Check.fail("never_called: delete_all, drop",
                "`delete_all` was called (never_called), call 2"));
    }

    @Test
    void max_calls_counts_every_call() throws Exception {
        ScoreResult fail = score(factory, Scorers.trajectory(Trajectory.limits().maxCalls(5)),
                named("a", "b", "c", "d", "e", "f"));
        ScoreResult pass = score(factory, Scorers.trajectory(Trajectory.limits().maxCalls(5)),
                named("a", "b", "c", "d", "e"));

        assertThat(fail.checks()).containsExactly(Check.fail("max_calls 5", "6 calls, max_calls 5"));
        assertThat(pass.checks()).containsExactly(Check.pass("max_calls 5", "5 calls"));
    }

    @Test
    void max_repeats_counts_consecutive_equal_calls() throws Exception {
        ToolCall same = call("search", "query", "pumps");
        ScoreResult loop = score(factory, Scorers.trajectory(Trajectory.limits().maxRepeats(3)),
                calls(call("fetch"), same, same, call("search", "query", "pumps"), same));
        // same arguments again but not in a row, or different arguments in a row: no loop
        ScoreResult fine = score(factory, Scorers.trajectory(Trajectory.limits().maxRepeats(3)),
                calls(same, same, same, call("fetch"), same, call("search", "query", "valves"), same));

        assertThat(loop.checks()).containsExactly(Check.fail("max_repeats 3",
                "`search` with the same arguments 4 times in a row (max_repeats 3), calls 2-5"));
        assertThat(fine.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void every_term_is_its_own_check() throws Exception {
        ScoreResult r = score(factory, Scorers.trajectory(Trajectory.inOrder(expected("a", "b"))
                .neverCalled("delete_all").maxCalls(3).maxRepeats(1)), named("a", "b", "b", "delete_all"));

        assertThat(r.checks()).extracting(Check::label).containsExactly("trajectory in_order: a, b",
                "never_called: delete_all", "max_calls 3", "max_repeats 1");
        assertThat(r.checks()).extracting(Check::passed).containsExactly(true, false, false, false);
    }

    // ---- parameters -----------------------------------------------------------------------------

    @Test
    void should_write_the_dsl_as_the_yaml_dialects_do() {
        ScorerSpec spec = Scorers.trajectory(Trajectory.superset(ExpectedCall.of("a"),
                ExpectedCall.of("b").withArgs(Map.of("x", 1L)).where(JsonPathCheck.at("$.y").exists(true)))
                .neverCalled("z").maxCalls(4).maxRepeats(2).maxPairs(5_000));

        assertThat(spec.type()).isEqualTo("trajectory");
        assertThat(spec.params()).isEqualTo(Map.of("mode", "superset",
                "calls", List.of("a", Map.of("name", "b", "args", Map.of("x", 1L),
                        "assertions", List.of(Map.of("path", "$.y", "exists", true)))),
                "never_called", List.of("z"), "max_calls", 4L, "max_repeats", 2L, "max_pairs", 5_000L));
        assertThat(factory.validate(spec)).isEmpty();
    }

    @Test
    void should_report_every_bad_parameter() {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("mode", "sorted",
                "calls", List.of("a", Map.of("args", Map.of()), Map.of("name", "b", "arg", 1),
                        Map.of("name", "c", "assertions", List.of(Map.of("path", "$.x", "lenght", 1)))),
                "max_calls", -1L, "max_repeats", 0L));

        assertThat(factory.validate(spec)).containsExactly(
                "'mode' must be one of strict, unordered, subset, superset, in_order but was \"sorted\"",
                "call 2 needs a name (the tool's)",
                "call 3 has unknown key 'arg' (known: name, args, arg_mode, assertions) — did you mean 'args'?",
                "call 4 assertion 1 has unknown comparator 'lenght' (known: " + String.join(", ",
                        JsonPathCheck.COMPARATORS) + ")",
                "'max_calls' must be a whole number >= 0 but was -1",
                "'max_repeats' must be a positive integer but was 0");
        assertThat(factory.problems(spec).get(1).parameter()).isEqualTo(List.of("calls", 1));
        assertThat(factory.problems(spec).get(2).parameter()).isEqualTo(List.of("calls", 2, "arg"));
    }

    @Test
    void should_need_a_term() {
        assertThat(factory.validate(ScorerSpec.of("trajectory", Map.of()))).containsExactly(
                "needs at least one of 'calls' (with 'mode' or 'score'), 'never_called', 'min_calls', 'max_calls',"
                        + " 'max_repeats'");
        assertThat(factory.validate(ScorerSpec.of("trajectory", Map.of("mode", "strict"))))
                .containsExactly("'mode' needs 'calls' (the expected calls it compares)",
                        "needs at least one of 'calls' (with 'mode' or 'score'), 'never_called', 'min_calls', 'max_calls',"
                        + " 'max_repeats'");
        assertThat(factory.validate(ScorerSpec.of("trajectory", Map.of("calls", List.of("a"))))).isEmpty();
        assertThatThrownBy(() -> Trajectory.limits().maxCalls(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Trajectory.limits().maxRepeats(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Scorers.trajectory(Trajectory.limits()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("trajectory needs expected calls or a limit");
        assertThatThrownBy(() -> Trajectory.strict()).isInstanceOf(IllegalArgumentException.class);
        assertThat(Trajectory.limits()).hasToString("Trajectory{}");
    }
}
