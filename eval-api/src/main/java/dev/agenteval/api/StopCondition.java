package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.util.Locale;

/**
 * When a {@link Simulation simulated conversation} stops before its {@code maxTurns}.
 *
 * <pre>{@code
 * Simulation.goal("Get a refund for order 42").maxTurns(6)
 *     .stopWhen(StopCondition.goalMet(), StopCondition.taskCompleted(), StopCondition.contains("refund issued"));
 * }</pre>
 *
 * @param kind what is checked after each turn; never null
 * @param text for {@link Kind#CONTAINS}, the text the agent's answer must contain (case-insensitive);
 *             null for the other kinds
 */
@API(status = STABLE)
public record StopCondition(Kind kind, String text) {

    /** What a stop condition checks. */
    public enum Kind {
        /** The simulated user says its goal is met (it sends no further message). */
        GOAL_MET,
        /** The agent ended the task: its state is completed, failed, rejected or canceled. */
        TASK_COMPLETED,
        /** The agent's answer contains {@link StopCondition#text()}, ignoring case. */
        CONTAINS;

        /** The name written in YAML and in results: {@code goal_met}, {@code task_completed}, {@code contains}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Validates. */
    public StopCondition {
        Checks.requireNonNull(kind, "stopWhen kind");
        if (kind == Kind.CONTAINS) {
            Checks.requireNonBlank(text, "stopWhen contains");
        } else if (text != null) {
            throw new IllegalArgumentException("stopWhen " + kind.wireName() + " takes no text but was given '" + text + "'");
        }
    }

    /** Stops when the simulated user says its goal is met. */
    public static StopCondition goalMet() {
        return new StopCondition(Kind.GOAL_MET, null);
    }

    /** Stops when the agent's task ends (completed, failed, rejected or canceled). */
    public static StopCondition taskCompleted() {
        return new StopCondition(Kind.TASK_COMPLETED, null);
    }

    /** Stops when the agent's answer contains {@code text}, ignoring case. */
    public static StopCondition contains(String text) {
        return new StopCondition(Kind.CONTAINS, text);
    }

    /** {@code goal_met}, {@code task_completed} or {@code contains: "..."}. */
    @Override
    public String toString() {
        return kind == Kind.CONTAINS ? "contains: \"" + text + "\"" : kind.wireName();
    }
}
