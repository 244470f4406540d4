/**
 * agent-eval's built-in deterministic scorers ({@code must_include}, {@code jsonpath},
 * {@code trajectory}, ...), each one class on the public typed scorer SPI
 * ({@link dev.agenteval.spi.TypedScorerFactory}), found like any plugin through
 * {@link java.util.ServiceLoader}. Exports nothing.
 */
module dev.agenteval.scorers {
    requires dev.agenteval.api;
    requires dev.agenteval.common;
    requires com.fasterxml.jackson.databind;
    requires json.path;

    provides dev.agenteval.spi.ScorerFactory with
            dev.agenteval.scorers.internal.MustIncludeScorerFactory,
            dev.agenteval.scorers.internal.MustNotIncludeScorerFactory,
            dev.agenteval.scorers.internal.ContainsScorerFactory,
            dev.agenteval.scorers.internal.NotContainsScorerFactory,
            dev.agenteval.scorers.internal.RegexScorerFactory,
            dev.agenteval.scorers.internal.EqualsScorerFactory,
            dev.agenteval.scorers.internal.JsonPathScorerFactory,
            dev.agenteval.scorers.internal.MustIncludeJsonScorerFactory,
            dev.agenteval.scorers.internal.ExpectedStateScorerFactory,
            dev.agenteval.scorers.internal.MaxDurationScorerFactory,
            dev.agenteval.scorers.internal.MaxTokensScorerFactory,
            dev.agenteval.scorers.internal.MaxCostScorerFactory,
            dev.agenteval.scorers.internal.ToolsInOrderScorerFactory,
            dev.agenteval.scorers.internal.ToolArgsScorerFactory,
            dev.agenteval.scorers.internal.TrajectoryScorerFactory,
            dev.agenteval.scorers.internal.TraceSpansScorerFactory;
}
