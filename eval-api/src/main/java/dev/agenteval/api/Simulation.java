package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A simulated user that replaces a case's scripted turns: a model plays {@link #persona()} with
 * {@link #goal()}, one message at a time, on the case's session, until a {@link #stopWhen()}
 * condition holds or {@link #maxTurns()} turns have run. Each generated turn is scored by
 * {@link #turnScorers()}; the whole conversation by the case's
 * {@link Case#conversationScorers()}.
 *
 * <pre>{@code
 * Case.id("refund-sim")
 *     .simulate(Simulation.goal("Get a refund for order 42")
 *         .persona("An impatient customer who gives the order number only when asked")
 *         .maxTurns(6)
 *         .stopWhen(StopCondition.goalMet(), StopCondition.taskCompleted())
 *         .expectEachTurn(Scorers.mustNotInclude("internal error")))
 *     .expectConversation(Scorers.goalCompletion())
 *     .build();
 * }</pre>
 *
 * Without {@code stopWhen}, the conversation stops when the simulated user says its goal is met
 * ({@link #DEFAULT_STOP_WHEN}); {@code task_completed} is opt-in, since many agents complete a
 * task on every turn of a conversation that goes on. Immutable.
 */
@API(status = STABLE)
public final class Simulation {

    /** The stop conditions of a simulation that names none: the simulated user says its goal is met. */
    public static final List<StopCondition> DEFAULT_STOP_WHEN = List.of(StopCondition.goalMet());

    private final String persona;
    private final String goal;
    private final int maxTurns;
    private final List<StopCondition> stopWhen;
    private final List<ScorerSpec> turnScorers;

    private Simulation(Builder b) {
        this.persona = b.persona;
        this.goal = b.goal;
        this.maxTurns = b.maxTurns;
        this.stopWhen = List.copyOf(b.stopWhen);
        this.turnScorers = List.copyOf(b.turnScorers);
    }

    /** Starts a simulation whose user pursues {@code goal}. */
    public static Builder goal(String goal) {
        return new Builder(Checks.requireNonBlank(goal, "simulate goal"));
    }

    /** Who the simulated user is (tone, knowledge, habits), if described. */
    public Optional<String> persona() {
        return Optional.ofNullable(persona);
    }

    /** What the simulated user wants from the agent; never blank. */
    public String goal() {
        return goal;
    }

    /** The most turns the conversation runs, at least 1. */
    public int maxTurns() {
        return maxTurns;
    }

    /** When the conversation stops before {@link #maxTurns()}, in declaration order; never empty. */
    public List<StopCondition> stopWhen() {
        return stopWhen;
    }

    /** The scorers of every generated turn; never null, may be empty. */
    public List<ScorerSpec> turnScorers() {
        return turnScorers;
    }

    /** A builder holding these values. */
    public Builder toBuilder() {
        Builder b = new Builder(goal);
        b.persona = persona;
        b.maxTurns = maxTurns;
        b.stopWhen.addAll(stopWhen);
        b.turnScorers.addAll(turnScorers);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Simulation s && Objects.equals(persona, s.persona) && goal.equals(s.goal)
                && maxTurns == s.maxTurns && stopWhen.equals(s.stopWhen) && turnScorers.equals(s.turnScorers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(persona, goal, maxTurns, stopWhen, turnScorers);
    }

    @Override
    public String toString() {
        return "Simulation[goal=" + goal + ", maxTurns=" + maxTurns + ", stopWhen=" + stopWhen + "]";
    }

    /** Fluent builder of a {@link Simulation}; {@link #maxTurns(int)} is required. */
    public static final class Builder {
        private final String goal;
        private String persona;
        private int maxTurns;
        private final Set<StopCondition> stopWhen = new LinkedHashSet<>();
        private final List<ScorerSpec> turnScorers = new ArrayList<>();

        private Builder(String goal) {
            this.goal = goal;
        }

        /** Who the simulated user is. */
        public Builder persona(String persona) {
            this.persona = Checks.requireNonBlank(persona, "simulate persona");
            return this;
        }

        /** The most turns the conversation runs; required, at least 1. */
        public Builder maxTurns(int maxTurns) {
            if (maxTurns < 1) {
                throw new IllegalArgumentException("simulate maxTurns must be >= 1 but was " + maxTurns);
            }
            this.maxTurns = maxTurns;
            return this;
        }

        /** Stop conditions, replacing the defaults ({@link #DEFAULT_STOP_WHEN}); repeated ones count once. */
        public Builder stopWhen(StopCondition... conditions) {
            return stopWhen(List.of(conditions));
        }

        /** Stop conditions, replacing the defaults; must not be empty. */
        public Builder stopWhen(List<StopCondition> conditions) {
            Checks.requireNonNull(conditions, "simulate stopWhen");
            if (conditions.isEmpty()) {
                throw new IllegalArgumentException("simulate stopWhen must not be empty");
            }
            conditions.forEach(c -> stopWhen.add(Checks.requireNonNull(c, "simulate stopWhen condition")));
            return this;
        }

        /** Scorers for every generated turn. */
        public Builder expectEachTurn(ScorerSpec... scorers) {
            for (ScorerSpec s : scorers) {
                turnScorers.add(Checks.requireNonNull(s, "simulate turn scorer"));
            }
            return this;
        }

        /** Scorers for every generated turn. */
        public Builder expectEachTurn(List<ScorerSpec> scorers) {
            return expectEachTurn(scorers.toArray(ScorerSpec[]::new));
        }

        /**
         * Builds the simulation.
         *
         * @throws IllegalArgumentException when {@code maxTurns} was not set
         */
        public Simulation build() {
            if (maxTurns < 1) {
                throw new IllegalArgumentException("simulate needs maxTurns (>= 1)");
            }
            if (stopWhen.isEmpty()) { // none given: stopWhen(..) refuses an empty list
                stopWhen.addAll(DEFAULT_STOP_WHEN);
            }
            return new Simulation(this);
        }
    }
}
