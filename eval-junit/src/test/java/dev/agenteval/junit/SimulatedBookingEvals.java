package dev.agenteval.junit;

/**
 * A simulated case against the in-process booking agent and the judge of {@link BookingYamlEvals}
 * (members of a superclass), the user simulator from the settings.
 */
@Fixture
@AgentEvalSuite("suites/rebooking.yaml")
class SimulatedBookingEvals extends BookingYamlEvals {
}
