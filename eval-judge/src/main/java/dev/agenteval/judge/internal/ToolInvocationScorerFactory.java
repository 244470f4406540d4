package dev.agenteval.judge.internal;

/** {@code toolInvocation}: a judge decides whether the agent's tool calls have correct arguments for the declared tools; skipped when none resolve. */
public final class ToolInvocationScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public ToolInvocationScorerFactory() {
        super("toolInvocation", null, Role.NONE, "called tools with correct arguments", true);
    }
}
