/**
 * The facade of agent-eval's core: {@link dev.agenteval.core.EvalRunner} runs suites,
 * {@link dev.agenteval.core.Providers} finds scorers, agent clients and judges,
 * {@code dev.agenteval.report.Reports} (eval-report) renders results, and
 * {@link dev.agenteval.core.InProcessAgent} turns a function into an agent for tests. Recording a
 * conversation lives beside the YAML writer (eval-yaml's {@code SessionRecorder}), calibrating a
 * judge with the judge (eval-judge's {@code dev.agenteval.judge.calibration}). Everything else
 * lives in {@code internal} packages. Values are non-null unless documented otherwise.
 */
package dev.agenteval.core;
