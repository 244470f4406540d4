package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.context;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Usage;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BudgetScorersTest {

    private static final AgentResponse ANSWER = AgentResponse.ofText("ok");

    private static AgentResponse withUsage(Usage usage) {
        return AgentResponse.builder().text("ok").usage(usage).build();
    }

    @Test
    void should_pass_max_duration_at_the_limit_and_fail_above_it() throws Exception {
        MaxDurationScorerFactory factory = new MaxDurationScorerFactory();
        ScorerSpec fiveSeconds = Scorers.maxDuration(Duration.ofSeconds(5));

        ScoreResult atLimit = score(factory, fiveSeconds, context(ANSWER, Duration.ofSeconds(5)));
        ScoreResult over = score(factory, fiveSeconds, context(ANSWER, Duration.ofMillis(6250)));

        assertThat(atLimit.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(over.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(over.reason()).isEqualTo("duration <= 5.0s: took 6.250s, limit 5.0s");
    }

    @Test
    void should_report_a_non_positive_duration_limit() {
        assertThat(new MaxDurationScorerFactory().validate(ScorerSpec.of("max_duration_seconds", Map.of("seconds", 0L))))
                .containsExactly("'seconds' must be a positive number but was 0");
        assertThat(new MaxDurationScorerFactory().validate(ScorerSpec.of("max_duration_seconds")))
                .containsExactly("needs 'seconds' (a positive number)");
    }

    @Test
    void should_sum_input_and_output_tokens_against_the_limit() throws Exception {
        MaxTokensScorerFactory factory = new MaxTokensScorerFactory();

        ScoreResult within = score(factory, Scorers.maxTokens(1000), withUsage(Usage.tokens(600, 400)));
        ScoreResult over = score(factory, Scorers.maxTokens(1000), withUsage(Usage.tokens(600, 401)));

        assertThat(within.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(over.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(over.checks().get(0).detail()).isEqualTo("used 1001 (input 600 + output 401), limit 1000");
    }

    @Test
    void should_skip_max_tokens_when_the_agent_reported_no_token_usage() throws Exception {
        MaxTokensScorerFactory factory = new MaxTokensScorerFactory();

        ScoreResult none = score(factory, Scorers.maxTokens(10), ANSWER);
        ScoreResult creditsOnly = score(factory, Scorers.maxTokens(10), withUsage(new Usage(null, null, 0.5, null)));

        assertThat(none.status()).isEqualTo(ScoreStatus.SKIPPED);
        assertThat(none.reason()).isEqualTo("agent reported no token usage");
        assertThat(creditsOnly.status()).isEqualTo(ScoreStatus.SKIPPED);
    }

    @Test
    void should_report_a_token_limit_that_is_not_a_positive_integer() {
        assertThat(new MaxTokensScorerFactory().validate(ScorerSpec.of("max_tokens", Map.of("tokens", 2.5))))
                .containsExactly("'tokens' must be a positive integer but was 2.5");
    }

    @Test
    void should_compare_the_reported_cost_with_the_limit() throws Exception {
        MaxCostScorerFactory factory = new MaxCostScorerFactory();

        ScoreResult within = score(factory, Scorers.maxCost(0.25), withUsage(new Usage(10L, 5L, null, 0.25)));
        ScoreResult over = score(factory, Scorers.maxCost(0.25), withUsage(new Usage(10L, 5L, null, 0.3)));
        ScoreResult unknown = score(factory, Scorers.maxCost(0.25), withUsage(Usage.tokens(10, 5)));

        assertThat(within.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(over.reason()).isEqualTo("cost <= 0.25: cost 0.3, limit 0.25");
        assertThat(unknown.status()).isEqualTo(ScoreStatus.SKIPPED);
        assertThat(unknown.reason()).isEqualTo("agent reported no cost");
    }

    @Test
    void should_allow_a_zero_cost_limit_but_not_a_negative_one() {
        assertThat(new MaxCostScorerFactory().validate(Scorers.maxCost(0))).isEmpty();
        assertThat(new MaxCostScorerFactory().validate(Scorers.maxCost(-1)))
                .containsExactly("'cost' must be a number >= 0 but was -1.0");
    }
}
