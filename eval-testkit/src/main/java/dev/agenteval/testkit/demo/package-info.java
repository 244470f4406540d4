/**
 * The demo A2A agent ({@link dev.agenteval.testkit.demo.DemoAgent}): what {@code agent-eval demo-agent}
 * serves, and what the tour in eval-examples runs its suites against. Depends on nothing else of the
 * command. Values are non-null unless documented otherwise.
 */
package dev.agenteval.testkit.demo;
