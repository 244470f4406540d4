package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.spi.TurnContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool mocks at suite, case and turn level, and the suite's "every tool must be mocked". */
class ToolMocksDslTest {

    private static final ToolMock SUITE_BOOK = ToolMock.returning("book", Map.of("id", 1));
    private static final ToolMock CASE_BOOK = ToolMock.returning("book", Map.of("id", 2));
    private static final ToolMock CASE_BOOK_MONDAY = ToolMock.returning("book", "monday is full")
            .when(Map.of("day", "monday"));
    private static final ToolMock TURN_BOOK = ToolMock.throwing("book", "calendar down");

    private static Suite suite() {
        return Suite.named("s").mocks(SUITE_BOOK).requireToolMocks()
                .add(Case.id("c").mocks(CASE_BOOK, CASE_BOOK_MONDAY)
                        .turn(Turn.of("first"))
                        .turn(Turn.of("second").mocks(TURN_BOOK)))
                .build();
    }

    @Test
    void should_keep_the_mocks_of_each_level_and_the_suite_switch() {
        Suite suite = suite();
        Case c = suite.cases().get(0);

        assertThat(suite.mocks()).containsExactly(SUITE_BOOK);
        assertThat(suite.toolMocksRequired()).isTrue();
        assertThat(c.mocks()).containsExactly(CASE_BOOK, CASE_BOOK_MONDAY);
        assertThat(c.turns().get(0).mocks()).isEmpty();
        assertThat(c.turns().get(1).mocks()).containsExactly(TURN_BOOK);
        assertThat(Suite.named("plain").add(Case.id("p").turn(Turn.of("hi"))).build().toolMocksRequired()).isFalse();
    }

    @Test
    void should_compare_mocks_in_equality_and_keep_them_through_to_builder() {
        Suite suite = suite();

        assertThat(suite.toBuilder().build()).isEqualTo(suite).hasSameHashCodeAs(suite);
        assertThat(suite.cases().get(0).toBuilder().build()).isEqualTo(suite.cases().get(0));
        assertThat(Suite.named("s").mocks(SUITE_BOOK).add(Case.id("c").turn(Turn.of("hi"))).build())
                .isNotEqualTo(Suite.named("s").add(Case.id("c").turn(Turn.of("hi"))).build());
        assertThat(Suite.named("s").requireToolMocks().add(Case.id("c").turn(Turn.of("hi"))).build())
                .isNotEqualTo(Suite.named("s").add(Case.id("c").turn(Turn.of("hi"))).build());
    }

    @Test
    void should_put_the_most_specific_level_first_and_matchers_first_within_a_level() {
        Case c = suite().cases().get(0);

        List<ToolMock> second = ToolMock.inForce(c.turns().get(1).mocks(), c.mocks(), suite().mocks());
        List<ToolMock> first = ToolMock.inForce(c.turns().get(0).mocks(), c.mocks(), suite().mocks());

        assertThat(second).containsExactly(TURN_BOOK, CASE_BOOK_MONDAY, CASE_BOOK, SUITE_BOOK);
        assertThat(first).containsExactly(CASE_BOOK_MONDAY, CASE_BOOK, SUITE_BOOK);
        TurnContext turn1 = new TurnContext(1, first, true, Map.of());
        assertThat(turn1.mockFor("book", Map.of("day", "monday"))).contains(CASE_BOOK_MONDAY);
        assertThat(turn1.mockFor("book", Map.of("day", "tuesday"))).contains(CASE_BOOK);
        assertThat(turn1.mockFor("cancel", Map.of())).isEmpty();
    }

    @Test
    void should_reject_a_null_mock_naming_where() {
        assertThatThrownBy(() -> Case.id("c").mocks((ToolMock) null)).isInstanceOf(NullPointerException.class)
                .hasMessage("case 'c': mock");
    }
}
