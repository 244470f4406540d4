package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A named set of cases plus suite-wide defaults: variables for {@code {{placeholders}}}, a
 * default concurrency, a default case timeout, and how often cases run and how many of those
 * runs must pass ({@link #repeat()}, {@link #passThreshold()}).
 *
 * <pre>{@code
 * Suite suite = Suite.named("support")
 *     .variable("tenant", Variable.literal("acme"))
 *     .add(Case.id("greeting").turn(Turn.of("Hi").expect(contains("hello"))))
 *     .build();
 * }</pre>
 */
@API(status = STABLE)
public final class Suite {

    private final String name;
    private final List<Case> cases;
    private final Map<String, Variable> variables;
    private final Integer concurrency;
    private final Duration timeout;
    private final Integer repeat;
    private final Double passThreshold;
    private final List<ToolMock> mocks;
    private final boolean toolMocksRequired;

    private Suite(Builder b) {
        this.name = b.name;
        this.cases = List.copyOf(b.cases);
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(b.variables));
        this.concurrency = b.concurrency;
        this.timeout = b.timeout;
        this.repeat = b.repeat;
        this.passThreshold = b.passThreshold;
        this.mocks = List.copyOf(b.mocks);
        this.toolMocksRequired = b.toolMocksRequired;
    }

    /** Starts a suite. */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** The suite name; never blank. */
    public String name() {
        return name;
    }

    /** The cases in declaration order; never null. */
    public List<Case> cases() {
        return cases;
    }

    /** The variables by name, in declaration order; never null. */
    public Map<String, Variable> variables() {
        return variables;
    }

    /** The suite's default concurrency, if set (a runner setting wins). */
    public Optional<Integer> concurrency() {
        return Optional.ofNullable(concurrency);
    }

    /** The default case timeout, if set (a case's own timeout wins). */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /**
     * How many times each case runs, if set: a case's own {@link Case#repeat()} wins; this wins
     * over the runner's default.
     */
    public Optional<Integer> repeat() {
        return Optional.ofNullable(repeat);
    }

    /**
     * The share of attempts that must pass for a case to pass, if set: a case's own
     * {@link Case#passThreshold()} wins. Without either, every attempt must pass.
     */
    public Optional<Double> passThreshold() {
        return Optional.ofNullable(passThreshold);
    }

    /**
     * The tool mocks of every case, the least specific level: a case's and a turn's own win over
     * them (see {@link ToolMock}); never null, usually empty.
     */
    public List<ToolMock> mocks() {
        return mocks;
    }

    /**
     * True when every tool call must be answered by a mock: an unmocked call is not executed and
     * fails its turn's {@code tools_mocked} check. False by default.
     */
    public boolean toolMocksRequired() {
        return toolMocksRequired;
    }

    /** The case with this id, if any. */
    public Optional<Case> find(String caseId) {
        return cases.stream().filter(c -> c.id().equals(caseId)).findFirst();
    }

    /** A builder holding this suite's values. */
    public Builder toBuilder() {
        Builder b = new Builder(name);
        cases.forEach(b::add);
        b.variables.putAll(variables);
        b.concurrency = concurrency;
        b.timeout = timeout;
        b.repeat = repeat;
        b.passThreshold = passThreshold;
        b.mocks.addAll(mocks);
        b.toolMocksRequired = toolMocksRequired;
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Suite s && name.equals(s.name) && cases.equals(s.cases)
                && variables.equals(s.variables) && Objects.equals(concurrency, s.concurrency)
                && Objects.equals(timeout, s.timeout) && Objects.equals(repeat, s.repeat)
                && Objects.equals(passThreshold, s.passThreshold) && mocks.equals(s.mocks)
                && toolMocksRequired == s.toolMocksRequired;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, cases, variables, concurrency, timeout, repeat, passThreshold, mocks, toolMocksRequired);
    }

    /** Checks that a pass threshold is in (0, 1]; the message names {@code field}. */
    static double checkPassThreshold(double threshold, String field) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException(field + " must be > 0 and <= 1 but was " + threshold);
        }
        return threshold;
    }

    @Override
    public String toString() {
        return "Suite[" + name + " cases=" + cases.size() + "]";
    }

    /** Fluent builder of a {@link Suite}. */
    public static final class Builder {
        private final String name;
        private final List<Case> cases = new ArrayList<>();
        private final Set<String> ids = new HashSet<>();
        private final Map<String, Variable> variables = new LinkedHashMap<>();
        private Integer concurrency;
        private Duration timeout;
        private Integer repeat;
        private Double passThreshold;
        private final List<ToolMock> mocks = new ArrayList<>();
        private boolean toolMocksRequired;

        private Builder(String name) {
            this.name = Checks.requireNonBlank(name, "suite name");
        }

        /** Adds a case; its id must be unique in the suite. */
        public Builder add(Case aCase) {
            Checks.requireNonNull(aCase, "case");
            if (!ids.add(aCase.id())) {
                throw new IllegalArgumentException("suite '" + name + "': duplicate case id '" + aCase.id() + "'");
            }
            cases.add(aCase);
            return this;
        }

        /** Builds and adds a case. */
        public Builder add(Case.Builder aCase) {
            return add(Checks.requireNonNull(aCase, "case").build());
        }

        /**
         * Declares a variable for {@code {{name}}} placeholders in every case; a case's or a turn's
         * own variable of the same name wins.
         */
        public Builder variable(String name, Variable variable) {
            Checks.putVariable(variables, name, variable, "");
            return this;
        }

        /** The default number of cases in flight; must be >= 1. */
        public Builder concurrency(int concurrency) {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be >= 1 but was " + concurrency);
            }
            this.concurrency = concurrency;
            return this;
        }

        /** The default case timeout; must be positive. */
        public Builder timeout(Duration timeout) {
            Checks.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be > 0 but was " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** Runs each case this many times on fresh sessions, unless the case sets its own. Must be >= 1. */
        public Builder repeat(int repeat) {
            if (repeat < 1) {
                throw new IllegalArgumentException("repeat must be >= 1 but was " + repeat);
            }
            this.repeat = repeat;
            return this;
        }

        /**
         * A case passes when at least this share of its attempts pass, unless the case sets its own
         * (default 1: every attempt). Must be in (0, 1].
         */
        public Builder passThreshold(double passThreshold) {
            this.passThreshold = checkPassThreshold(passThreshold, "passThreshold");
            return this;
        }

        /**
         * Adds tool mocks for every case, the least specific level: a case's and a turn's own win
         * over them. {@code Suite.named("s").mocks(ToolMock.returning("book", Map.of("id", 7)))}.
         */
        public Builder mocks(ToolMock... mocks) {
            ToolMock.addTo(this.mocks, mocks, "suite '" + name + "'");
            return this;
        }

        /** Adds tool mocks for every case. */
        public Builder mocks(List<ToolMock> mocks) {
            return mocks(Checks.requireNonNull(mocks, "mocks").toArray(ToolMock[]::new));
        }

        /**
         * Every tool call must be answered by a mock: an unmocked call is not executed and fails its
         * turn's {@code tools_mocked} check, naming the tool.
         */
        public Builder requireToolMocks() {
            this.toolMocksRequired = true;
            return this;
        }

        /** Builds the suite. */
        public Suite build() {
            return new Suite(this);
        }
    }
}
