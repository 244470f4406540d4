package dev.agenteval.springai;

import dev.agenteval.spi.ToolGate;
import java.util.Objects;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.ai.tool.metadata.ToolMetadata;

/**
 * A Spring AI tool whose every execution goes through a conversation's {@link ToolGate}: the gate
 * answers a mocked call without running {@code delegate}, or runs it, and records the call either
 * way. A {@link ToolGate.ToolFailure} (a failing mock, or an unmocked tool where mocks are
 * required) is thrown as a {@link ToolExecutionException}, which Spring AI's default
 * {@code ToolExecutionExceptionProcessor} sends back to the model as the tool's result (its
 * message), as it does for an exception of a {@code @Tool} method.
 */
final class GatedToolCallback implements ToolCallback {

    private final ToolCallback delegate;
    private final ToolGate gate;

    GatedToolCallback(ToolCallback delegate, ToolGate gate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.gate = Objects.requireNonNull(gate, "gate");
    }

    /** True when this callback already sends its calls to {@code gate}. */
    boolean gatedBy(ToolGate other) {
        return gate == other;
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return delegate.getToolDefinition();
    }

    @Override
    public ToolMetadata getToolMetadata() {
        return delegate.getToolMetadata();
    }

    @Override
    public String call(String toolInput) {
        return call(toolInput, null);
    }

    @Override
    public String call(String toolInput, ToolContext toolContext) {
        ToolDefinition definition = getToolDefinition();
        try {
            return gate.call(definition.name(), toolInput, () -> delegate.call(toolInput, toolContext));
        } catch (ToolGate.ToolFailure failure) {
            throw new ToolExecutionException(definition, failure);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new ToolExecutionException(definition, e);
        }
    }

    @Override
    public String toString() {
        return "GatedToolCallback[" + getToolDefinition().name() + "]";
    }
}
