package dev.agenteval.yaml.internal;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" suggestions by edit distance, ignoring case, '_' and '-'. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The candidate closest to {@code input}, if one is close enough to be a likely typo. */
    public static Optional<String> closest(String input, Collection<String> candidates) {
        String in = normalize(input);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            String c = normalize(candidate);
            int d = distance(in, c);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        if (best == null || best.equals(input)) {
            return Optional.empty();
        }
        int limit = Math.max(1, Math.min(3, Math.max(in.length(), normalize(best).length()) / 3));
        if (bestDistance <= limit) {
            return Optional.of(best);
        }
        // An abbreviation such as 'desc' for 'description'.
        if (in.length() >= 3) {
            for (String candidate : candidates) {
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
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
