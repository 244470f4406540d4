package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One evaluation case: a conversation of turns sent to the agent on one session, scored turn by
 * turn.
 *
 * <pre>{@code
 * Case.id("follow-up").tag("ci")
 *     .turn(Turn.of("What can you help me with?").expect(correctness("Describes capabilities")))
 *     .turn(Turn.of("Elaborate on the first one").expect(correctness("Expands on it")))
 *     .build();
 * }</pre>
 *
 * A case with no scorers at all only checks that the agent answers every turn, unless it is built
 * with {@code answerRequired(false)} (the harness dialect's eval without expectations): then only
 * the state guard can fail it. With {@code expectPass(false)} the scorers' verdict is inverted (a
 * harness failure never passes).
 */
@API(status = STABLE)
public final class Case {

    private final String id;
    private final List<String> tags;
    private final boolean expectPass;
    private final boolean answerRequired;
    private final List<Turn> turns;
    private final SessionContext sessionContext;
    private final List<ToolSpec> tools;
    private final Duration timeout;
    private final Map<String, Object> agent;
    private final String agentId;
    private final Integer repeat;
    private final Double passThreshold;
    private final Map<String, Variable> variables;
    private final Simulation simulation;
    private final List<ScorerSpec> conversationScorers;
    private final List<ToolMock> mocks;

