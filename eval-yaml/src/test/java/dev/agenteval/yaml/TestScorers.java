package dev.agenteval.yaml;

import dev.agenteval.api.ScoreResult;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
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

    /** The problems loading {@code file} with {@link #loader()} reports; it must fail. */
    static java.util.List<String> loadProblems(java.nio.file.Path file) {
        dev.agenteval.api.ConfigurationException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                dev.agenteval.api.ConfigurationException.class, () -> loader().load(file));
        org.assertj.core.api.Assertions.assertThat(e).as("loading %s must fail", file).isNotNull();
        return e.problems();
    }

    /**
     * Accepts {@code values} (a non-empty list of strings) and {@code ignoreCase}, read as a
     * plugin reads them: with the public {@link ScorerParams}, each problem at its parameter.
     */
    static final class ValuesFactory extends TypedScorerFactory<List<String>> {

        ValuesFactory(String id) {
            super(id);
        }

        @Override
        protected List<String> parse(ScorerParams params) {
            if (params.value("values").orElse(null) instanceof List<?> l && l.isEmpty()) {
                // a problem about the spec as a whole, which the loader reports at the scorer
                params.problem("needs at least one value in 'values'");
                params.flag("ignoreCase", false);
                return List.of();
            }
            List<String> values = params.strings("values");
            params.flag("ignoreCase", false);
            return values;
        }

        @Override
        protected Scorer scorer(List<String> values) {
            return ctx -> ScoreResult.class.cast(null);
        }
    }
}
