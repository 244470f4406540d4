package dev.agenteval.junit;

/** Two suites: one container each. */
@Fixture
@AgentEvalSuite({"/evals/greeting.yaml", "evals/pharmacy.yaml"})
class TwoSuitesEvals implements AgentEvalSuiteCases {
}
