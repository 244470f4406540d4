package dev.agenteval.junit;

import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;

/** A simulated case against the in-process booking agent, the user simulator from the settings. */
@Fixture
@AgentEvalSuite("suites/rebooking.yaml")
class SimulatedBookingEvals implements AgentEvalSuiteCases {

    @AgentEvalAgent
    static AgentClient agent() {
        return BookingAgent.inProcess(false);
    }

    @AgentEvalJudge
    static Judge judge() {
        return BookingAgent.judge();
    }
}
