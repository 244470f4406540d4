package dev.agenteval.junit;

import dev.agenteval.spi.UserSimulator;

/** {@link SimulatedBookingEvals} with the user simulator from code. */
@Fixture
class BookingSimulationEvals extends SimulatedBookingEvals {

    @AgentEvalSimulator
    static UserSimulator simulator() {
        return BookingAgent.simulator();
    }
}
