package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the member of a test class that supplies the user simulator of its suites' simulated
 * cases, instead of the one the settings choose: a method without parameters, or a field, static
 * or not, whose value is a {@link dev.agenteval.spi.UserSimulator}, e.g. an
 * {@code LlmUserSimulator} over the same chat model as an {@link AgentEvalJudge} judge. One member
 * per class (its superclasses included), read once per test factory; one that is not as described
 * fails the test factory with a {@link dev.agenteval.api.ConfigurationException} naming it. See
 * {@link AgentEvalAgent}.
 */
@Target({ElementType.METHOD, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@API(status = EXPERIMENTAL)
public @interface AgentEvalSimulator {
}
