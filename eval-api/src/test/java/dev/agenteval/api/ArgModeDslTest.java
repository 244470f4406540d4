package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Argument modes and graded trajectories in the DSL: the parameters exactly as the YAML dialects write them. */
class ArgModeDslTest {

    @Test
    void should_write_argument_modes_per_call_per_tool_and_for_the_scorer() {
        ScorerSpec spec = Scorers.trajectory(Trajectory.inOrder(
                        ExpectedCall.of("search").withArgs(Map.of("q", "pumps")),
                        ExpectedCall.of("book").withArgs(Map.of("date", "2026-12-06", "time", "09:00"))
                                .argMode(ArgMode.keys("$.date")),
                        ExpectedCall.of("email"))
                .argMode(ArgMode.EXACT)
                .argMode("search", ArgMode.SUBSET)
                .argMode("email", ArgMode.IGNORE));

        assertThat(spec.params()).isEqualTo(Map.of("mode", "in_order",
                "calls", List.of(Map.of("name", "search", "args", Map.of("q", "pumps")),
                        Map.of("name", "book", "args", Map.of("date", "2026-12-06", "time", "09:00"),
                                "arg_mode", List.of("$.date")),
                        "email"),
                "arg_mode", "exact",
                "arg_modes", Map.of("search", "subset", "email", "ignore")));
    }

    @Test
    void should_write_a_graded_trajectory_and_min_calls() {
        assertThat(Scorers.trajectory(Trajectory.graded(Trajectory.Score.F1, 0.8,
                        ExpectedCall.of("a"), ExpectedCall.of("b")).minCalls(2)).params())
                .isEqualTo(Map.of("calls", List.of("a", "b"), "score", "f1", "threshold", 0.8, "min_calls", 2L));
        assertThat(Scorers.trajectory(Trajectory.strict(ExpectedCall.of("a")).graded(Trajectory.Score.IN_ORDER, 0.5))
                .params()).isEqualTo(Map.of("mode", "strict", "calls", List.of("a"), "score", "in_order",
                        "threshold", 0.5));
        assertThat(Scorers.trajectory(Trajectory.limits().minCalls(1)).params()).isEqualTo(Map.of("min_calls", 1L));
        assertThat(Trajectory.Score.IN_ORDER.id()).isEqualTo("in_order");
    }

    @Test
    void should_write_a_mode_for_tool_args() {
        assertThat(Scorers.toolArgsMatching("book", Map.of("date", "2026-12-06"), ArgMode.SUPERSET).params())
                .isEqualTo(Map.of("tool", "book", "fragment", Map.of("date", "2026-12-06"), "arg_mode", "superset"));
    }

    @Test
    void should_refuse_what_the_scorer_would_refuse() {
        assertThatThrownBy(() -> ExpectedCall.of("a").argMode(ArgMode.EXACT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("argMode compares the arguments of withArgs, which expected call 'a' does not have yet");
        assertThatThrownBy(ArgMode::keys).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ArgMode.keys needs at least one key path");
        assertThatThrownBy(() -> ArgMode.keys("$.a", "a..b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key path \"a..b\" is not a dotted path of keys ($.a.b or a.b)");
        assertThatThrownBy(() -> Trajectory.graded(Trajectory.Score.F1, 1.5, ExpectedCall.of("a")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("threshold must be from 0 to 1 but was 1.5");
        assertThatThrownBy(() -> Trajectory.limits().minCalls(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minCalls must be >= 1 but was 0");
        assertThatThrownBy(() -> Trajectory.limits().graded(Trajectory.Score.F1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("graded needs expected calls");
    }

    @Test
    void should_compare_and_print_modes_by_value() {
        assertThat(ArgMode.keys("$.date", "who.id")).isEqualTo(ArgMode.keys("$.date", "who.id"));
        assertThat(ArgMode.keys("$.date")).hasToString("ArgMode[$.date]");
        assertThat(ArgMode.EXACT).hasToString("ArgMode[exact]");
        assertThat(ArgMode.EXACT.toValue()).isEqualTo("exact");
        assertThat(ExpectedCall.of("a").withArgs(Map.of("x", 1L)).argMode(ArgMode.EXACT))
                .isEqualTo(ExpectedCall.of("a").withArgs(Map.of("x", 1L)).argMode(ArgMode.EXACT))
                .isNotEqualTo(ExpectedCall.of("a").withArgs(Map.of("x", 1L)));
    }
}
