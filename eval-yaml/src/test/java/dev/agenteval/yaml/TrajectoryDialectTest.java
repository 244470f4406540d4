package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code trajectory} scorer in both dialects (with the built-in scorers, which
 * {@link TestScorers} leaves out): the same spec as the DSL, located errors, and the schemas.
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
        Suite platform = SuiteLoader.defaults().load(Fixtures.path("trajectory/platform/trajectory.yaml"));
        Suite harness = SuiteLoader.defaults().load(Fixtures.path("trajectory/harness/trajectory.yaml"));

        assertThat(platform.cases().get(0).turns().get(0).scorers())
                .isEqualTo(DSL.cases().get(0).turns().get(0).scorers());
        assertThat(platform).isEqualTo(DSL);
        assertThat(harness).isEqualTo(DSL);
    }

    @Test
    void should_accept_both_fixtures_in_the_schemas() {
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/platform/trajectory.yaml"))).isEmpty();
        assertThat(Fixtures.schemaProblems(Fixtures.path("trajectory/harness/trajectory.yaml"))).isEmpty();
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
}
