package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the member of a test class that supplies the agent its suites run against, instead of the
 * agent of the settings: a method without parameters, or a field, static or not, whose value is a
 * {@link dev.agenteval.spi.AgentClient} (e.g. an {@code InProcessAgent}) or a
 * {@link dev.agenteval.spi.FrameworkAgent} (run through {@code FrameworkAgentClient}). The same
 * YAML suite then serves the command line against the deployed agent and the unit test against the
 * agent object:
 *
 * <pre>{@code
 * @AgentEvalSuite("suites/booking.yaml")
 * class BookingEvalTest implements AgentEvalSuiteCases {
 *
 *     @AgentEvalAgent
 *     static FrameworkAgent agent() {
 *         return new BookingAgentAdapter(new BookingAssistant());
 *     }
 * }
 * }</pre>
 *
 * <p>The supplied agent wins over every agent the settings or the suite name: an agent URL or
 * target in the settings ({@code agent-eval.agent-url}, {@code agent-eval.target}) is not used, and
 * a suite's own agent declarations ({@code agent}, {@code agent_id}, a {@code <name>.agent.yaml})
 * reach the supplied agent as what each session is opened with, which an in-process agent may
 * ignore. Everything else comes from the settings as without it: the judge (unless
 * {@link AgentEvalJudge} supplies one), the report folder, gates, baseline and Opik. One member
 * per class (its superclasses included); it is read once per test factory, when the suite is about
 * to run. An agent a method returns is closed after the factory's tests; a field's is its owner's
 * to close.
 *
 * <p>A member that is not as described (parameters, another type, null, a failure of its own)
 * fails the test factory with a {@link dev.agenteval.api.ConfigurationException} naming it.
 */
@Target({ElementType.METHOD, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@API(status = EXPERIMENTAL)
public @interface AgentEvalAgent {
}
