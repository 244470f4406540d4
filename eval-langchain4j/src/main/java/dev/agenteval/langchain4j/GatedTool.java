package dev.agenteval.langchain4j;

import dev.agenteval.spi.ToolGate;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;

/**
 * A tool's executor behind the {@link ToolGate}: the gate answers a mocked call without running
 * the real executor, runs it otherwise, and records the call either way. A failure (a failing
 * mock, an unmocked tool where mocks are required, the real tool's exception) is thrown on to
 * LangChain4j, whose tool error handler decides what the model reads (by default the message).
 */
final class GatedTool implements ToolExecutor {

    private final ToolExecutor real;
    private final ToolGate gate;

    private GatedTool(ToolExecutor real, ToolGate gate) {
        this.real = real;
        this.gate = gate;
    }

    /** {@code tool} with its executor behind {@code gate}; the specification and return behaviour unchanged. */
    static AiServiceTool wrap(AiServiceTool tool, ToolGate gate) {
        return tool.toBuilder().toolExecutor(new GatedTool(tool.toolExecutor(), gate)).build();
    }

    /** {@code provider} whose tools' executors are behind {@code gate}. */
    static ToolProvider wrap(ToolProvider provider, ToolGate gate) {
        return new ToolProvider() {
            @Override
            public ToolProviderResult provideTools(ToolProviderRequest request) {
                ToolProviderResult provided = provider.provideTools(request);
                if (provided == null) {
                    return null;
                }
                // Each AiServiceTool carries its own return behaviour.
                return ToolProviderResult.builder()
                        .addAll(provided.aiServiceTools().stream().map(t -> wrap(t, gate)).toList())
                        .build();
            }

            @Override
            public boolean isDynamic() {
                return provider.isDynamic();
            }
        };
    }

    @Override
    public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
        ToolExecutionResult[] ran = new ToolExecutionResult[1];
        try {
            String text = call(request, () -> {
                ToolExecutionResult result = real.executeWithContext(request, context);
                ran[0] = result;
                if (result.isError()) {
                    throw new ReportedError(result);
                }
                return result.resultText();
            });
            return ran[0] != null ? ran[0] : ToolExecutionResult.builder().resultText(text).build();
        } catch (ReportedError e) {
            return e.result;
        }
    }

    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
        return call(request, () -> real.execute(request, memoryId));
    }

    private String call(ToolExecutionRequest request, ToolGate.RealTool tool) {
        try {
            return gate.call(request.name(), request.arguments(), tool);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("tool '" + request.name() + "' failed: " + e.getMessage(), e);
        }
    }

    /** The real executor reported an error result itself: recorded as the call's error, handed to the model as it was. */
    private static final class ReportedError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient ToolExecutionResult result;

        ReportedError(ToolExecutionResult result) {
            super(result.resultText() == null ? "tool error" : result.resultText(), null, false, false);
            this.result = result;
        }
    }
}
