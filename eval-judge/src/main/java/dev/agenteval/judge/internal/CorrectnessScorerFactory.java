package dev.agenteval.judge.internal;

/** {@code correctness}: a judge decides whether the answer meets {@code criteria}. */
public final class CorrectnessScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public CorrectnessScorerFactory() {
        super("correctness", "criteria", Role.CRITERIA, "meets the criteria", false);
    }
}
