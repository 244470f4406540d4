package dev.agenteval.judge.internal;

/** {@code toolSelection}: a judge decides whether the agent chose appropriate tools among those declared; skipped when none resolve. */
public final class ToolSelectionScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public ToolSelectionScorerFactory() {
        super("toolSelection", null, Role.NONE, "chose appropriate tools", true);
    }
}
