/**
 * The facade of agent-eval's core: {@link dev.agenteval.core.EvalRunner} runs suites,
 * {@link dev.agenteval.core.Providers} finds scorers, agent clients and judges,
 * {@code dev.agenteval.report.Reports} (eval-report) renders results, {@link dev.agenteval.core.InProcessAgent}
 * turns a function into an agent for tests, and {@link dev.agenteval.core.SessionRecorder} records
 * a conversation with an agent as a {@link dev.agenteval.core.Recording} of
 * {@link dev.agenteval.core.RecordedTurn}s. Everything else lives in {@code internal} packages.
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.core;
