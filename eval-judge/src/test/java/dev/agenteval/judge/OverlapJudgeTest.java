package dev.agenteval.judge;

import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.expectedOutputText;
import static dev.agenteval.api.Scorers.toolSelection;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OverlapJudgeTest {

    private static JudgeRequest request(String answer, String criteria, String reference) {
        return new JudgeRequest("expected_output_text", "What is the capital of France?", answer, criteria, reference,
                List.of(), List.of(), 1);
    }

    @Test
    void should_score_the_token_f1_against_the_reference_and_name_itself() {
        // answer tokens: capital, france, paris (3); reference tokens: paris, capital, france, city (4); shared 3.
        JudgeVerdict v = OverlapJudge.defaults().judge(request("The capital of France is Paris.", null,
                "Paris is the capital city of France."));

        assertThat(v.score()).isEqualTo(2 * 1.0 * 0.75 / 1.75);
        assertThat(v.passed()).isTrue();
        assertThat(v.judge()).isEqualTo("overlap judge (token overlap, not a model)");
        assertThat(v.reason()).isEqualTo("overlap judge (token overlap, not a model): F1 0.86 against the reference"
                + " (precision 1.00, recall 0.75) is at or above the threshold 0.50; shared: paris, capital, france;"
                + " missing: city");
        assertThat(v.usage()).isNull();
        assertThat(v.agreement()).isNull();
    }

    @Test
    void should_fail_below_the_threshold_and_use_the_criteria_without_a_reference() {
        JudgeVerdict v = OverlapJudge.withThreshold(0.6).judge(request("Lyon is lovely.", "The answer should mention Paris", null));

        assertThat(v.passed()).isFalse();
        assertThat(v.score()).isZero();
        assertThat(v.reason()).startsWith("overlap judge (token overlap, not a model): F1 0.00 against the criteria")
                .contains("below the threshold 0.60").endsWith("shared: none; missing: paris");
    }

    @Test
    void should_count_a_repeated_token_only_as_often_as_the_reference_has_it() {
        JudgeVerdict v = OverlapJudge.defaults().judge(request("paris paris paris paris", null, "paris"));

        // precision 1/4, recall 1/1: F1 = 0.4, not 1.0.
        assertThat(v.score()).isEqualTo(0.4);
        assertThat(v.passed()).isFalse();
    }

    @Test
    void should_compare_the_tools_called_with_the_tools_declared_for_tool_selection() {
        List<ToolSpec> tools = List.of(ToolSpec.of("find_assets", "Find assets. Parameters: filter (string), limit."),
                ToolSpec.of("get_asset_status", "Status of assets. Parameters: ids (list)."));
        JudgeRequest request = new JudgeRequest("toolSelection", "Find pumps", "Found.", null, null, tools,
                List.of(ToolCall.of("find_assets", Map.of("filter", "pump")), ToolCall.of("find_assets", Map.of()),
                        ToolCall.of("delete_all", Map.of())), 1);

        JudgeVerdict v = OverlapJudge.defaults().judge(request);

        // called {find_assets, delete_all}, declared {find_assets, get_asset_status}: P = R = 0.5.
        assertThat(v.score()).isEqualTo(0.5);
        assertThat(v.passed()).isTrue();
        assertThat(v.reason()).isEqualTo("overlap judge (token overlap, not a model): F1 0.50 of the tools called against"
                + " the tools declared (precision 0.50, recall 0.50) is at or above the threshold 0.50; called:"
                + " find_assets, delete_all; not declared: delete_all; declared but not called: get_asset_status");
    }

    @Test
    void should_check_argument_names_against_the_tool_descriptions_for_tool_invocation() {
        List<ToolSpec> tools = List.of(ToolSpec.of("find_assets", "Find assets. Parameters: filter (string), asset_type."));
        JudgeRequest request = new JudgeRequest("toolInvocation", "Find pumps", "Found.", null, null, tools,
                List.of(ToolCall.of("find_assets", Map.of("filter", "pump", "ASSET_TYPE", "x")),
                        ToolCall.of("find_assets", Map.of("type", "pump")), ToolCall.of("other", Map.of())), 1);
        JudgeRequest none = new JudgeRequest("toolInvocation", "Find pumps", "Found.", null, null, tools, List.of(), 1);

        JudgeVerdict v = OverlapJudge.defaults().judge(request);

        assertThat(v.score()).isEqualTo(1.0 / 3);
        assertThat(v.passed()).isFalse();
        assertThat(v.reason()).isEqualTo("overlap judge (token overlap, not a model): 1 of 3 calls name a declared tool"
                + " and only arguments its description mentions (score 0.33) is below the threshold 0.50; problems:"
                + " find_assets has arguments its description does not mention: type; other is not declared");
        assertThat(OverlapJudge.defaults().judge(none).passed()).isFalse();
    }

    @Test
    void should_refuse_what_it_cannot_judge_instead_of_inventing_a_verdict() {
        JudgeRequest nothing = new JudgeRequest("my_judge", "Find pumps", "Found.", null, null, List.of(), List.of(), 1);

        assertThatThrownBy(() -> OverlapJudge.defaults().judge(nothing))
                .isInstanceOf(JudgeException.class)
                .hasMessage("overlap judge (token overlap, not a model) cannot judge 'my_judge': it compares the answer"
                        + " with a reference or criteria, or tool calls with declared tools, and this request gives none"
                        + " of them; configure a model judge");
        assertThatThrownBy(() -> OverlapJudge.defaults().judge(request("x", null, "The answer should mention it")))
                .hasMessageEndingWith("the reference has no content words to compare with");
        assertThatThrownBy(() -> OverlapJudge.withThreshold(1.5)).hasMessage("threshold must be in 0..1 but was 1.5");
    }

    @Test
    void should_judge_a_suite_offline_naming_itself_in_every_score() {
        Suite suite = Suite.named("demo")
                .add(Case.id("capital").turn(Turn.of("What is the capital of France?")
                        .expect(expectedOutputText("Paris is the capital of France."), correctness("Mentions Paris"))))
                .add(Case.id("tools").tools(ToolSpec.of("find_assets", "Find assets"))
                        .turn(Turn.of("Find pumps").expect(toolSelection())))
                .add(Case.id("custom").turn(Turn.of("Hi").expect(ScorerSpec.of("vibes"))))
                .build();

        // A judge scorer with no template, criteria or reference of its own, registered by a plugin.
        Providers providers = Providers.discover().withScorer(new ScorerFactory() {
            @Override
            public String id() {
                return "vibes";
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                return ctx -> {
                    ctx.requireJudge().judge(new JudgeRequest("vibes", "Hi", ctx.response().text(), null, null,
                            List.of(), List.of(), ctx.attempt()));
                    return ScoreResult.skipped("vibes", "unreachable");
                };
            }

            @Override
            public boolean needsJudge() {
                return true;
            }
        });

        SuiteResult result = EvalRunner.builder().agent(InProcessAgent.replying(t -> "Paris is the capital of France."))
                .providers(providers).judge(OverlapJudge.defaults()).build().run(suite);

        List<ScoreResult> capital = result.find("capital").orElseThrow().turns().get(0).scores();
        assertThat(capital).allSatisfy(s -> {
            assertThat(s.status()).isEqualTo(ScoreStatus.PASSED);
            assertThat(s.reason()).startsWith("overlap judge (token overlap, not a model): F1 ").endsWith(")");
            assertThat(s.checks()).singleElement().satisfies(c -> assertThat(c.detail()).contains("not a model"));
        });
        ScoreResult tools = result.find("tools").orElseThrow().turns().get(0).scores().get(0);
        assertThat(tools.status()).as("no tool was called").isEqualTo(ScoreStatus.FAILED);
        assertThat(tools.reason()).contains("not a model").contains("declared but not called: find_assets");
        ScoreResult custom = result.find("custom").orElseThrow().turns().get(0).scores().get(0);
        assertThat(custom.status()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(custom.failure().code()).isEqualTo(FailureCode.JUDGE_ERROR);
    }
}
