package dev.agenteval.junit;

import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;

/** A simulated case against the in-process booking agent, with the judge and the user simulator from code. */
@Fixture
@AgentEvalSuite("suites/rebooking.yaml")
class BookingSimulationEvals implements AgentEvalSuiteCases {

    @AgentEvalAgent
    static AgentClient agent() {
        return BookingAgent.inProcess(false);
    }

    @AgentEvalJudge
    static Judge judge() {
        return BookingAgent.judge();
    }

    @AgentEvalSimulator
    static UserSimulator simulator() {
        return BookingAgent.simulator();
    }
}
