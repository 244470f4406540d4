package dev.agenteval.judge.internal;

import dev.agenteval.api.Simulation;
import dev.agenteval.spi.ScoringContext;
import java.util.Optional;

/**
 * {@code goal_completion}: a judge reads the whole conversation and decides whether the user's
 * {@code goal} (by default the simulation's) was reached. A conversation scorer.
 */
public final class GoalCompletionScorerFactory extends JudgeScorerFactory {

    /** Used by {@link java.util.ServiceLoader}. */
    public GoalCompletionScorerFactory() {
        super("goal_completion", "goal", Role.CRITERIA, "reaches the user's goal", false, true, true);
    }

    @Override
    Optional<String> defaultText(ScoringContext ctx) {
        return ctx.testCase().simulation().map(Simulation::goal);
    }
}
