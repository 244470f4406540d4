/**
 * JUnit 5 integration for agent-eval: {@link dev.agenteval.junit.AgentEvals} turns a suite
 * into one dynamic test per case, and {@link dev.agenteval.junit.AgentEvalSuite} loads YAML
 * suites from the class path with the agent and judge taken from configuration parameters,
 * system properties or environment variables, or from the test class's own members
 * ({@link dev.agenteval.junit.AgentEvalAgent}). Only {@code dev.agenteval.junit} is exported.
 */
module dev.agenteval.junit {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires dev.agenteval.results;
    requires dev.agenteval.report;
    requires dev.agenteval.launch;
    requires transitive org.junit.jupiter.api;
    requires dev.agenteval.yaml;
    requires dev.agenteval.agents;
    requires dev.agenteval.judge;
    requires dev.agenteval.opik;
    requires org.slf4j;

    exports dev.agenteval.junit;
}
