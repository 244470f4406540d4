package dev.agenteval.yaml;

import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;
import java.util.Optional;

/**
 * Stand-ins for eval-judge's scorer factories, which eval-yaml's tests do not have on the class
 * path: the same ids, text parameters and tools, and no checks of their own. Registered in the
 * tests' {@code META-INF/services}, so {@link SuiteLoader#defaults()} finds them as the CLI finds
 * the judge module's, and by {@link TestScorers#providers()}.
 */
public abstract class StandInJudgeScorers implements ScorerFactory {

    private final String id;
    private final String textParameter;
    private final boolean usesTools;

    StandInJudgeScorers(String id, String textParameter, boolean usesTools) {
        this.id = id;
        this.textParameter = textParameter;
        this.usesTools = usesTools;
    }

    /** One of each. */
    static List<ScorerFactory> all() {
        return List.of(new Correctness(), new Faithfulness(), new ExpectedOutputText(), new Rubric(),
                new ToolSelection(), new ToolInvocation(), new GoalCompletion(), new KnowledgeRetention(),
                new RoleAdherence());
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final Optional<String> textParameter() {
        return Optional.ofNullable(textParameter);
    }

    @Override
    public final boolean usesTools() {
        return usesTools;
    }

    @Override
    public final boolean needsJudge() {
        return true;
    }

    @Override
    public final Scorer create(ScorerSpec spec) {
        return ctx -> ScoreResult.class.cast(null);
    }

    /** The conversation scorers: goal_completion's optional goal is a parameter like any other. */
    public static final class GoalCompletion extends StandInJudgeScorers {
        public GoalCompletion() {
            super("goal_completion", null, false);
        }
    }

    public static final class KnowledgeRetention extends StandInJudgeScorers {
        public KnowledgeRetention() {
            super("knowledge_retention", null, false);
        }
    }

    public static final class RoleAdherence extends StandInJudgeScorers {
        public RoleAdherence() {
            super("role_adherence", "role", false);
        }
    }

    public static final class Correctness extends StandInJudgeScorers {
        public Correctness() {
            super("correctness", "criteria", false);
        }
    }

    public static final class Faithfulness extends StandInJudgeScorers {
        public Faithfulness() {
            super("faithfulness", "groundTruth", false);
        }
    }

    public static final class ExpectedOutputText extends StandInJudgeScorers {
        public ExpectedOutputText() {
            super("expected_output_text", "expected", false);
        }
    }

    public static final class Rubric extends StandInJudgeScorers {
        public Rubric() {
            super("rubric", "rubric", false);
        }
    }

    public static final class ToolSelection extends StandInJudgeScorers {
        public ToolSelection() {
            super("toolSelection", null, true);
        }
    }

    public static final class ToolInvocation extends StandInJudgeScorers {
        public ToolInvocation() {
            super("toolInvocation", null, true);
        }
    }
}
