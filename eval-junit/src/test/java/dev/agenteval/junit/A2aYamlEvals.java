package dev.agenteval.junit;

/** The annotation form: a YAML suite from the class path, the agent from configuration parameters. */
@Fixture
@AgentEvalSuite("evals/pharmacy.yaml")
class A2aYamlEvals implements AgentEvalSuiteCases {
}
