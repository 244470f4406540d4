/**
 * agent-eval's runner, placeholder resolution, redaction, fingerprints and provider registry. No
 * HTTP (eval-http), no report rendering (eval-report) and no scorers of its own: the built-in
 * scorers (eval-scorers), the judge's and plugins' are all found through the scorer SPI.
 */
// The qualified export names a module built after this one; javac warns that it cannot see it yet.
@SuppressWarnings("module")
module dev.agenteval.core {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.api;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports dev.agenteval.core;
    // eval-judge's Calibration masks secrets in what the judge is sent as a run does (RedactingJudge, Redactor).
    exports dev.agenteval.core.internal to dev.agenteval.judge;

    uses dev.agenteval.spi.ScorerFactory;
    uses dev.agenteval.spi.AgentClientProvider;
    uses dev.agenteval.spi.JudgeProvider;
    uses dev.agenteval.spi.ReportFormat;
    uses dev.agenteval.spi.UserSimulatorProvider;
}
