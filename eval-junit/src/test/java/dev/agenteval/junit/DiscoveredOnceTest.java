package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.launch.Setting;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.testkit.FakeA2aAgent;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

/**
 * A setup discovers the providers once: the suites' scorer types, the environment's declared
 * variables, the agent's protocol and the runner all come from the one registry.
 */
class DiscoveredOnceTest {

    /** A scorer type registered in the tests' META-INF/services, counting its instances: one a discovery. */
    public static final class Counted implements ScorerFactory {
        static final AtomicInteger INSTANCES = new AtomicInteger();

        public Counted() {
            INSTANCES.incrementAndGet();
        }

        @Override
        public String id() {
            return "test_counted";
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }

    @Test
    void should_discover_the_providers_once_for_the_suites_the_environment_the_agent_and_the_run() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Map<String, String> parameters = Map.of(Setting.AGENT_URL.parameter(), agent.url().toString());
            int before = Counted.INSTANCES.get();
            try (AgentEvalSetup setup = new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                    name -> Optional.ofNullable(parameters.get(name)), null)) {

                ((DynamicTest) setup.dynamicTests().toList().get(0)).getExecutable().execute();

                assertThat(agent.requestCount()).isEqualTo(1);
            }
            assertThat(Counted.INSTANCES.get() - before).as("providers discovered").isEqualTo(1);
        }
    }
}
