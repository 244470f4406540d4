package dev.agenteval.junit;

/** A suite that is not on the class path. */
@Fixture
@AgentEvalSuite("evals/missing.yaml")
class MissingSuiteEvals implements AgentEvalSuiteCases {
}
