/**
 * What plugins implement: {@link dev.agenteval.spi.AgentClient}s (through
 * {@link dev.agenteval.spi.AgentClientProvider}), {@link dev.agenteval.spi.Judge}s (through
 * {@link dev.agenteval.spi.JudgeProvider}), {@link dev.agenteval.spi.ScorerFactory}s (best as a
 * {@link dev.agenteval.spi.TypedScorerFactory} reading its parameters with
 * {@link dev.agenteval.spi.ScorerParams}),
 * {@link dev.agenteval.spi.ResultSink}s and {@link dev.agenteval.spi.RunListener}s.
 *
 * <p>Providers are found through {@link java.util.ServiceLoader} or registered explicitly with the
 * runner. Values are non-null unless documented otherwise.
 */
package dev.agenteval.spi;
