/**
 * agent-eval's runner, built-in scorers, placeholder resolution, provider registry and result
 * sinks.
 */
module dev.agenteval.core {
    requires transitive dev.agenteval.api;
    requires com.fasterxml.jackson.databind;
    requires json.path;
    requires org.slf4j;

    exports dev.agenteval.core;

    uses dev.agenteval.spi.ScorerFactory;
    uses dev.agenteval.spi.AgentClientProvider;
    uses dev.agenteval.spi.JudgeProvider;
}
