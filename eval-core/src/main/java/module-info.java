/**
 * agent-eval's runner, built-in scorers, placeholder resolution, redaction, fingerprints and
 * provider registry. No HTTP (eval-http) and no report rendering (eval-report).
 */
module dev.agenteval.core {
    requires transitive dev.agenteval.api;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires json.path;
    requires org.slf4j;

    exports dev.agenteval.core;

    uses dev.agenteval.spi.ScorerFactory;

    provides dev.agenteval.spi.ScorerFactory with
            dev.agenteval.core.internal.scorers.MustIncludeScorerFactory,
            dev.agenteval.core.internal.scorers.MustNotIncludeScorerFactory,
            dev.agenteval.core.internal.scorers.ContainsScorerFactory,
            dev.agenteval.core.internal.scorers.NotContainsScorerFactory,
            dev.agenteval.core.internal.scorers.RegexScorerFactory,
            dev.agenteval.core.internal.scorers.EqualsScorerFactory,
            dev.agenteval.core.internal.scorers.JsonPathScorerFactory,
            dev.agenteval.core.internal.scorers.MustIncludeJsonScorerFactory,
            dev.agenteval.core.internal.scorers.ExpectedStateScorerFactory,
            dev.agenteval.core.internal.scorers.MaxDurationScorerFactory,
            dev.agenteval.core.internal.scorers.MaxTokensScorerFactory,
            dev.agenteval.core.internal.scorers.MaxCostScorerFactory,
            dev.agenteval.core.internal.scorers.ToolsInOrderScorerFactory,
            dev.agenteval.core.internal.scorers.ToolArgsScorerFactory,
            dev.agenteval.core.internal.scorers.TrajectoryScorerFactory;
    uses dev.agenteval.spi.AgentClientProvider;
    uses dev.agenteval.spi.JudgeProvider;
    uses dev.agenteval.spi.ReportFormat;
    uses dev.agenteval.spi.UserSimulatorProvider;
}
