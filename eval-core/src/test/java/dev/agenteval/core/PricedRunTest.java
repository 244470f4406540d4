package dev.agenteval.core;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.maxCost;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Prices;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentClient;
import org.junit.jupiter.api.Test;

/** Costs the agent did not report, computed from the runner's prices, from turns to cases to the suite. */
class PricedRunTest {

    private static final Prices PRICES = Prices.builder().price("gpt-4o-mini", 0.15, 0.60).build();

    /** "priced": tokens and a model, no cost; "reported": a cost of its own; "unknown": a model without a price. */
    private static final AgentClient AGENT = InProcessAgent.of((c, m) -> AgentResponse.builder().text("ok")
            .usage(switch (m.text()) {
                case "priced" -> new Usage(1200L, 300L, null, null, "gpt-4o-mini", false);
                case "reported" -> new Usage(100L, 50L, null, 0.001, "gpt-4o-mini", false);
                default -> new Usage(10L, 10L, null, null, "llama3.1", false);
            }).build());

    private static Suite suite() {
        return Suite.named("s")
                .add(Case.id("mixed").turn("priced", contains("ok")).turn("reported", contains("ok")))
                .add(Case.id("reported").turn("reported", contains("ok")))
                .add(Case.id("unknown").turn("unknown", contains("ok")))
                .add(Case.id("budget").turn("priced", maxCost(0.0001)))
                .build();
    }

    @Test
    void should_estimate_unreported_costs_and_mark_every_sum_that_includes_one() {
        SuiteResult result = EvalRunner.builder().agent(AGENT).environment(n -> null).prices(PRICES).build().run(suite());

        CaseResult mixed = result.find("mixed").orElseThrow();
        assertThat(mixed.turns()).extracting(TurnResult::usage).containsExactly(
                new Usage(1200L, 300L, null, 0.00036, "gpt-4o-mini", true),
                new Usage(100L, 50L, null, 0.001, "gpt-4o-mini", false));
        assertThat(mixed.usage()).isEqualTo(new Usage(1300L, 350L, null, 0.00136, "gpt-4o-mini", true));
        assertThat(mixed.attempts().get(0).usage().costEstimated()).isTrue();
        assertThat(result.find("reported").orElseThrow().usage().costEstimated()).isFalse();
        assertThat(result.find("unknown").orElseThrow().usage().cost()).as("no price for llama3.1").isNull();
        assertThat(result.usage().costEstimated()).isTrue();
        assertThat(result.usage().cost()).isEqualTo(0.00136 + 0.001 + 0.00036, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void should_check_max_cost_against_the_estimate_and_say_so() {
        SuiteResult result = EvalRunner.builder().agent(AGENT).environment(n -> null).prices(PRICES).build().run(suite());

        CaseResult budget = result.find("budget").orElseThrow();
        assertThat(budget.passed()).isFalse();
        assertThat(budget.turns().get(0).scores().get(0).checks().get(0).detail())
                .isEqualTo("cost 0.00036 (estimated), limit 0.0001");
    }

    @Test
    void should_estimate_nothing_without_prices() {
        SuiteResult result = EvalRunner.builder().agent(AGENT).environment(n -> null).build().run(suite());

        assertThat(result.find("mixed").orElseThrow().turns().get(0).usage().cost()).isNull();
        assertThat(result.usage().costEstimated()).isFalse();
        assertThat(result.find("budget").orElseThrow().turns().get(0).scores().get(0).reason())
                .isEqualTo("agent reported no cost");
    }
}
