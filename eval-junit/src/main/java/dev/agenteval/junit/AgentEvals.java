package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

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
 *     @TestFactory
 *     Stream<DynamicTest> support() {
 *         Suite suite = SupportSuite.SUITE;
 *         // the agent, the judge and the report folder of the settings (-Dagent-eval.agent-url=..., AGENT_EVAL_*)
 *         return AgentEvals.dynamicTests(suite, AgentEvalSettings.fromEnvironment().runner(suite).concurrency(1).build());
 *     }
 * }
 * }</pre>
 *
 * ({@link AgentEvalSetup#dynamicTests(Suite, Suite...)} does the same with JUnit's configuration
 * parameters and Opik.)
 *
 * <p>The suite runs once, as a whole (concurrently, as the runner is configured), in the background
 * from the moment the first of its tests executes; each test waits for its own case, then reports it:
 * <ul>
 * <li>passed: the test passes;</li>
 * <li>failed: an {@link org.opentest4j.AssertionFailedError} whose message names the case and
 *     lists the failed checks, the judge's reasons and the answers;</li>
 * <li>errored (a harness failure: timeout, unreachable agent, judge error): a
 *     {@link InfrastructureFailureException}, which JUnit reports as an error, not a failure;</li>
 * <li>skipped (stop-on-failure, interrupted run) or not selected by the runner's case or tag
 *     filters: the test is aborted ({@link org.opentest4j.TestAbortedException}).</li>
 * </ul>
 * When the run itself cannot start (an invalid suite, a failed judge preflight), every test errors
 * with that cause; the last case's test also waits for the end of the run, and errors when the
 * reports could not be written.
 *
 * <p>Names and times: each test's source is {@code agent-eval:<suite>/<case>}, not the factory
 * method, so Surefire names it by the case id in its console and XML reports (not
 * {@code support()[2]}). The time JUnit measures for a test is how long it waited for its case: with
 * {@code concurrency(1)} that is the case's own run; with cases running concurrently, the time of a
 * case that finished while an earlier test waited is counted in that test (the tests' times add up
 * to the run's). Each case's own duration is {@code durationSeconds} in {@code results.json}.
 */
@API(status = MAINTAINED)
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
        return new SuiteRun(suite, runner).tests(false);
    }

    /**
     * The tests of {@link #dynamicTests} in a container named after the suite, each named
     * {@code <suite> › <case id>} (so that reports listing the tests of several suites tell them apart).
     */
    public static DynamicContainer dynamicContainer(Suite suite, EvalRunner runner) {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(runner, "runner");
        return DynamicContainer.dynamicContainer(suite.name(), new SuiteRun(suite, runner).tests(true));
    }
}
