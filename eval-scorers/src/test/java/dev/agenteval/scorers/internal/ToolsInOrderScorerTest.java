package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolsInOrderScorerTest {

    private final ToolsInOrderScorerFactory factory = new ToolsInOrderScorerFactory();

    private static AgentResponse calls(String... names) {
        AgentResponse.Builder b = AgentResponse.builder().text("done");
        for (String name : names) {
            b.toolCall(ToolCall.of(name, Map.of()));
        }
        return b.build();
    }

    @Test
    void should_pass_with_other_calls_in_between() throws Exception {
        ScoreResult r = score(factory, Scorers.toolsInOrder("search", "fetch", "answer"),
                calls("plan", "search", "log", "fetch", "search", "answer"));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).containsExactly(Check.pass("search", "call 2"), Check.pass("fetch", "call 4"),
                Check.pass("answer", "call 6"));
    }

    @Test
    void should_list_tools_called_out_of_order_and_tools_never_called() throws Exception {
        ScoreResult r = score(factory, Scorers.toolsInOrder("fetch", "search", "summarise", "answer"),
                calls("search", "fetch", "answer"));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks()).containsExactly(
                Check.pass("fetch", "call 2"),
                Check.fail("search", "not called after 'fetch' (calls: search, fetch, answer)"),
                Check.fail("summarise", "not called (calls: search, fetch, answer)"),
                Check.pass("answer", "call 3"));
        assertThat(r.reason()).contains("search: not called after 'fetch'").contains("summarise: not called");
    }

    @Test
    void should_need_a_separate_call_for_a_repeated_tool() throws Exception {
        ScoreResult once = score(factory, Scorers.toolsInOrder("search", "search"), calls("search", "answer"));
        ScoreResult twice = score(factory, Scorers.toolsInOrder("search", "search"), calls("search", "answer", "search"));

        assertThat(once.checks().get(1)).isEqualTo(Check.fail("search", "not called after 'search' (calls: search, answer)"));
        assertThat(twice.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_fail_when_the_agent_called_no_tools() throws Exception {
        ScoreResult r = score(factory, Scorers.toolsInOrder("search"), calls());

        assertThat(r.checks()).containsExactly(Check.fail("search", "not called (no tool calls)"));
    }

    @Test
    void should_report_an_empty_tool_list() {
        assertThat(factory.validate(ScorerSpec.of("tools_in_order", Map.of("expected", List.of()))))
                .containsExactly("'expected' must be a non-empty list of strings but was []");
    }
}
