package dev.agenteval.core.internal.scorers;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape of every built-in factory: one {@link #parse} reads the parameters into an immutable
 * configuration, so {@link #validate} and {@link #create} can never disagree about what is valid.
 *
 * @param <C> the parsed configuration
 */
abstract class BuiltInScorerFactory<C> implements ScorerFactory {

    private final String id;

    BuiltInScorerFactory(String id) {
        this.id = id;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final List<String> validate(ScorerSpec spec) {
        return problems(spec).stream().map(ScorerProblem::message).toList();
    }

    /** The problems of {@link #validate}, each with the parameter it is about. */
    @Override
    public final List<ScorerProblem> problems(ScorerSpec spec) {
        Params params = new Params(spec);
        parse(params);
        params.rejectUnknown();
        return List.copyOf(params.problems());
    }

    /** @throws ConfigurationException listing every problem when the spec is invalid */
    @Override
    public final Scorer create(ScorerSpec spec) {
        Params params = new Params(spec);
        C config = parse(params);
        params.rejectUnknown();
        if (!params.problems().isEmpty()) {
            List<String> problems = new ArrayList<>();
            for (String p : params.messages()) {
                problems.add("scorer '" + id + "': " + p);
            }
            throw new ConfigurationException(problems);
        }
        return scorer(config);
    }

    /** Reads the parameters, recording problems in {@code params}; the result is unused when there are any. */
    abstract C parse(Params params);

    /** A thread-safe scorer for a valid configuration. */
    abstract Scorer scorer(C config);
}
