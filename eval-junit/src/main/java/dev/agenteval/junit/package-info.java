/**
 * Runs agent-eval suites as JUnit 5 tests, one test per case, so that a team gates merges with the
 * build it already has.
 *
 * <p>With a suite built in code, a {@code @TestFactory} returns
 * {@link dev.agenteval.junit.AgentEvals#dynamicTests}:
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> support() {
 *     return AgentEvals.dynamicTests(SupportSuite.SUITE, EvalRunner.builder().agent(agent).build());
 * }
 * }</pre>
 *
 * <p>With YAML suites on the test class path, an annotation and an interface are enough:
 *
 * <pre>{@code
 * @AgentEvalSuite("evals/hello.yaml")
 * class HelloEvalTest implements AgentEvalSuiteCases {
 * }
 * }</pre>
 *
 * The agent and the judge then come from configuration parameters (system properties or
 * {@code junit-platform.properties}) or environment variables: see {@link dev.agenteval.junit.AgentEvalSuite};
 * or from the test class's own members ({@link dev.agenteval.junit.AgentEvalAgent},
 * {@link dev.agenteval.junit.AgentEvalJudge}, {@link dev.agenteval.junit.AgentEvalSimulator}), so the
 * suite the command line runs against the deployed agent runs in a unit test against the agent object.
 *
 * <p>Each test is named after its case id. A case that failed fails its test with an
 * {@link org.opentest4j.AssertionFailedError} listing the failed checks and the judge's reasons;
 * a case the harness could not evaluate (timeout, unreachable agent, judge error) is a test
 * error ({@link dev.agenteval.junit.InfrastructureFailureException}); a skipped case aborts its test.
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.junit;
