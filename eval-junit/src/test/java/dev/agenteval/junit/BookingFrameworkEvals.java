package dev.agenteval.junit;

import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.Judge;

/**
 * Two YAML suites against a framework agent held by an instance field, one of them written for a
 * deployed agent ({@code agent_id}); the tests also set an agent URL, which is not used.
 */
@Fixture
@AgentEvalSuite({"suites/booking.yaml", "suites/deployed.yaml"})
class BookingFrameworkEvals implements AgentEvalSuiteCases {

    @AgentEvalAgent
    final FrameworkAgent agent = BookingAgent.FRAMEWORK;

    @AgentEvalJudge
    static final Judge JUDGE = BookingAgent.judge();
}
