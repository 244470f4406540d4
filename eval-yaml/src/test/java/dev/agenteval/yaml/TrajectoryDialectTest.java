package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ArgMode;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code trajectory} scorer in both dialects (with the built-in scorers, which
 * {@link TestScorers} leaves out): the same spec as the DSL, located errors, and the schemas; with
 * argument modes, a graded score and {@code min_calls} (and {@code tool_args}' mode).
 */
class TrajectoryDialectTest {

    private static final Suite DSL = Suite.named("trajectory")
            .add(Case.id("restock").turn(Turn.of("Restock pumps at site A and tell ops").expect(
                    Scorers.trajectory(Trajectory.inOrder(
                                    ExpectedCall.of("find_assets"),
                                    ExpectedCall.of("search").withArgs(Map.of("site", "A"))
                                            .where(JsonPathCheck.at("$.limit").max(50)),
                                    ExpectedCall.of("send_email"))
                            .neverCalled("delete_all").maxCalls(6).maxRepeats(2)))))
            .add(Case.id("restock-any-order").turn(Turn.of("Restock pumps at site A and tell ops").expect(
                    Scorers.trajectory(Trajectory.superset(ExpectedCall.of("find_assets"), ExpectedCall.of("send_email"))
                            .maxPairs(5_000)))))
            .build();

    private static final String INPUT = "Book a check-up for pump P-101 on 6 December";

    private static final Suite ARG_MODES = Suite.named("argmodes")
            .add(Case.id("book").turn(Turn.of(INPUT).expect(
                    Scorers.trajectory(Trajectory.inOrder(
                                    ExpectedCall.of("search").withArgs(Map.of("q", "pumps")),
                                    ExpectedCall.of("book").withArgs(Map.of("date", "2026-12-06", "time", "09:00"))
                                            .argMode(ArgMode.keys("$.date")),
                                    ExpectedCall.of("email"))
                            .argMode(ArgMode.EXACT)
                            .argMode("search", ArgMode.SUBSET)
                            .argMode("email", ArgMode.IGNORE)
                            .graded(Trajectory.Score.F1, 0.8)
                            .minCalls(2)),
                    Scorers.toolArgsMatching("book", Map.of("date", "2026-12-06"), ArgMode.SUPERSET))))
            .add(Case.id("graded").turn(Turn.of(INPUT).expect(Scorers.trajectory(Trajectory.graded(
                    Trajectory.Score.IN_ORDER, 0.5, ExpectedCall.of("search"), ExpectedCall.of("book"))))))
            .build();

    @TempDir
    Path dir;

    private static List<String> problems(Path file) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(file));
        assertThat(e).as("loading %s must fail", file).isNotNull();
        return e.problems();
    }

    static Stream<Arguments> fixtures() {
        return Stream.of(Arguments.of("trajectory", DSL), Arguments.of("argmodes", ARG_MODES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void should_load_both_dialects_into_the_spec_the_dsl_builds(String name, Suite dsl) {
        Suite platform = SuiteLoader.defaults().load(Fixtures.path("trajectory/platform/" + name + ".yaml"));
        Suite harness = SuiteLoader.defaults().load(Fixtures.path("trajectory/harness/" + name + ".yaml"));

        assertThat(platform.cases().get(0).turns().get(0).scorers())
                .isEqualTo(dsl.cases().get(0).turns().get(0).scorers());
        assertThat(platform).isEqualTo(dsl);
        assertThat(harness).isEqualTo(dsl);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void should_accept_both_fixtures_in_the_schemas(String name) {
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/platform/" + name + ".yaml"))).isEmpty();
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/harness/" + name + ".yaml"))).isEmpty();
    }

    @Test
    void should_locate_an_unknown_mode_in_the_platform_dialect_and_the_schema_refuses_it() {
        Path file = Fixtures.path("trajectory/platform/trajectory-unknown-mode.yaml");

        assertThat(problems(file)).containsExactly(file + ":8:13: cases[0].turns[0].scorers[0].mode (case 'restock'):"
                + " scorer 'trajectory': 'mode' must be one of strict, unordered, subset, superset, in_order but was"
                + " \"sorted\"");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty().anyMatch(p -> p.contains("mode"));
    }

    @Test
    void should_locate_a_call_without_a_name_and_a_negative_max_calls_in_the_harness_dialect() {
        Path file = Fixtures.path("trajectory/harness/trajectory-call-without-name.yaml");

        assertThat(problems(file)).containsExactly(
                file + ":15:13: evals[0].expectations.trajectory.calls[1] (case 'restock'): scorer 'trajectory':"
                        + " call 2 needs a name (the tool's)",
                file + ":16:9: evals[0].expectations.trajectory.max_calls (case 'restock'): scorer 'trajectory':"
                        + " 'max_calls' must be a whole number >= 0 but was -1");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_locate_a_bad_assertion_inside_an_expected_call_and_an_unknown_parameter() throws IOException {
        Path file = Files.writeString(dir.resolve("deep.yaml"), """
                cases:
                  - id: deep
                    turns:
                      - input: Go
                        scorers:
                          - type: trajectory
                            mode: strict
                            calls:
                              - name: search
                                assertions:
                                  - {path: $.limit, lenght: 3}
                            max_repeat: 2
                """);

        List<String> problems = problems(file);
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0)).startsWith(file + ":11:37: cases[0].turns[0].scorers[0].calls[0].assertions[0]"
                + ".lenght (case 'deep'): scorer 'trajectory': call 1 assertion 1 has unknown comparator 'lenght'");
        assertThat(problems.get(1)).startsWith(file + ":12:13: cases[0].turns[0].scorers[0].max_repeat (case 'deep'):"
                + " scorer 'trajectory': unknown parameter 'max_repeat' (known: ");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_refuse_a_trajectory_expectation_that_is_not_a_mapping() throws IOException {
        Path file = Files.writeString(dir.resolve("list.yaml"), """
                evals:
                  - name: hello
                    message:
                      message:
                        parts:
                          - kind: text
                            text: Hi
                    expectations:
                      trajectory: [search]
                """);

        assertThat(problems(file)).singleElement().asString().startsWith(file + ":9:19: evals[0].expectations"
                + ".trajectory (case 'hello'): must be a mapping but is a list");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_locate_an_unknown_mode_in_the_harness_dialect_and_the_schema_refuses_it() throws IOException {
        Path file = Files.writeString(dir.resolve("mode.yaml"), """
                evals:
                  - name: hello
                    message:
                      message:
                        parts:
                          - kind: text
                            text: Hi
                    expectations:
                      trajectory:
                        mode: any
                        calls: [search]
                """);

        assertThat(problems(file)).containsExactly(file + ":10:9: evals[0].expectations.trajectory.mode (case 'hello'):"
                + " scorer 'trajectory': 'mode' must be one of strict, unordered, subset, superset, in_order but was"
                + " \"any\"");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty().anyMatch(p -> p.contains("mode"));
    }

    @Test
    void should_locate_a_bad_mode_name_with_a_did_you_mean_in_the_platform_dialect() throws IOException {
        Path file = Files.writeString(dir.resolve("bad-mode.yaml"), """
                cases:
                  - id: book
                    turns:
                      - input: Book it
                        scorers:
                          - type: trajectory
                            calls:
                              - {name: book, args: {date: "2026-12-06"}, arg_mode: exakt}
                            arg_modes: {search: supreset}
                            score: f2
                """);

        // Each at its key, in the order of the file.
        assertThat(problems(file)).containsExactly(
                file + ":8:58: cases[0].turns[0].scorers[0].calls[0].arg_mode (case 'book'): scorer 'trajectory':"
                        + " call 1: 'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was"
                        + " \"exakt\" — did you mean 'exact'?",
                file + ":9:25: cases[0].turns[0].scorers[0].arg_modes.search (case 'book'): scorer 'trajectory':"
                        + " 'arg_modes' for tool 'search' must be exact, subset, superset, ignore or a list of key"
                        + " paths but was \"supreset\" — did you mean 'superset'?",
                file + ":10:13: cases[0].turns[0].scorers[0].score (case 'book'): scorer 'trajectory': 'score'"
                        + " must be one of precision, recall, f1, in_order but was \"f2\" — did you mean 'f1'?");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_locate_a_bad_mode_and_a_missing_key_path_in_the_harness_dialect() throws IOException {
        Path file = Files.writeString(dir.resolve("bad-mode.yaml"), """
                evals:
                  - name: book
                    message: {message: {parts: [{kind: text, text: Book it}]}}
                    expectations:
                      trajectory:
                        calls:
                          - {name: book, args: {date: "2026-12-06"}, arg_mode: [$.dat]}
                        min_calls: 0
                      tool_args: {tool: book, fragment: {date: "2026-12-06"}, arg_mode: exct}
                """);

        assertThat(problems(file)).containsExactly(
                file + ":7:54: evals[0].expectations.trajectory.calls[0].arg_mode (case 'book'): scorer"
                        + " 'trajectory': call 1: key path $.dat of 'arg_mode' is not in its args — did you mean"
                        + " '$.date'?",
                file + ":8:9: evals[0].expectations.trajectory.min_calls (case 'book'): scorer 'trajectory':"
                        + " 'min_calls' must be a positive integer but was 0",
                file + ":9:63: evals[0].expectations.tool_args.arg_mode (case 'book'): scorer 'tool_args':"
                        + " 'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was"
                        + " \"exct\" — did you mean 'exact'?");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }
}
