package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolArgsScorerTest {

    private final ToolArgsScorerFactory factory = new ToolArgsScorerFactory();

    private static final AgentResponse CALLS = AgentResponse.builder().text("done")
            .toolCall(ToolCall.of("search", obj("query", "pumps", "limit", 5L, "filters", List.of("active"))))
            .toolCall(ToolCall.of("fetch", Map.of("id", "p-1")))
            .toolCall(ToolCall.of("search", obj("query", "valves", "limit", 20L, "filters", List.of("active", "site-a"))))
            .build();

    @Test
    void should_pass_when_some_call_satisfies_every_assertion() throws Exception {
        ScoreResult r = score(factory, Scorers.toolArgs("search",
                JsonPathCheck.at("$.query").isEqualTo("valves"),
                JsonPathCheck.at("$.limit").max(50)), CALLS);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).containsExactly(
                Check.pass("$.query equals=\"valves\"", "held on call 2 of 2 to 'search'"),
                Check.pass("$.limit max=50", "held on call 2 of 2 to 'search'"));
    }

    @Test
    void should_fail_when_the_assertions_hold_only_on_different_calls() throws Exception {
        ScoreResult r = score(factory, Scorers.toolArgs("search",
                JsonPathCheck.at("$.query").isEqualTo("valves"),
                JsonPathCheck.at("$.limit").max(10)), CALLS);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks()).containsExactly(
                Check.fail("$.query equals=\"valves\"",
                        "no call satisfies every check; closest, call 1 of 2 to 'search': expected \"valves\" but was \"pumps\""),
                Check.pass("$.limit max=10", "held on call 1 of 2 to 'search'"));
    }

    @Test
    void should_match_a_fragment_of_the_arguments() throws Exception {
        ScoreResult pass = score(factory, Scorers.toolArgsMatching("search", Map.of("filters", List.of("site-a"))), CALLS);
        ScoreResult fail = score(factory, Scorers.toolArgsMatching("fetch", Map.of("id", "p-2")), CALLS);

        assertThat(pass.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(pass.checks()).containsExactly(
                Check.pass("arguments include {\"filters\": [\"site-a\"]}", "matched call 2 of 2 to 'search'"));
        assertThat(fail.checks()).containsExactly(
                Check.fail("arguments include {\"id\": \"p-2\"}", "call 1 of 1 to 'fetch': $.id: expected \"p-2\" but was \"p-1\""));
    }

    @Test
    void should_combine_assertions_and_a_fragment_on_the_same_call() throws Exception {
        ScorerSpec spec = Scorers.toolArgs("search", JsonPathCheck.at("$.limit").min(10))
                .with("fragment", Map.of("query", "pumps"));

        ScoreResult r = score(factory, spec, CALLS);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks()).extracting(Check::passed).containsExactly(false, true);
    }

    @Test
    void should_fail_when_the_tool_was_not_called() throws Exception {
        ScoreResult r = score(factory, Scorers.toolArgsMatching("delete", Map.of()), CALLS);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.reason()).isEqualTo("delete: tool 'delete' was not called (calls: search, fetch, search)");
    }

    @Test
    void should_report_a_spec_without_tool_or_checks() {
        assertThat(factory.validate(ScorerSpec.of("tool_args")))
                .containsExactly("needs 'tool' (a non-blank string)",
                        "needs 'assertions' (a list of {path, comparators} maps) and/or 'fragment' (an object)");
        assertThat(factory.validate(ScorerSpec.of("tool_args", Map.of("tool", "search", "fragment", List.of("x")))))
                .containsExactly("'fragment' must be an object (tool arguments are an object) but was [\"x\"]");
        assertThat(factory.validate(ScorerSpec.of("tool_args", Map.of("tool", "search",
                "assertions", List.of(Map.of("path", "$.q", "lenght", 1L))))))
                .containsExactly("assertion 1 has unknown comparator 'lenght'"
                        + " (known: equals, contains, length, count, min, max, regex, exists)");
    }
}
