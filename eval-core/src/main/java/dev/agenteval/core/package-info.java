/**
 * The facade of agent-eval's core: {@link dev.agenteval.core.EvalRunner} runs suites,
 * {@link dev.agenteval.core.Providers} finds scorers, agent clients and judges,
 * {@link dev.agenteval.report.Reports} renders results, and {@link dev.agenteval.core.InProcessAgent}
 * turns a function into an agent for tests. Everything else lives in {@code internal} packages.
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.core;
