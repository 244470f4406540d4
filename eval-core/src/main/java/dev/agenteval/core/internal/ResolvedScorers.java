package dev.agenteval.core.internal;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The scorer specs of a run, each turned into its scorer once: the factory of a distinct spec is
 * asked to validate it and to create its scorer once, whatever number of cases, turns and attempts
 * use it, and whether a scorer type needs a judge is asked once. Specs are told apart by value
 * ({@link ScorerSpec#equals}) once their {@code {{placeholders}}} are resolved: the runner resolves
 * the placeholders of scorer parameters per case and turn first (from the variables in scope) and
 * then asks for the resolved spec, so a spec that resolves to the same value in several cases,
 * turns or attempts is resolved once, and one that resolves to different values is resolved once
 * for each of them.
 *
 * <p>Filled by one thread while a run is prepared. {@link #snapshot()} keeps the specs that
 * resolved to a scorer, for a later run over the same registry ({@link #reusing}): the pre-run
 * check and the run then share their scorers.
 */
public final class ResolvedScorers {

    /**
     * What one spec resolved to.
     *
     * @param factory  its factory; null for an inline spec or an unknown type
     * @param problems the factory's problems with the spec; empty when valid
     * @param scorer   the scorer; null when the type is unknown, the spec invalid or creating it failed
     * @param failure  why creating it failed (the factory's message), or null
     */
    record Resolution(ScorerFactory factory, List<String> problems, Scorer scorer, String failure) {

        boolean valid() {
            return problems.isEmpty() && failure == null;
        }
    }

    private final Providers providers;
    private final Map<ScorerSpec, Resolution> bySpec;
    private final Map<String, Boolean> judgedTypes;

    private ResolvedScorers(Providers providers, Map<ScorerSpec, Resolution> bySpec, Map<String, Boolean> judgedTypes) {
        this.providers = providers;
        this.bySpec = bySpec;
        this.judgedTypes = judgedTypes;
    }

    /** Nothing resolved yet, over {@code providers}. */
    public static ResolvedScorers over(Providers providers) {
        return new ResolvedScorers(Objects.requireNonNull(providers, "providers"), new HashMap<>(), new HashMap<>());
    }

    /**
     * Over {@code providers}, starting from what {@code earlier} (a {@link #snapshot()}, nullable)
     * resolved when it was over the same registry: a {@link Providers} never changes, so its
     * factories, their scorers and their answers still hold.
     */
    public static ResolvedScorers reusing(Providers providers, ResolvedScorers earlier) {
        ResolvedScorers scorers = over(providers);
        if (earlier != null && earlier.providers == providers) {
            scorers.bySpec.putAll(earlier.bySpec);
            scorers.judgedTypes.putAll(earlier.judgedTypes);
        }
        return scorers;
    }

    /** The registry the specs are resolved against. */
    public Providers providers() {
        return providers;
    }

    /** What {@code spec} resolves to, worked out the first time it is asked. */
    Resolution resolve(ScorerSpec spec) {
        Resolution known = bySpec.get(spec);
        if (known != null) {
            return known;
        }
        Resolution r;
        if (spec.inline().isPresent()) {
            r = new Resolution(null, List.of(), spec.inline().get(), null);
        } else {
            ScorerFactory factory = providers.findScorer(spec.type()).orElse(null);
            if (factory == null) {
                r = new Resolution(null, List.of(), null, null);
            } else {
                List<String> problems = List.copyOf(factory.validate(spec));
                r = problems.isEmpty() ? create(factory, spec) : new Resolution(factory, problems, null, null);
            }
        }
        bySpec.put(spec, r);
        return r;
    }

    private static Resolution create(ScorerFactory factory, ScorerSpec spec) {
        try {
            return new Resolution(factory, List.of(), factory.create(spec), null);
        } catch (RuntimeException e) {
            return new Resolution(factory, List.of(), null, String.valueOf(e.getMessage()));
        }
    }

    /**
     * Whether {@code spec} needs a judge, as {@link Providers#needsJudge(ScorerSpec)} answers it,
     * asking each scorer type's factory once.
     */
    boolean needsJudge(ScorerSpec spec) {
        if (spec.inline().isPresent()) {
            return false;
        }
        return judgedTypes.computeIfAbsent(spec.type(),
                type -> providers.findScorer(type).map(ScorerFactory::needsJudge).orElse(false));
    }

    /** The specs that resolved to a scorer, unchangeable, to be {@linkplain #reusing reused}. */
    public ResolvedScorers snapshot() {
        Map<ScorerSpec, Resolution> kept = new HashMap<>();
        bySpec.forEach((spec, r) -> {
            if (r.valid() && r.scorer() != null) {
                kept.put(spec, r);
            }
        });
        return new ResolvedScorers(providers, Map.copyOf(kept), Map.copyOf(judgedTypes));
    }
}
