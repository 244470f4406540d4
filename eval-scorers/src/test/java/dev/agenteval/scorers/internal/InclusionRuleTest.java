package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ToolMock;
import dev.agenteval.api.internal.JsonValues;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One inclusion rule: {@code must_include_json}, {@code tool_args}' fragment and trajectory's
 * {@code subset} argument mode ({@link JsonSubset#matches}) and a tool mock's {@code when}
 * arguments ({@link JsonValues#includes}, used by {@link ToolMock}) answer alike, numbers
 * included (the harness rule of {@link JsonEquality}).
 */
class InclusionRuleTest {

    private static final BigDecimal LONG_TENTH = new BigDecimal("0.1000000000000000055511151231257827021181583404541015625");

    @Test
    void should_answer_alike_for_objects_lists_and_scalars() {
        List<Object[]> pairs = List.of(
                new Object[] {obj("a", 1L), obj("a", 1.0, "b", 2L)},
                new Object[] {obj("a", List.of(2L)), obj("a", List.of(1L, 2L))},
                new Object[] {obj("a", obj("b", "x")), obj("a", obj("b", "y"))},
                new Object[] {obj("a", null), obj("a", null)},
                new Object[] {obj("a", null), Map.of()},
                new Object[] {true, 1L},
                new Object[] {38.5, "38.5"},
                new Object[] {Arrays.asList(1L, null), Arrays.asList(null, 2L, 1L)},
                new Object[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY},
                new Object[] {Double.NaN, Double.NaN},
                new Object[] {LONG_TENTH, 0.1},
                new Object[] {(1L << 53) + 1, (double) ((1L << 53) + 1)});
        for (Object[] p : pairs) {
            assertThat(JsonValues.includes(p[0], p[1])).as("includes(%s, %s)", p[0], p[1])
                    .isEqualTo(JsonSubset.matches(p[0], p[1]));
        }
    }

    @Test
    void a_mock_compares_numbers_as_the_scorers_do_and_never_fails_on_a_non_finite_one() {
        assertThat(ToolMock.returning("t", "ok").when(Map.of("x", Double.NaN)).matches("t", Map.of("x", 1.0))).isFalse();
        assertThat(ToolMock.returning("t", "ok").when(Map.of("x", Double.POSITIVE_INFINITY))
                .matches("t", Map.of("x", Double.POSITIVE_INFINITY))).isTrue();
        // A decimal written with more digits than a double holds equals the double it reads as (as in Python).
        assertThat(ToolMock.returning("t", "ok").when(Map.of("x", LONG_TENTH)).matches("t", Map.of("x", 0.1))).isTrue();
    }
}
