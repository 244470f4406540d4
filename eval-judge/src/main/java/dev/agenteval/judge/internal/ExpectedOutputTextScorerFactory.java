package dev.agenteval.judge.internal;

/** {@code expected_output_text}: a judge decides whether the answer is semantically equivalent to the reference answer {@code expected}. */
public final class ExpectedOutputTextScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public ExpectedOutputTextScorerFactory() {
        super("expected_output_text", "expected", Role.REFERENCE, "equivalent to the reference answer", false);
    }
}
