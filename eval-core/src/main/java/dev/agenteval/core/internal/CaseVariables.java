package dev.agenteval.core.internal;

import dev.agenteval.api.Variable;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The variables in scope at one place of one case: the built-ins ({@code today},
 * {@code yesterday}) under the suite's variables, under the case's, under a turn's. A random
 * whole number is drawn once per case and declaration, so every turn of a case sees the same one;
 * an environment variable is read when a placeholder uses it, and reported once when it is unset.
 */
final class CaseVariables {

    /** The names every run knows without a declaration. */
    static final String TODAY = "today";
    static final String YESTERDAY = "yesterday";

    /** What a run shares between its cases: the environment, the built-ins, the draws, the problems. */
    static final class Run {
        private final Function<String, String> environment;
        private final RandomGenerator random;
        private final Map<String, String> builtIns;
        private final Set<String> problems;
        private final Set<String> secrets = new LinkedHashSet<>();

        /**
         * @param environment where {@code env:} variables are read
         * @param clock       the time of the run, for {@code today} and {@code yesterday} (UTC)
         * @param random      where random whole numbers come from
         * @param problems    where unset environment variables are reported (each once)
         */
        Run(Function<String, String> environment, Clock clock, RandomGenerator random, Set<String> problems) {
            this.environment = environment;
            this.random = random;
            this.problems = problems;
            LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
            Map<String, String> b = new LinkedHashMap<>();
            b.put(TODAY, today.toString());
            b.put(YESTERDAY, today.minusDays(1).toString());
            this.builtIns = Collections.unmodifiableMap(b);
        }

        /** The values of the secret variables used so far, and of those {@link #readSecrets} read. */
        Set<String> secrets() {
            return secrets;
        }

        /**
         * Reads the value of every secret literal or set environment variable among
         * {@code variables}, so it is masked even when no placeholder uses it.
         */
        void readSecrets(Collection<Variable> variables) {
            for (Variable v : variables) {
                if (v.secret() && v.source() != Variable.Source.RANDOM_INT) {
                    String value = v.source() == Variable.Source.ENV ? environment.apply(v.value()) : v.value();
                    if (value != null) {
                        secrets.add(value);
                    }
                }
            }
        }

        /** The scope of a case: the built-ins under the suite's variables (problems unprefixed). */
        CaseVariables suite(Map<String, Variable> variables) {
            return new CaseVariables(this, new HashMap<>(), Map.of()).with(variables, "", "suite");
        }

        private long draw(long min, long max) {
            if (max < Long.MAX_VALUE) {
                return random.nextLong(min, max + 1);
            }
            return min > Long.MIN_VALUE ? random.nextLong(min - 1, max) + 1 : random.nextLong();
        }
    }

    /** A declaration in scope: the variable, the prefix of its problems, and its key among the case's draws. */
    private record Declared(Variable variable, String where, String key) {
    }

    private final Run run;
    private final Map<String, String> draws;
    private final Map<String, Declared> declared;

    private CaseVariables(Run run, Map<String, String> draws, Map<String, Declared> declared) {
        this.run = run;
        this.draws = draws;
        this.declared = declared;
    }

    /** A fresh scope for the next case: same declarations, no draws yet. */
    CaseVariables forNewCase() {
        return new CaseVariables(run, new HashMap<>(), declared);
    }

    /**
     * This scope with {@code variables} over it; {@code where} prefixes their problems (such as
     * {@code "case 'c': "}) and {@code layer} tells their draws apart from other layers'.
     */
    CaseVariables with(Map<String, Variable> variables, String where, String layer) {
        if (variables.isEmpty()) {
            return this;
        }
        Map<String, Declared> all = new LinkedHashMap<>(declared);
        variables.forEach((name, v) -> all.put(name, new Declared(v, where, layer + ":" + name)));
        return new CaseVariables(run, draws, all);
    }

    /** The names in scope, declared ones first, for messages. */
    Set<String> names() {
        Set<String> names = new LinkedHashSet<>(declared.keySet());
        names.addAll(run.builtIns.keySet());
        return names;
    }

    /**
     * The values of {@code used} names that have one; a name without a value (undeclared, or an
     * unset environment variable, which is reported) is left out.
     */
    Map<String, String> values(Set<String> used) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : used) {
            String value = value(name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return values;
    }

    private String value(String name) {
        Declared d = declared.get(name);
        if (d == null) {
            return run.builtIns.get(name);
        }
        Variable v = d.variable();
        switch (v.source()) {
            case ENV: {
                String value = run.environment.apply(v.value());
                if (value == null) {
                    run.problems.add(d.where() + "variable '" + name + "': environment variable " + v.value()
                            + " is not set");
                } else if (v.secret()) {
                    run.secrets.add(value);
                }
                return value;
            }
            case RANDOM_INT: {
                String value = draws.computeIfAbsent(d.key(), k -> Long.toString(run.draw(v.min(), v.max())));
                if (v.secret()) {
                    run.secrets.add(value);
                }
                return value;
            }
            default:
                if (v.secret()) {
                    run.secrets.add(v.value());
                }
                return v.value();
        }
    }
}
