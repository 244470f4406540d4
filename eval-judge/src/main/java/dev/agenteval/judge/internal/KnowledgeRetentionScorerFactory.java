package dev.agenteval.judge.internal;

/**
 * {@code knowledge_retention}: a judge reads the whole conversation and decides whether the agent
 * kept what the user told it (optional extra {@code criteria}). A conversation scorer.
 */
public final class KnowledgeRetentionScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public KnowledgeRetentionScorerFactory() {
        super("knowledge_retention", "criteria", Role.CRITERIA, "keeps what the user said", false, true, true);
    }

    @Override
    java.util.Optional<String> defaultText(dev.agenteval.spi.ScoringContext ctx) {
        return java.util.Optional.of("(none beyond the rule above)");
    }
}
