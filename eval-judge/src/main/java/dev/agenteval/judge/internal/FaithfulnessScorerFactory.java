package dev.agenteval.judge.internal;

/** {@code faithfulness}: a judge decides whether the answer is grounded in {@code groundTruth}, which is never sent to the agent. */
public final class FaithfulnessScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public FaithfulnessScorerFactory() {
        super("faithfulness", "groundTruth", Role.REFERENCE, "faithful to the ground truth", false);
    }
}
