package dev.agenteval.core;

import static dev.agenteval.api.Scorers.trajectory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ExpectedCall;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Trajectory;
import dev.agenteval.api.Turn;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trajectory scorer found by the runner's default providers and judging a run's tool calls. */
class TrajectoryRunTest {

    @Test
    void should_pass_and_fail_cases_on_their_tool_calls_with_one_check_per_term() {
        InProcessAgent agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("done")
                .toolCall(ToolCall.of("find_assets", Map.of("filter", "pump")))
                .toolCall(ToolCall.of("list_views", Map.of()))
                .toolCall(ToolCall.of("get_asset_status", Map.of("ids", java.util.List.of("P-101"))))
                .build());
        Suite suite = Suite.named("s")
                .add(Case.id("in-order").turn(Turn.of("Find pumps").expect(trajectory(Trajectory.inOrder(
                        ExpectedCall.of("find_assets").withArgs(Map.of("filter", "pump")),
                        ExpectedCall.of("get_asset_status")).neverCalled("delete_all").maxCalls(3)))))
                .add(Case.id("strict").turn(Turn.of("Find pumps").expect(trajectory(Trajectory.strict(
                        ExpectedCall.of("find_assets"), ExpectedCall.of("get_asset_status"))
                        .maxCalls(2)))))
                .build();

        SuiteResult result = EvalRunner.builder().agent(agent).environment(name -> null).build().run(suite);

        assertThat(caseResult(result, "in-order").status()).isEqualTo(CaseStatus.PASSED);
        CaseResult strict = caseResult(result, "strict");
        assertThat(strict.status()).isEqualTo(CaseStatus.FAILED);
        ScoreResult score = strict.turns().get(0).scores().get(0);
        assertThat(score.checks()).containsExactly(
                Check.fail("trajectory strict: find_assets, get_asset_status",
                        "call 2: expected `get_asset_status`, got `list_views`"
                                + " (calls: find_assets, list_views, get_asset_status)"),
                Check.fail("max_calls 2", "3 calls, max_calls 2"));
    }

    private static CaseResult caseResult(SuiteResult result, String id) {
        return result.cases().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }
}
