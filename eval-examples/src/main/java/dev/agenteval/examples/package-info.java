/**
 * The runnable tour of agent-eval: {@link dev.agenteval.testkit.demo.DemoAgent}, a small A2A agent
 * (in eval-cli, which also serves it alone: {@code agent-eval demo-agent});
 * {@link dev.agenteval.examples.DemoSuites}, suites in the Java DSL and in both YAML dialects;
 * and {@link dev.agenteval.examples.Demo}, which runs them against the agent and writes reports.
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.examples;
