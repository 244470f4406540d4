package dev.agenteval.common.text;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean" suggestions by edit distance, ignoring case, '_' and '-'. Bounded whatever the
 * input: a string longer than {@link #MAX_LENGTH} gets no suggestion (it is no typo of a short
 * name), at most {@link #MAX_CANDIDATES} candidates are compared, and each comparison keeps three
 * rows of the distance table and stops as soon as the distance exceeds what counts as a typo.
 *
 * <p>The one did-you-mean of agent-eval: the YAML loader and the agent clients' settings
 * ({@code dev.agenteval.http.settings.ProviderSettings}) and the provider registry ({@code --protocol},
 * {@code --format}, scorer types, judges) use it (each keeps its own wording
 * around the suggestion). Exported only to agent-eval's modules.
 */
public final class Suggestions {

    /** The longest input (and candidate) compared; longer strings get no suggestion. */
    static final int MAX_LENGTH = 64;
    /** The most candidates compared for one input. */
    static final int MAX_CANDIDATES = 500;
    /** The largest edit distance that counts as a typo. */
    private static final int MAX_DISTANCE = 3;

    private Suggestions() {
    }

    /** The candidate closest to {@code input}, if one is close enough to be a likely typo. */
    public static Optional<String> closest(String input, Collection<String> candidates) {
        if (input.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String in = normalize(input);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int compared = 0;
        for (String candidate : candidates) {
            if (compared++ >= MAX_CANDIDATES) {
                break;
            }
            if (candidate.length() > MAX_LENGTH) {
                continue;
            }
            String c = normalize(candidate);
            int d = distance(in, c, MAX_DISTANCE);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        if (best == null || best.equals(input)) {
            return Optional.empty();
        }
        int limit = Math.max(1, Math.min(MAX_DISTANCE, Math.max(in.length(), normalize(best).length()) / 3));
        if (bestDistance <= limit) {
            return Optional.of(best);
        }
        // An abbreviation such as 'desc' for 'description'.
        if (in.length() >= 3) {
            compared = 0;
            for (String candidate : candidates) {
                if (compared++ >= MAX_CANDIDATES) {
                    break;
                }
                if (normalize(candidate).startsWith(in)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** {@code " — did you mean 'x'?"}, or empty. */
    public static String didYouMean(String input, Collection<String> candidates) {
        return closest(input, candidates).map(s -> " — did you mean '" + s + "'?").orElse("");
    }

    private static String normalize(String s) {
        return s.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions, transpositions. */
    static int distance(String a, String b) {
        return distance(a, b, Integer.MAX_VALUE - 1);
    }

    /**
     * The optimal string alignment distance of {@code a} and {@code b}, or {@code max + 1} as soon
     * as it is known to exceed {@code max}. Memory is three rows of {@code b.length() + 1}.
     */
    static int distance(String a, String b, int max) {
        if (Math.abs(a.length() - b.length()) > max) {
            return max + 1;
        }
        int n = b.length();
        int[] previous2 = new int[n + 1];
        int[] previous = new int[n + 1];
        int[] current = new int[n + 1];
        for (int j = 0; j <= n; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            int rowMin = current[0];
            for (int j = 1; j <= n; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, previous2[j - 2] + 1);
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > max) {
                return max + 1;
            }
            int[] recycled = previous2;
            previous2 = previous;
            previous = current;
            current = recycled;
        }
        return Math.min(previous[n], max + 1);
    }
}
