package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code expected_state}: the task ends in {@code state}, any spelling
 * ({@code TASK_STATE_INPUT_REQUIRED} is {@code input-required}).
 */
public final class ExpectedStateScorerFactory extends TypedScorerFactory<TaskState> {

    private static final String KNOWN = Arrays.stream(TaskState.values()).map(TaskState::wireName)
            .collect(Collectors.joining(", "));

    /** Used by {@link java.util.ServiceLoader}. */
    public ExpectedStateScorerFactory() {
        super("expected_state");
    }

    @Override
    protected TaskState parse(ScorerParams params) {
        String state = params.string("state");
        if (!state.isEmpty() && !TaskState.isKnown(state)) {
            params.problem("unknown state '" + state + "' (known: " + KNOWN + ")");
        }
        return TaskState.parse(state);
    }

    @Override
    protected Scorer scorer(TaskState expected) {
        String label = "state " + expected.wireName();
        return ctx -> {
            Optional<TaskState> actual = ctx.response().state();
            Check check;
            if (actual.isEmpty()) {
                check = Check.fail(label, "no task state in response");
            } else if (actual.get() == expected) {
                check = Check.pass(label, "was " + expected.wireName());
            } else {
                check = Check.fail(label, "expected " + expected.wireName() + " but was " + actual.get().wireName());
            }
            return ScoreResult.ofChecks(id(), check);
        };
    }
}
