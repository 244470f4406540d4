package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.calls;
import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.ScorerProblem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The argument matching modes of {@code trajectory} and {@code tool_args}: {@code exact},
 * {@code subset} (the default, today's rule), {@code superset}, {@code ignore} and key paths, set
 * per expected call ({@code calls[i].arg_mode}), per tool ({@code arg_modes}) and for the scorer
 * ({@code arg_mode}); the most specific wins.
 */
class ArgModeScorerTest {

    private final TrajectoryScorerFactory trajectory = new TrajectoryScorerFactory();
    private final ToolArgsScorerFactory toolArgs = new ToolArgsScorerFactory();

    private static final Map<String, Object> BOOKED = obj("date", "2026-12-06", "time", "09:00");

    private static AgentResponse book(Object... args) {
        return calls(ToolCall.of("book", obj(args)));
    }

    /** "pass", or the detail of the one failed check of a strict trajectory expecting book(BOOKED) in {@code mode}. */
    private String verdict(Object mode, AgentResponse actual) throws Exception {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("calls",
                List.of(obj("name", "book", "args", BOOKED, "arg_mode", mode))));
        ScoreResult r = score(trajectory, spec, actual);
        return r.status() == ScoreStatus.PASSED ? "pass" : r.checks().get(0).detail();
    }

    // ---- each mode on hand-built calls -----------------------------------------------------------

    @Test
    void exact_wants_the_same_keys_and_values_and_no_other_key() throws Exception {
        assertThat(verdict("exact", book("time", "09:00", "date", "2026-12-06"))).isEqualTo("pass");
        assertThat(verdict("exact", book("date", "2026-12-06", "time", "09:00", "note", "x")))
                .isEqualTo("call 1: `book` arguments: $.note: not expected (arg_mode exact) (calls: book)");
        assertThat(verdict("exact", book("date", "2026-12-06")))
                .isEqualTo("call 1: `book` arguments: $.time: missing (calls: book)");
        assertThat(verdict("exact", book("date", "2026-12-07", "time", "09:00")))
                .isEqualTo("call 1: `book` arguments: $.date: expected \"2026-12-06\" but was \"2026-12-07\" (calls: book)");
    }

    @Test
    void exact_compares_nested_values_whole_numbers_by_value_lists_in_order() throws Exception {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("arg_mode", "exact", "calls",
                List.of(obj("name", "f", "args", obj("n", 1L, "who", obj("id", 7L), "tags", List.of("a", "b"))))));

        assertThat(score(trajectory, spec, calls(ToolCall.of("f", obj("n", 1.0, "who", obj("id", 7L),
                "tags", List.of("a", "b"))))).passed()).isTrue();
        assertThat(score(trajectory, spec, calls(ToolCall.of("f", obj("n", 1L, "who", obj("id", 7L, "x", 1L),
                "tags", List.of("a", "b"))))).passed()).as("an extra nested key").isFalse();
        assertThat(score(trajectory, spec, calls(ToolCall.of("f", obj("n", 1L, "who", obj("id", 7L),
                "tags", List.of("b", "a"))))).passed()).as("a list in another order").isFalse();
    }

    @Test
    void subset_is_the_default_the_call_includes_the_expected_arguments() throws Exception {
        assertThat(verdict("subset", book("date", "2026-12-06", "time", "09:00", "note", "x"))).isEqualTo("pass");
        assertThat(verdict("subset", book("date", "2026-12-06")))
                .isEqualTo("call 1: `book` arguments: $.time: missing (calls: book)");
        ScorerSpec noMode = ScorerSpec.of("trajectory", obj("calls", List.of(obj("name", "book", "args", BOOKED))));
        assertThat(score(trajectory, noMode, book("date", "2026-12-06", "time", "09:00", "note", "x")).passed()).isTrue();
    }

    @Test
    void superset_wants_the_call_within_the_expected_arguments() throws Exception {
        assertThat(verdict("superset", book("date", "2026-12-06"))).isEqualTo("pass");
        assertThat(verdict("superset", book())).isEqualTo("pass");
        assertThat(verdict("superset", book("date", "2026-12-06", "time", "09:00"))).isEqualTo("pass");
        assertThat(verdict("superset", book("date", "2026-12-06", "note", "x")))
                .isEqualTo("call 1: `book` arguments: $.note: not among the expected arguments (arg_mode superset)"
                        + " (calls: book)");
        assertThat(verdict("superset", book("time", "10:00")))
                .isEqualTo("call 1: `book` arguments: $.time: expected \"09:00\" but was \"10:00\" (calls: book)");
    }

    @Test
    void ignore_compares_the_name_only() throws Exception {
        assertThat(verdict("ignore", book("anything", List.of(1L)))).isEqualTo("pass");
        assertThat(verdict("ignore", calls(ToolCall.of("cancel", BOOKED))))
                .isEqualTo("call 1: expected `book`, got `cancel` (calls: cancel)");
    }

    @Test
    void key_paths_compare_only_the_listed_paths() throws Exception {
        assertThat(verdict(List.of("$.date"), book("date", "2026-12-06", "time", "17:30", "note", "x")))
                .isEqualTo("pass");
        assertThat(verdict(List.of("date"), book("date", "2026-12-07", "time", "09:00")))
                .isEqualTo("call 1: `book` arguments: $.date: expected \"2026-12-06\" but was \"2026-12-07\" (calls: book)");
        assertThat(verdict(List.of("$.date", "time"), book("date", "2026-12-06")))
                .isEqualTo("call 1: `book` arguments: $.time: missing (calls: book)");

        ScorerSpec nested = ScorerSpec.of("trajectory", obj("calls", List.of(obj("name", "f",
                "args", obj("who", obj("id", 7L, "name", "Ann")), "arg_mode", List.of("$.who.id")))));
        assertThat(score(trajectory, nested, calls(ToolCall.of("f", obj("who", obj("id", 7L, "name", "Bob")))))
                .passed()).isTrue();
        assertThat(score(trajectory, nested, calls(ToolCall.of("f", obj("who", obj("id", 8L, "name", "Ann")))))
                .passed()).isFalse();
    }

    // ---- where a mode is set: per call > per tool > scorer default > subset -------------------------

    @Test
    void the_most_specific_mode_wins() throws Exception {
        // search expects {q: pumps}; the call adds limit. book expects BOOKED; the call adds a note.
        AgentResponse actual = calls(ToolCall.of("search", obj("q", "pumps", "limit", 5L)),
                ToolCall.of("book", obj("date", "2026-12-06", "time", "09:00", "note", "x")));
        List<Object> expected = List.of(obj("name", "search", "args", obj("q", "pumps")),
                obj("name", "book", "args", BOOKED));

        ScorerSpec byDefault = ScorerSpec.of("trajectory", obj("calls", expected, "arg_mode", "exact"));
        assertThat(score(trajectory, byDefault, actual).checks().get(0).detail())
                .isEqualTo("call 1: `search` arguments: $.limit: not expected (arg_mode exact) (calls: search, book)");

        ScorerSpec perTool = ScorerSpec.of("trajectory", obj("calls", expected, "arg_mode", "exact",
                "arg_modes", obj("search", "subset")));
        assertThat(score(trajectory, perTool, actual).checks().get(0).detail())
                .isEqualTo("call 2: `book` arguments: $.note: not expected (arg_mode exact) (calls: search, book)");

        ScorerSpec perCall = ScorerSpec.of("trajectory", obj("calls", List.of(expected.get(0),
                        obj("name", "book", "args", BOOKED, "arg_mode", List.of("$.date"))),
                "arg_mode", "exact", "arg_modes", obj("search", "subset", "book", "exact")));
        assertThat(score(trajectory, perCall, actual).passed()).isTrue();
    }

    @Test
    void a_mode_applies_in_every_trajectory_mode_and_to_the_one_to_one_matching() throws Exception {
        // Two book calls; with exact only the second matches the expected call, so superset must pick it.
        AgentResponse actual = calls(ToolCall.of("book", obj("date", "2026-12-06", "time", "09:00", "note", "x")),
                ToolCall.of("book", BOOKED));
        for (String mode : List.of("superset", "in_order")) {
            ScorerSpec spec = ScorerSpec.of("trajectory", obj("mode", mode, "arg_mode", "exact",
                    "calls", List.of(obj("name", "book", "args", BOOKED))));
            assertThat(score(trajectory, spec, actual).passed()).as(mode).isTrue();
        }
        ScorerSpec unordered = ScorerSpec.of("trajectory", obj("mode", "unordered", "arg_modes", obj("book", "exact"),
                "calls", List.of(obj("name", "book", "args", BOOKED), obj("name", "book", "args", BOOKED))));
        assertThat(score(trajectory, unordered, actual).passed()).as("only one call is exactly BOOKED").isFalse();
    }

    @Test
    void a_name_only_expected_call_matches_any_arguments_whatever_the_default_mode() throws Exception {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("calls", List.of("book"), "arg_mode", "exact"));
        assertThat(score(trajectory, spec, book("date", "x")).passed()).isTrue();
    }

    @Test
    void tool_args_takes_a_mode_for_its_fragment() throws Exception {
        ScorerSpec exact = ScorerSpec.of("tool_args", obj("tool", "book", "fragment", BOOKED, "arg_mode", "exact"));
        ScoreResult r = score(toolArgs, exact, book("date", "2026-12-06", "time", "09:00", "note", "x"));
        assertThat(r.passed()).isFalse();
        assertThat(r.checks().get(0).label()).isEqualTo("arguments match {\"date\": \"2026-12-06\", \"time\": \"09:00\"}"
                + " (arg_mode exact)");
        assertThat(r.checks().get(0).detail()).isEqualTo("call 1 of 1 to 'book': $.note: not expected (arg_mode exact)");

        ScorerSpec keys = ScorerSpec.of("tool_args", obj("tool", "book", "fragment", BOOKED, "arg_mode", List.of("date")));
        assertThat(score(toolArgs, keys, book("date", "2026-12-06", "time", "11:00")).passed()).isTrue();
        ScorerSpec superset = ScorerSpec.of("tool_args", obj("tool", "book", "fragment", BOOKED, "arg_mode", "superset"));
        assertThat(score(toolArgs, superset, book("date", "2026-12-06")).passed()).isTrue();
        ScorerSpec subset = ScorerSpec.of("tool_args", obj("tool", "book", "fragment", BOOKED));
        assertThat(score(toolArgs, subset, book("date", "2026-12-06")).checks().get(0).label())
                .as("the label of today's rule is unchanged")
                .isEqualTo("arguments include {\"date\": \"2026-12-06\", \"time\": \"09:00\"}");
    }

    // ---- bad modes: located, with a did-you-mean ----------------------------------------------------

    @Test
    void should_locate_a_bad_mode_name_with_a_did_you_mean() {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("arg_mode", "exakt",
                "arg_modes", obj("book", "supperset", "search", 3L),
                "calls", List.of("search", obj("name", "book", "args", BOOKED, "arg_mode", "ignor"))));

        List<ScorerProblem> problems = trajectory.problems(spec);
        assertThat(problems).extracting(ScorerProblem::message).containsExactly(
                "'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was \"exakt\""
                        + " — did you mean 'exact'?",
                "'arg_modes' for tool 'book' must be exact, subset, superset, ignore or a list of key paths but was"
                        + " \"supperset\" — did you mean 'superset'?",
                "'arg_modes' for tool 'search' must be exact, subset, superset, ignore or a list of key paths but"
                        + " was 3",
                "call 2: 'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was \"ignor\""
                        + " — did you mean 'ignore'?");
        assertThat(problems).extracting(ScorerProblem::parameter).containsExactly(List.of("arg_mode"),
                List.of("arg_modes", "book"), List.of("arg_modes", "search"), List.of("calls", 1, "arg_mode"));
    }

    @Test
    void should_refuse_key_paths_the_expected_arguments_do_not_have_and_a_mode_without_args() {
        ScorerSpec spec = ScorerSpec.of("trajectory", obj("arg_modes", obj("book", List.of("$.dat")),
                "calls", List.of(obj("name", "search", "arg_mode", "exact"), obj("name", "book", "args", BOOKED),
                        obj("name", "f", "args", obj("a", 1L), "arg_mode", List.of()),
                        obj("name", "g", "args", obj("a", 1L), "arg_mode", List.of("$.", "a..b")))));

        List<ScorerProblem> problems = trajectory.problems(spec);
        assertThat(problems).extracting(ScorerProblem::message).containsExactly(
                "call 1: 'arg_mode' compares 'args', which this call does not have",
                "call 3: 'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was []",
                "call 4: 'arg_mode' has a key path that is not a dotted path of keys ($.a.b or a.b): \"$.\"",
                "call 4: 'arg_mode' has a key path that is not a dotted path of keys ($.a.b or a.b): \"a..b\"",
                "call 2: key path $.dat of 'arg_modes' for tool 'book' is not in its args — did you mean '$.date'?");
        assertThat(problems).extracting(ScorerProblem::parameter).containsExactly(List.of("calls", 0, "arg_mode"),
                List.of("calls", 2, "arg_mode"), List.of("calls", 3, "arg_mode"), List.of("calls", 3, "arg_mode"),
                List.of("arg_modes", "book"));
    }

    @Test
    void tool_args_mode_needs_a_fragment_and_a_known_name() {
        assertThat(toolArgs.validate(ScorerSpec.of("tool_args", obj("tool", "book",
                "assertions", List.of(obj("path", "$.date", "exists", true)), "arg_mode", "exact"))))
                .containsExactly("'arg_mode' compares 'fragment', which this scorer does not have");
        assertThat(toolArgs.validate(ScorerSpec.of("tool_args", obj("tool", "book", "fragment", BOOKED,
                "arg_mode", "sub"))))
                .containsExactly("'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was"
                        + " \"sub\" — did you mean 'subset'?");
    }
}
