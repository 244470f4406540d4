package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

/**
 * Where a {@link FrameworkAgent} sends every tool execution its framework asks for. The gate
 * answers a call with the turn's matching {@link dev.agenteval.api.ToolMock} without running the
 * tool, or runs the real tool; either way it records the call (name, arguments, result or error,
 * mocked or not) for the turn's response, in call order. Thread-safe (frameworks may run tools in
 * parallel); calls made concurrently are recorded in the order they started.
 */
@API(status = EXPERIMENTAL)
public interface ToolGate {

    /**
     * Executes one tool call.
     *
     * @param tool          the tool name as the model called it
     * @param argumentsJson the arguments as the model gave them, a JSON object text (blank for none)
     * @param real          runs the real tool and returns its result as text; called only when no
     *                      mock answers and the suite does not require every tool to be mocked
     * @return the result text for the model: a mock's text as is, another mocked value as JSON,
     *         or what {@code real} returned
     * @throws ToolFailure when a mock fails the call or the tool is unmocked where mocks are
     *         required (the adapter lets its framework handle it as a tool error)
     * @throws Exception   what {@code real} threw, unchanged, after recording it
     */
    String call(String tool, String argumentsJson, RealTool real) throws Exception;

    /** The real tool's execution. */
    @FunctionalInterface
    interface RealTool {
        /** Runs the tool; its result as text. */
        String run() throws Exception;
    }

    /** A tool call failed by a mock, or refused because the tool is not mocked where it must be. */
    final class ToolFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** A failure with {@code message}, as the model will read it. */
        public ToolFailure(String message) {
            super(message);
        }
    }
}
