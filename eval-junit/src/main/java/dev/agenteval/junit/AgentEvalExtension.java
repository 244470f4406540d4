package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves an {@link AgentEvalSetup} parameter of test factories in classes annotated with
 * {@link AgentEvalSuite}, and closes its agent client when the factory's tests are done.
 * Registered by the annotation; a class whose suites are written in code registers it with
 * {@code @ExtendWith(AgentEvalExtension.class)} ({@link AgentEvalSetup#dynamicTests(dev.agenteval.api.Suite,
 * dev.agenteval.api.Suite...)}).
 */
@API(status = STABLE)
public final class AgentEvalExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(AgentEvalExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == AgentEvalSetup.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        Optional<AgentEvalSuite> annotation = findAnnotation(testClass);
        // Stored in the factory's own context: the store closes the setup (and its agent client)
        // when the factory's dynamic tests have run.
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(AgentEvalSetup.class,
                key -> new AgentEvalSetup(testClass, annotation.map(AgentEvalSuite::value).orElse(null),
                        context::getConfigurationParameter).testInstance(context.getTestInstance().orElse(null)),
                AgentEvalSetup.class);
    }

    private static Optional<AgentEvalSuite> findAnnotation(Class<?> testClass) {
        for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
            AgentEvalSuite a = c.getAnnotation(AgentEvalSuite.class);
            if (a != null) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
