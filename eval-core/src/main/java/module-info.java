/**
 * agent-eval's runner, placeholder resolution, redaction, fingerprints and provider registry. No
 * HTTP (eval-http), no report rendering (eval-report) and no scorers of its own: the built-in
 * scorers (eval-scorers), the judge's and plugins' are all found through the scorer SPI.
 */
module dev.agenteval.core {
    requires transitive dev.agenteval.api;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.core;

    uses dev.agenteval.spi.ScorerFactory;
    uses dev.agenteval.spi.AgentClientProvider;
    uses dev.agenteval.spi.JudgeProvider;
    uses dev.agenteval.spi.ReportFormat;
    uses dev.agenteval.spi.UserSimulatorProvider;
}
