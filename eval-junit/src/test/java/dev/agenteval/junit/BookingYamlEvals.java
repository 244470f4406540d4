package dev.agenteval.junit;

import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;

/** A YAML suite on the class path against an in-process agent and a judge, both from code. */
@Fixture
@AgentEvalSuite("suites/booking.yaml")
class BookingYamlEvals implements AgentEvalSuiteCases {

    @AgentEvalAgent
    static AgentClient agent() {
        return BookingAgent.inProcess(false);
    }

    @AgentEvalJudge
    static Judge judge() {
        return BookingAgent.judge();
    }
}
