package dev.agenteval.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Marks a class of tests that the tests of this module run through the JUnit Platform launcher
 * (some of them fail on purpose): it runs only when the launcher sets {@value #PARAMETER}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(Fixture.OnlyWhenLaunched.class)
@interface Fixture {

    String PARAMETER = "agent-eval.test.fixtures";

    /** Disables the class unless {@value #PARAMETER} is {@code true}. */
    final class OnlyWhenLaunched implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(PARAMETER).filter("true"::equals).isPresent()
                    ? ConditionEvaluationResult.enabled("launched by a test")
                    : ConditionEvaluationResult.disabled("a fixture of eval-junit's tests, run by them only");
        }
    }
}
