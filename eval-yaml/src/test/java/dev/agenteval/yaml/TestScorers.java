package dev.agenteval.yaml;

import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import java.util.ArrayList;
import java.util.List;

/** Scorer factories standing in for plugins, with validation messages the tests can assert. */
final class TestScorers {

    private TestScorers() {
    }

    /**
     * A registry with a {@code contains} and a {@code must_include} plugin, and stand-ins for the
     * judge module's scorers (which eval-yaml's tests do not have on the class path).
     */
    static Providers providers() {
        return withJudgeScorers(Providers.empty().withScorer(new ValuesFactory("contains"))
                .withScorer(new ValuesFactory("must_include")));
    }

    /**
     * {@code providers} with stand-ins for the judge module's scorers, declaring the same text
     * parameters and tools as eval-judge's factories but checking nothing else.
     */
    static Providers withJudgeScorers(Providers providers) {
        for (ScorerFactory f : StandInJudgeScorers.all()) {
            providers = providers.withScorer(f);
        }
        return providers;
    }

    /** A loader using {@link #providers()}. */
    static SuiteLoader loader() {
        return SuiteLoader.builder().providers(providers()).build();
    }

    /**
     * Accepts {@code values} (a non-empty list of strings) and {@code ignoreCase}. Reports its
     * problems as a plugin may: each with the parameter it is about, where there is one.
     */
    static final class ValuesFactory implements ScorerFactory {
        private final String id;

        ValuesFactory(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public List<ScorerProblem> problems(ScorerSpec spec) {
            List<ScorerProblem> problems = new ArrayList<>();
            if (!(spec.params().get("values") instanceof List<?> values) || values.isEmpty()) {
                problems.add(ScorerProblem.of("needs at least one value in 'values'"));
            } else {
                for (int i = 0; i < values.size(); i++) {
                    if (!(values.get(i) instanceof String)) {
                        problems.add(ScorerProblem.at("value " + (i + 1) + " is not a string", "values", i));
                    }
                }
            }
            for (String key : spec.params().keySet()) {
                if (!key.equals("values") && !key.equals("ignoreCase")) {
                    problems.add(ScorerProblem.at("unknown parameter '" + key + "'", key));
                }
            }
            return problems;
        }

        @Override
        public List<String> validate(ScorerSpec spec) {
            return problems(spec).stream().map(ScorerProblem::message).toList();
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }
}
