package dev.agenteval.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScorerTesterTest {

    @Test
    void should_score_with_a_built_in_scorer_found_in_the_registry() {
        ScorerSpec spec = ScorerSpec.of("must_include", Map.of("values", List.of("pump")));

        assertThat(ScorerTester.score(spec, "P-101 is a pump").status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(ScorerTester.score(spec, "P-101 is a valve").status()).isEqualTo(ScoreStatus.FAILED);
    }

    @Test
    void should_score_tool_calls_of_the_canned_response() {
        AgentResponse response = AgentResponse.builder().text("done")
                .toolCall(new ToolCall("find_assets", Map.of(), null)).build();

        ScoreResult r = ScorerTester.discover().test("tools_in_order", Map.of("expected", List.of("find_assets")), response);

        assertThat(r.status()).as(r.toString()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_refuse_an_invalid_spec_and_an_unknown_type_as_a_run_would() {
        assertThatThrownBy(() -> ScorerTester.score(ScorerSpec.of("must_include"), "x"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("scorer 'must_include': ");
        assertThatThrownBy(() -> ScorerTester.score(ScorerSpec.of("must_inclde"), "x"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("must_include");
        assertThat(ScorerTester.discover().problems(ScorerSpec.of("must_include"))).isNotEmpty();
    }

    @Test
    void should_use_a_factory_registered_by_hand_and_turn_its_exception_into_an_errored_score() {
        ScorerFactory shouting = new ScorerFactory() {
            @Override
            public String id() {
                return "shouting";
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                return ctx -> {
                    if (ctx.response().text().isEmpty()) {
                        throw new IllegalStateException("nothing to read");
                    }
                    return ScoreResult.ofChecks("shouting", ctx.response().text().equals(ctx.input().readableText()
                            .toUpperCase()) ? Check.pass("upper") : Check.fail("upper", "not shouted"));
                };
            }
        };
        ScorerTester tester = ScorerTester.of(Providers.empty().withScorer(shouting)).withInput("hi");

        assertThat(tester.test(ScorerSpec.of("shouting"), "HI").status()).isEqualTo(ScoreStatus.PASSED);
        ScoreResult errored = tester.test(ScorerSpec.of("shouting"), "");
        assertThat(errored.status()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(errored.failure().code()).isEqualTo(FailureCode.INTERNAL);
        assertThat(errored.failure().message()).contains("IllegalStateException: nothing to read");
    }
}
