package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a test class annotated with {@link AgentEvalSuite} its tests: one per case of the named
 * suites, as {@link AgentEvals#dynamicTests} makes them.
 *
 * <pre>{@code
 * @AgentEvalSuite("evals/hello.yaml")
 * class HelloEvalTest implements AgentEvalSuiteCases {
 * }
 * }</pre>
 */
@ExtendWith(AgentEvalExtension.class)
@API(status = STABLE)
public interface AgentEvalSuiteCases {

    /**
     * The tests of the suites named by {@link AgentEvalSuite}. When a suite cannot be loaded or
     * the agent is not configured, this factory fails with a message saying what is missing.
     */
    @TestFactory
    default Stream<DynamicNode> agentEval(AgentEvalSetup setup) {
        return setup.dynamicTests();
    }
}
