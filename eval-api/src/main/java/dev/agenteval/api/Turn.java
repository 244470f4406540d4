package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.spi.Scorer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One turn of a case: a message to the agent and the scorers that judge its response.
 *
 * <pre>{@code
 * Turn.of("What can you help me with?").expect(Scorers.correctness("Describes capabilities"));
 * }</pre>
 *
 * Built with {@link #of(String)} and the fluent {@link Builder}; validated when the case is built.
 */
@API(status = STABLE)
public final class Turn {

    private final String name;
    private final Message input;
    private final List<ScorerSpec> scorers;
    private final Duration delay;
    private final Map<String, Variable> variables;
    private final List<ToolMock> mocks;

    private Turn(Builder b) {
        this.name = b.name;
        this.input = Checks.requireNonNull(b.input, "input");
        this.scorers = List.copyOf(b.scorers);
        this.delay = b.delay;
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(b.variables));
        this.mocks = List.copyOf(b.mocks);
    }

    /** Starts a turn that sends {@code text} as a user message. */
    public static Builder of(String text) {
        Checks.requireNonNull(text, "input");
        if (text.isBlank()) {
            throw new IllegalArgumentException("turn input must not be blank");
        }
        return new Builder(Message.user(text));
    }

    /** Starts a turn that sends {@code message}. */
    public static Builder of(Message message) {
        return new Builder(Checks.requireNonNull(message, "input"));
    }

    /** The step name, if any (the harness dialect's sequential steps have names). */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /** The message sent to the agent; never null. */
    public Message input() {
        return input;
    }

    /** The scorers of this turn, in order; never null, may be empty. */
    public List<ScorerSpec> scorers() {
        return scorers;
    }

    /** The state this turn must end in, from its {@code expected_state} scorer, if any. */
    public Optional<TaskState> expectedState() {
        return scorers.stream()
                .filter(s -> s.type().equals("expected_state"))
                .map(s -> s.params().get("state"))
                .filter(String.class::isInstance)
                .map(s -> TaskState.parse((String) s))
                .findFirst();
    }

    /** How long to wait before sending this turn; {@link Duration#ZERO} by default. */
    public Duration delay() {
        return delay;
    }

    /**
     * This turn's own variables by name, in declaration order (the harness dialect's step
     * {@code variables}); they win over the case's and the suite's for this turn's message and
     * scorers. Never null, usually empty.
     */
    public Map<String, Variable> variables() {
        return variables;
    }

    /**
     * This turn's own tool mocks, the most specific level: they win over the case's and the
     * suite's (see {@link ToolMock}); never null, usually empty.
     */
    public List<ToolMock> mocks() {
        return mocks;
    }

    /** A builder holding this turn's values. */
    public Builder toBuilder() {
        Builder b = new Builder(input);
        b.name = name;
        b.scorers.addAll(scorers);
        b.delay = delay;
        b.variables.putAll(variables);
        b.mocks.addAll(mocks);
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Turn t && Objects.equals(name, t.name) && input.equals(t.input)
                && scorers.equals(t.scorers) && delay.equals(t.delay) && variables.equals(t.variables)
                && mocks.equals(t.mocks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, input, scorers, delay, variables, mocks);
    }

    @Override
    public String toString() {
        return "Turn[" + (name == null ? "" : name + ": ") + input.text() + " " + scorers + "]";
    }

    /** Fluent builder of a {@link Turn}. */
    public static final class Builder {
        private String name;
        private final Message input;
        private final List<ScorerSpec> scorers = new ArrayList<>();
        private Duration delay = Duration.ZERO;
        private final Map<String, Variable> variables = new LinkedHashMap<>();
        private final List<ToolMock> mocks = new ArrayList<>();

        private Builder(Message input) {
            this.input = input;
        }

        /** Names the turn (a sequential step's name). */
        public Builder named(String name) {
            this.name = Checks.requireNonBlank(name, "turn name");
            return this;
        }

        /** Adds scorers. */
        public Builder expect(ScorerSpec... scorers) {
            for (ScorerSpec s : scorers) {
                this.scorers.add(Checks.requireNonNull(s, "scorer"));
            }
            return this;
        }

        /** Adds scorers. */
        public Builder expect(List<ScorerSpec> scorers) {
            return expect(scorers.toArray(ScorerSpec[]::new));
        }

        /** Adds a scorer written in code, reported under {@code name}. */
        public Builder expect(String name, Scorer scorer) {
            return expect(ScorerSpec.inline(name, scorer));
        }

        /** The turn must end in {@code state}; shorthand for {@link Scorers#expectedState}. */
        public Builder expectState(String state) {
            return expect(Scorers.expectedState(state));
        }

        /** Waits this long before sending the turn. */
        public Builder delay(Duration delay) {
            Checks.requireNonNull(delay, "delay");
            if (delay.isNegative()) {
                throw new IllegalArgumentException("delay must be >= 0 but was " + delay);
            }
            this.delay = delay;
            return this;
        }

        /**
         * Declares a variable for {@code {{name}}} placeholders in this turn's message and scorers;
         * it wins over a case's or suite's variable of the same name.
         */
        public Builder variable(String name, Variable variable) {
            Checks.putVariable(variables, name, variable, "");
            return this;
        }

        /**
         * Adds tool mocks for this turn only, the most specific level:
         * {@code Turn.of("Book it").mocks(ToolMock.throwing("book", "calendar down"))}.
         */
        public Builder mocks(ToolMock... mocks) {
            ToolMock.addTo(this.mocks, mocks, "turn");
            return this;
        }

        /** Adds tool mocks for this turn only. */
        public Builder mocks(List<ToolMock> mocks) {
            return mocks(Checks.requireNonNull(mocks, "mocks").toArray(ToolMock[]::new));
        }

        /** Builds the turn. */
        public Turn build() {
            return new Turn(this);
        }
    }
}