    private Case(Builder b, List<Turn> turns) {
        this.id = b.id;
        this.tags = List.copyOf(b.tags);
        this.expectPass = b.expectPass;
        this.answerRequired = b.answerRequired;
        this.turns = List.copyOf(turns);
        this.sessionContext = b.sessionContext;
        this.tools = b.tools == null ? null : List.copyOf(b.tools);
        this.timeout = b.timeout;
        this.agent = b.agent;
        this.agentId = b.agentId;
        this.repeat = b.repeat;
        this.passThreshold = b.passThreshold;
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(b.variables));
        this.simulation = b.simulation;
        this.conversationScorers = List.copyOf(b.conversationScorers);
        this.mocks = List.copyOf(b.mocks);
    }

    /** Starts a case with the given id. */
    public static Builder id(String id) {
        return new Builder(id);
    }

    /** The case id, unique within its suite; never blank. */
    public String id() {
        return id;
    }

    /** Tags for filtering, in declaration order without duplicates; never null. */
    public List<String> tags() {
        return tags;
    }

    /** False for negative tests whose scorers are expected to fail. Defaults to true. */
    public boolean expectPass() {
        return expectPass;
    }

    /**
     * Whether a case without scorers checks that the agent answered every turn with some text or
     * data (the "agent answered" rule of cases built in Java). Defaults to true. False leaves such
     * a case to the state guard alone, as the Python harness does with an eval without
     * expectations; the harness dialect loads one so. The state guard runs either way, and a case
     * with scorers is judged by them whatever this says.
     */
    public boolean answerRequired() {
        return answerRequired;
    }

    /** The scripted turns, at least one unless the case is {@linkplain #simulation() simulated}; never null. */
    public List<Turn> turns() {
        return turns;
    }

    /** The session context; {@link SessionContext#EMPTY} when none. */
    public SessionContext sessionContext() {
        return sessionContext;
    }

    /** The tools the tool scorers judge against, if declared for this case. */
    public Optional<List<ToolSpec>> tools() {
        return Optional.ofNullable(tools);
    }

    /** The wall-clock bound of the whole case, if set. */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /**
     * The agent payload of this case (the harness dialect's {@code agent}: what an agent client
     * that creates agents creates); empty when none. May contain {@code {{placeholders}}}.
     */
    public Map<String, Object> agent() {
        return agent;
    }

    /** An existing agent to talk to, overriding {@link #agent()}; may contain placeholders. */
    public Optional<String> agentId() {
        return Optional.ofNullable(agentId);
    }

    /**
     * How many times the case runs, each time on a fresh session, if set for this case; it wins
     * over the suite's {@link Suite#repeat()} and the runner's default.
     */
    public Optional<Integer> repeat() {
        return Optional.ofNullable(repeat);
    }

    /**
     * The share of attempts (0 excluded, up to 1) that must pass for the case to pass, if set for
     * this case; it wins over the suite's {@link Suite#passThreshold()}. Without either, every
     * attempt must pass.
     */
    public Optional<Double> passThreshold() {
        return Optional.ofNullable(passThreshold);
    }

    /**
     * This case's own variables by name, in declaration order (the harness dialect's eval
     * {@code variables}); they win over the suite's, and a turn's own win over them. Never null,
     * usually empty.
     */
    public Map<String, Variable> variables() {
        return variables;
    }

    /**
     * The simulated user that replaces the scripted turns, if the case is simulated; then
     * {@link #turns()} is empty.
     */
    public Optional<Simulation> simulation() {
        return Optional.ofNullable(simulation);
    }

    /**
     * The scorers of the whole conversation, run once after its last turn with the whole
     * transcript (goal completion, knowledge retention, role adherence); never null, usually empty.
     */
    public List<ScorerSpec> conversationScorers() {
        return conversationScorers;
    }

    /**
     * This case's own tool mocks, for each of its turns: a turn's own win over them, and they win
     * over the suite's (see {@link ToolMock}); never null, usually empty.
     */
    public List<ToolMock> mocks() {
        return mocks;
    }

    /**
     * Every scorer spec of the case: each scripted turn's, a simulation's per-turn ones and the
     * conversation's; never null.
     */
    public List<ScorerSpec> allScorers() {
        List<ScorerSpec> all = new ArrayList<>();
        turns.forEach(t -> all.addAll(t.scorers()));
        if (simulation != null) {
            all.addAll(simulation.turnScorers());
        }
        all.addAll(conversationScorers);
        return List.copyOf(all);
    }

    /** True when no turn has any scorer (and neither the simulation nor the conversation has any). */
    public boolean hasNoScorers() {
        return turns.stream().allMatch(t -> t.scorers().isEmpty())
                && (simulation == null || simulation.turnScorers().isEmpty()) && conversationScorers.isEmpty();
    }

    /** A builder holding this case's values. */
    public Builder toBuilder() {
        Builder b = new Builder(id);
        b.tags.addAll(tags);
        b.expectPass = expectPass;
        b.answerRequired = answerRequired;
        turns.forEach(t -> b.turns.add(t.toBuilder()));
        b.sessionContext = sessionContext;
        b.tools = tools;
        b.timeout = timeout;
        b.agent = agent;
        b.agentId = agentId;
        b.repeat = repeat;
        b.passThreshold = passThreshold;
        b.variables.putAll(variables);
        b.simulation = simulation;
        b.conversationScorers.addAll(conversationScorers);
        b.mocks.addAll(mocks);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Case c && id.equals(c.id) && tags.equals(c.tags) && expectPass == c.expectPass
                && answerRequired == c.answerRequired && turns.equals(c.turns) && sessionContext.equals(c.sessionContext)
                && Objects.equals(tools, c.tools) && Objects.equals(timeout, c.timeout)
                && agent.equals(c.agent) && Objects.equals(agentId, c.agentId)
                && Objects.equals(repeat, c.repeat) && Objects.equals(passThreshold, c.passThreshold)
                && variables.equals(c.variables) && Objects.equals(simulation, c.simulation)
                && conversationScorers.equals(c.conversationScorers) && mocks.equals(c.mocks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, tags, expectPass, answerRequired, turns, sessionContext, tools, timeout, agent, agentId, repeat,
                passThreshold, variables, simulation, conversationScorers, mocks);
    }

    @Override
    public String toString() {
        return "Case[" + id + " tags=" + tags + (simulation == null ? " turns=" + turns.size() : " simulated") + (expectPass ? "" : " expectPass=false")
                + (answerRequired ? "" : " answerRequired=false") + "]";
    }

    /** Fluent builder of a {@link Case}; {@link #build()} validates with messages naming the case. */
    public static final class Builder {
        private final String id;
        private final Set<String> tags = new LinkedHashSet<>();
        private boolean expectPass = true;
        private boolean answerRequired = true;
        private final List<Turn.Builder> turns = new ArrayList<>();
        private SessionContext sessionContext = SessionContext.EMPTY;
        private List<ToolSpec> tools;
        private Duration timeout;
        private Map<String, Object> agent = Map.of();
        private String agentId;
        private Integer repeat;
        private Double passThreshold;
        private final Map<String, Variable> variables = new LinkedHashMap<>();
        private Simulation simulation;
        private final List<ScorerSpec> conversationScorers = new ArrayList<>();
        private final List<ToolMock> mocks = new ArrayList<>();

        private Builder(String id) {
            Checks.requireNonNull(id, "case id");
            if (id.isBlank()) {
                throw new IllegalArgumentException("case id must not be blank");
            }
            this.id = id;
        }

        /** Adds tags. */
        public Builder tag(String... tags) {
            for (String t : tags) {
                Checks.requireNonNull(t, "case '" + id + "': tag");
                if (t.isBlank()) {
                    throw new IllegalArgumentException("case '" + id + "': tag must not be blank");
                }
                this.tags.add(t);
            }
            return this;
        }

        /** Adds tags. */
        public Builder tags(List<String> tags) {
            return tag(tags.toArray(String[]::new));
        }

        /** Whether the scorers are expected to pass (default true). */
        public Builder expectPass(boolean expectPass) {
            this.expectPass = expectPass;
            return this;
        }

        /**
         * Whether a case without scorers checks that the agent answered every turn (default true).
         * {@code answerRequired(false)} leaves it to the state guard alone, as a harness eval
         * without expectations: {@code Case.id("smoke").answerRequired(false).turn(Turn.of("Hi"))}.
         * A case with scorers is judged by them either way.
         */
        public Builder answerRequired(boolean answerRequired) {
            this.answerRequired = answerRequired;
            return this;
        }

        /** Appends a turn. */
        public Builder turn(Turn.Builder turn) {
            turns.add(Checks.requireNonNull(turn, "case '" + id + "': turn"));
            return this;
        }

        /** Appends a turn. */
        public Builder turn(Turn turn) {
            return turn(Checks.requireNonNull(turn, "case '" + id + "': turn").toBuilder());
        }

        /** Appends a turn sending {@code text} with the given scorers. */
        public Builder turn(String text, ScorerSpec... scorers) {
            return turn(Turn.of(text).expect(scorers));
        }

        /** The session context for this case. */
        public Builder sessionContext(SessionContext sessionContext) {
            this.sessionContext = Checks.requireNonNull(sessionContext, "case '" + id + "': sessionContext");
            return this;
        }

        /** The tools the tool scorers judge against. Must not be empty. */
        public Builder tools(List<ToolSpec> tools) {
            Checks.requireNonNull(tools, "case '" + id + "': tools");
            if (tools.isEmpty()) {
                throw new IllegalArgumentException("case '" + id + "': tools must not be empty");
            }
            this.tools = List.copyOf(tools);
            return this;
        }

        /** The tools the tool scorers judge against. */
        public Builder tools(ToolSpec... tools) {
            return tools(List.of(tools));
        }

        /** A wall-clock bound for the whole case; it must be positive. */
        public Builder timeout(Duration timeout) {
            Checks.requireNonNull(timeout, "case '" + id + "': timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("case '" + id + "': timeout must be > 0 but was " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** The agent payload to create an agent from (clients that create agents use it). */
        public Builder agent(Map<String, ?> agent) {
            this.agent = JsonValues.copyMap(Checks.requireNonNull(agent, "case '" + id + "': agent"),
                    "case '" + id + "': agent");
            return this;
        }

        /** An existing agent to talk to; wins over {@link #agent(Map)}. */
        public Builder agentId(String agentId) {
            this.agentId = Checks.requireNonBlank(agentId, "case '" + id + "': agentId");
            return this;
        }

        /**
         * Runs the case this many times, each on a fresh session (default: the suite's, else the
         * runner's). Must be >= 1.
         */
        public Builder repeat(int repeat) {
            if (repeat < 1) {
                throw new IllegalArgumentException("case '" + id + "': repeat must be >= 1 but was " + repeat);
            }
            this.repeat = repeat;
            return this;
        }

        /**
         * The case passes when at least this share of its attempts pass, e.g. {@code 0.8} for 4 of
         * 5 (default: the suite's, else 1, every attempt). Must be in (0, 1].
         */
        public Builder passThreshold(double passThreshold) {
            this.passThreshold = Suite.checkPassThreshold(passThreshold, "case '" + id + "': passThreshold");
            return this;
        }

        /**
         * Declares a variable for {@code {{name}}} placeholders in this case's turns, agent payload,
         * agent id and scorers; it wins over a suite's variable of the same name, and a turn's own
         * wins over it.
         */
        public Builder variable(String name, Variable variable) {
            Checks.putVariable(variables, name, variable, "case '" + id + "': ");
            return this;
        }

        /**
         * Replaces the scripted turns with a simulated user; a case has either turns or a
         * simulation, never both.
         */
        public Builder simulate(Simulation simulation) {
            this.simulation = Checks.requireNonNull(simulation, "case '" + id + "': simulate");
            return this;
        }

        /** Replaces the scripted turns with a simulated user built from {@code simulation}. */
        public Builder simulate(Simulation.Builder simulation) {
            Checks.requireNonNull(simulation, "case '" + id + "': simulate");
            try {
                return simulate(simulation.build());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("case '" + id + "': " + e.getMessage(), e);
            }
        }

        /** Adds scorers of the whole conversation, run once after its last turn. */
        public Builder expectConversation(ScorerSpec... scorers) {
            for (ScorerSpec s : scorers) {
                conversationScorers.add(Checks.requireNonNull(s, "case '" + id + "': conversation scorer"));
            }
            return this;
        }

        /** Adds scorers of the whole conversation. */
        public Builder expectConversation(List<ScorerSpec> scorers) {
            return expectConversation(scorers.toArray(ScorerSpec[]::new));
        }

        /**
         * Adds tool mocks for every turn of this case (a simulated one's too): a turn's own win
         * over them, and they win over the suite's.
         * {@code Case.id("busy").mocks(ToolMock.returning("find_slot", "none free"))}.
         */
        public Builder mocks(ToolMock... mocks) {
            ToolMock.addTo(this.mocks, mocks, "case '" + id + "'");
            return this;
        }

        /** Adds tool mocks for every turn of this case. */
        public Builder mocks(List<ToolMock> mocks) {
            return mocks(Checks.requireNonNull(mocks, "case '" + id + "': mocks").toArray(ToolMock[]::new));
        }

        /**
         * Builds the case.
         *
         * @throws IllegalArgumentException naming the case (and turn) when it is invalid
         */
        public Case build() {
            if (simulation != null && !turns.isEmpty()) {
                throw new IllegalArgumentException("case '" + id + "': has both scripted turns and simulate;"
                        + " a simulated user replaces the turns: give one");
            }
            if (turns.isEmpty() && simulation == null) {
                throw new IllegalArgumentException("case '" + id + "': needs at least one turn");
            }
            List<Turn> built = new ArrayList<>(turns.size());
            for (int i = 0; i < turns.size(); i++) {
                try {
                    built.add(turns.get(i).build());
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("case '" + id + "' turn " + (i + 1) + ": " + e.getMessage(), e);
                }
            }
            return new Case(this, built);
        }
    }
}
