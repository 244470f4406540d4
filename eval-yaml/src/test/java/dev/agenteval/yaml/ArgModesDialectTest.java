package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ArgMode;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Argument modes, graded trajectories and {@code min_calls} in both dialects: the spec the DSL
 * builds, schemas that accept them, located errors with a did-you-mean for a bad mode.
 */
class ArgModesDialectTest {

    private static final String INPUT = "Book a check-up for pump P-101 on 6 December";

    private static final Suite DSL = Suite.named("argmodes")
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

    @Test
    void should_load_both_dialects_into_the_spec_the_dsl_builds() {
        Suite platform = SuiteLoader.defaults().load(Fixtures.path("trajectory/platform/argmodes.yaml"));
        Suite harness = SuiteLoader.defaults().load(Fixtures.path("trajectory/harness/argmodes.yaml"));

        assertThat(platform.cases().get(0).turns().get(0).scorers())
                .isEqualTo(DSL.cases().get(0).turns().get(0).scorers());
        assertThat(platform).isEqualTo(DSL);
        assertThat(harness).isEqualTo(DSL);
    }

    @Test
    void should_accept_both_fixtures_in_the_schemas() {
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/platform/argmodes.yaml"))).isEmpty();
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/harness/argmodes.yaml"))).isEmpty();
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
                    message:
                      message:
                        parts:
                          - kind: text
                            text: Book it
                    expectations:
                      trajectory:
                        calls:
                          - {name: book, args: {date: "2026-12-06"}, arg_mode: [$.dat]}
                        min_calls: 0
                      tool_args: {tool: book, fragment: {date: "2026-12-06"}, arg_mode: exct}
                """);

        assertThat(problems(file)).containsExactly(
                file + ":11:54: evals[0].expectations.trajectory.calls[0].arg_mode (case 'book'): scorer"
                        + " 'trajectory': call 1: key path $.dat of 'arg_mode' is not in its args — did you mean"
                        + " '$.date'?",
                file + ":12:9: evals[0].expectations.trajectory.min_calls (case 'book'): scorer 'trajectory':"
                        + " 'min_calls' must be a positive integer but was 0",
                file + ":13:63: evals[0].expectations.tool_args.arg_mode (case 'book'): scorer 'tool_args':"
                        + " 'arg_mode' must be exact, subset, superset, ignore or a list of key paths but was"
                        + " \"exct\" — did you mean 'exact'?");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }
}
