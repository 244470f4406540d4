package dev.agenteval.judge.internal;

/**
 * {@code role_adherence}: a judge reads the whole conversation and decides whether the agent kept
 * to its {@code role} in every answer. A conversation scorer.
 */
public final class RoleAdherenceScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public RoleAdherenceScorerFactory() {
        super("role_adherence", "role", Role.CRITERIA, "keeps to its role", false, true, false);
    }
}
