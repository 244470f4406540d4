package dev.agenteval.junit;

import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;

/** The booking suite against an agent that books without looking for a slot: the trajectory fails. */
@Fixture
@AgentEvalSuite("suites/booking.yaml")
class CarelessBookingEvals implements AgentEvalSuiteCases {

    @AgentEvalAgent
    static AgentClient agent() {
        return BookingAgent.inProcess(true);
    }

    @AgentEvalJudge
    static Judge judge() {
        return BookingAgent.judge();
    }
}
