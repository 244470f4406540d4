package dev.agenteval.yaml.internal;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import dev.agenteval.common.text.Suggestions;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The scorer type ids a suite may use: every type registered with {@link Providers} (the judge
 * scorers are registered by the judge module like any plugin). Validates specs with their
 * factory's own rules and tells the platform dialect how a factory's short form reads
 * ({@link ScorerFactory#textParameter()}, {@link ScorerFactory#usesTools()}). One catalog serves
 * one load: a spec written several times is validated once, its problems reported at each place.
 */
public final class ScorerCatalog {

    private final Providers providers;
    private final Map<ScorerSpec, List<ScorerProblem>> validated = new HashMap<>();

    public ScorerCatalog(Providers providers) {
        this.providers = providers;
    }

    /** Every known type id, sorted. */
    public Set<String> knownIds() {
        return new TreeSet<>(providers.scorerIds());
    }

    /** The registered factory for a type id, if any. */
    public Optional<ScorerFactory> factory(String type) {
        return providers.findScorer(type);
    }

    /**
     * The factory's one required text parameter (see {@link ScorerFactory#textParameter()});
     * empty when it has none, names a blank one or fails to answer.
     */
    public Optional<String> textParameter(ScorerFactory factory) {
        try {
            Optional<String> param = factory.textParameter();
            return param == null ? Optional.empty() : param.filter(p -> !p.isBlank());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** True when the registered factory for {@code type} takes tools ({@link ScorerFactory#usesTools()}). */
    public boolean usesTools(String type) {
        return factory(type).map(f -> answer(f::usesTools)).orElse(false);
    }

    /** True when the factory asks a judge ({@link ScorerFactory#needsJudge()}). */
    public boolean needsJudge(ScorerFactory factory) {
        return answer(factory::needsJudge);
    }

    private static boolean answer(java.util.function.BooleanSupplier question) {
        try {
            return question.getAsBoolean();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The message for a type id that is not registered. */
    public String unknownType(String type) {
        return "unknown scorer type " + Problems.quote(type) + providers.unknownScorerTypeHint(type);
    }

    /**
     * The message for a harness {@code expectations} key that is neither one of the dialect's
     * own {@code keys} nor a registered scorer id: a did-you-mean over both, else both listed.
     */
    public String unknownExpectation(String key, List<String> keys) {
        Set<String> known = new LinkedHashSet<>(keys);
        known.addAll(knownIds());
        String hint = Suggestions.didYouMean(key, known);
        return "unknown key " + Problems.quote(key) + (!hint.isEmpty() ? hint : ": neither an expectation ("
                + String.join(", ", keys) + ") nor a scorer type" + providers.unknownScorerTypeHint(key));
    }

    /**
     * Reports the registered factory's problems with {@code spec}, written as the mapping
     * {@code scorer} whose keys are its parameters: a problem about a parameter at that parameter
     * (or the part of it the problem names), any other at {@code scorer}. True when there are
     * none (or no factory is registered).
     */
    public boolean validate(ScorerSpec spec, Node scorer) {
        return validate(spec, scorer, false);
    }

    /**
     * Like {@link #validate(ScorerSpec, Node)} for a spec whose parameters are all written as the
     * one {@code value} (a harness expectation such as {@code jsonpath: [...]}): a problem about
     * a parameter points into {@code value}.
     */
    public boolean validateValue(ScorerSpec spec, Node value) {
        return validate(spec, value, true);
    }

    private boolean validate(ScorerSpec spec, Node at, boolean atIsTheParameter) {
        Optional<ScorerFactory> factory = factory(spec.type());
        if (factory.isEmpty()) {
            return true;
        }
        List<ScorerProblem> found = validated.computeIfAbsent(spec, s -> problems(factory.get(), s));
        for (ScorerProblem problem : found) {
            List<Object> path = problem.parameter();
            if (atIsTheParameter && !path.isEmpty()) {
                path = path.subList(1, path.size());
            }
            at.errorAt(path, "scorer '" + spec.type() + "': " + problem.message());
        }
        return found.isEmpty();
    }

    private static List<ScorerProblem> problems(ScorerFactory factory, ScorerSpec spec) {
        try {
            return factory.problems(spec);
        } catch (RuntimeException e) {
            return List.of(ScorerProblem.of("could not be validated: the scorer's factory failed ("
                    + Problems.shorten(String.valueOf(e.getMessage())) + ")"));
        }
    }
}
