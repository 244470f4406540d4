package dev.agenteval.yaml.internal;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The scorer type ids a suite may use: the judge scorers, which are always accepted (the judge
 * module registers their factories and its absence is the runner's concern), and every type
 * registered with {@link Providers}. Validates specs with their factory's own rules.
 */
public final class ScorerCatalog {

    /** Judge scorer ids accepted without a registered factory; the loader checks their parameters. */
    public static final List<String> JUDGE_IDS = List.of(
            "correctness", "faithfulness", "toolSelection", "toolInvocation", "expected_output_text", "rubric");

    private final Providers providers;

    public ScorerCatalog(Providers providers) {
        this.providers = providers;
    }

    /** Every known type id, sorted. */
    public Set<String> knownIds() {
        Set<String> ids = new TreeSet<>(JUDGE_IDS);
        ids.addAll(providers.scorerIds());
        return ids;
    }

    /** The registered factory for a type id, if any. */
    public Optional<ScorerFactory> factory(String type) {
        return providers.findScorer(type);
    }

    /** The message for a type id that is neither a judge scorer nor registered. */
    public String unknownType(String type) {
        Set<String> known = knownIds();
        return "unknown scorer type " + Problems.quote(type) + Suggestions.didYouMean(type, known)
                + " (known: " + String.join(", ", known) + ")";
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
        List<ScorerProblem> found;
        try {
            found = factory.get().problems(spec);
        } catch (RuntimeException e) {
            found = List.of(ScorerProblem.of("could not be validated: the scorer's factory failed ("
                    + Problems.shorten(String.valueOf(e.getMessage())) + ")"));
        }
        for (ScorerProblem problem : found) {
            List<Object> path = problem.parameter();
            if (atIsTheParameter && !path.isEmpty()) {
                path = path.subList(1, path.size());
            }
            at.errorAt(path, "scorer '" + spec.type() + "': " + problem.message());
        }
        return found.isEmpty();
    }
}
