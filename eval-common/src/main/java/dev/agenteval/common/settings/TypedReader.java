package dev.agenteval.common.settings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What agent-eval's typed readers of named values share: the problems found so far, kept in
 * order so that every one is reported at once, and the names the reader knows, against which
 * the names it was given are checked. {@code dev.agenteval.http.settings.ProviderSettings} (a provider's string
 * settings) builds on it and decides when the problems are raised. (Scorer parameters are read by
 * the public {@code dev.agenteval.spi.ScorerParams}, which lives in the JDK-only eval-api.)
 *
 * @param <P> one problem: a sentence, or a sentence with where it is
 */
public abstract class TypedReader<P> {

    private final List<P> problems = new ArrayList<>();
    private final Set<String> known;

    /**
     * @param known the names known from the start, in the order they are listed; the reader may
     *              add more with {@link #know}, so pass a mutable set when it does
     */
    protected TypedReader(Set<String> known) {
        this.known = known;
    }

    /** The problems found so far, in order. */
    public final List<P> problems() {
        return Collections.unmodifiableList(problems);
    }

    /** Records a problem. */
    protected final void add(P problem) {
        problems.add(problem);
    }

    /** Replaces the problem at {@code index} (of {@link #problems()}). */
    protected final void replace(int index, P problem) {
        problems.set(index, problem);
    }

    /** Adds {@code name} to the known names. */
    protected final void know(String name) {
        known.add(name);
    }

    /** True when {@code name} is one the reader accepts. */
    protected boolean knows(String name) {
        return known.contains(name);
    }

    /** The known names, in their order. */
    protected final Set<String> known() {
        return Collections.unmodifiableSet(known);
    }

    /** Records {@code problem} of every name in {@code names}, in their order, that the reader does not {@link #knows know}. */
    protected final void rejectUnknown(Collection<String> names, Function<String, P> problem) {
        for (String name : names) {
            if (!knows(name)) {
                add(problem.apply(name));
            }
        }
    }
}
