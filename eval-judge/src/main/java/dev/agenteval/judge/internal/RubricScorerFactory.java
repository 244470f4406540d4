package dev.agenteval.judge.internal;

/** {@code rubric}: a judge reads the question, the answer and the {@code rubric} in plain words. */
public final class RubricScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public RubricScorerFactory() {
        super("rubric", "rubric", Role.CRITERIA, "meets the rubric", false);
    }
}
