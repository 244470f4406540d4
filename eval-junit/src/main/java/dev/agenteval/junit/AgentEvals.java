package dev.agenteval.junit;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.junit.internal.SuiteRun;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;

/**
 * Turns a suite into JUnit 5 dynamic tests, one per case, named by the case id.
 *
 * <pre>{@code
 * class SupportEvalTest {
 *     static final EvalRunner RUNNER = EvalRunner.builder()
 *             .agent(AgentClients.create("a2a", URI.create("http://localhost:8080"), Map.of()))
 *             .sink(Reports.all(Path.of("target/agent-eval")))
 *             .build();
 *
 *     @TestFactory
 *     Stream<DynamicTest> support() {
 *         return AgentEvals.dynamicTests(SupportSuite.SUITE, RUNNER);
 *     }
 * }
 * }</pre>
 *
 * <p>The suite runs once, as a whole (concurrently, as the runner is configured), when the first
 * of its tests executes; each test then reports its case:
 * <ul>
 * <li>passed: the test passes;</li>
 * <li>failed: an {@link org.opentest4j.AssertionFailedError} whose message names the case and
 *     lists the failed checks, the judge's reasons and the answers;</li>
 * <li>errored (a harness failure: timeout, unreachable agent, judge error): a
 *     {@link HarnessFailureException}, which JUnit reports as an error, not a failure;</li>
 * <li>skipped (stop-on-failure, interrupted run) or not selected by the runner's case or tag
 *     filters: the test is aborted ({@link org.opentest4j.TestAbortedException}).</li>
 * </ul>
 * When the run itself cannot start (an invalid suite, a failed judge preflight) or its reports
 * cannot be written, every test errors with that cause.
 */
public final class AgentEvals {

    private AgentEvals() {
    }

    /**
     * One dynamic test per case of {@code suite}, in suite order, named by the case id. Nothing
     * runs until the first test executes.
     */
    public static Stream<DynamicTest> dynamicTests(Suite suite, EvalRunner runner) {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(runner, "runner");
        SuiteRun run = new SuiteRun(suite, runner);
        return suite.cases().stream().map(Case::id)
                .map(id -> DynamicTest.dynamicTest(id, () -> run.assertCase(id)));
    }

    /** The tests of {@link #dynamicTests} in a container named after the suite. */
    public static DynamicContainer dynamicContainer(Suite suite, EvalRunner runner) {
        Objects.requireNonNull(suite, "suite");
        return DynamicContainer.dynamicContainer(suite.name(), dynamicTests(suite, runner));
    }
}
