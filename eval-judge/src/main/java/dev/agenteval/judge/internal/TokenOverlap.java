package dev.agenteval.judge.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Token-overlap F1, as in extractive QA evaluation: both texts are lower-cased and split into
 * runs of letters and digits; common English words and evaluation words ({@link #STOP_WORDS})
 * are dropped; the shared count of each token is the smaller of its two counts. Precision is
 * shared / answer tokens, recall is shared / reference tokens, F1 their harmonic mean.
 *
 * @param f1        the F1 in 0..1
 * @param precision shared tokens over the answer's tokens
 * @param recall    shared tokens over the reference's tokens
 * @param shared    the shared tokens, in the reference's order
 * @param missing   the reference's tokens the answer lacks, in order
 */
public record TokenOverlap(double f1, double precision, double recall, List<String> shared, List<String> missing) {

    /** Words that carry no content, dropped from both sides. */
    public static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "the", "and", "or", "but", "if", "then", "of", "to", "in", "on", "at", "by", "for", "with",
            "from", "as", "into", "about", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this",
            "that", "these", "those", "there", "their", "they", "them", "he", "she", "we", "you", "your", "i", "me",
            "my", "our", "do", "does", "did", "has", "have", "had", "not", "no", "so", "such", "than", "too",
            "very", "can", "could", "will", "would", "should", "must", "may", "might", "shall", "what", "which",
            "who", "whom", "how", "when", "where", "why", "all", "any", "some", "each", "also", "just", "only",
            // Words that describe an evaluation rather than its content ("The answer should mention X").
            "answer", "answers", "response", "responses", "agent", "user", "mention", "mentions", "mentioned",
            "include", "includes", "including", "describe", "describes", "explain", "explains", "state", "states",
            "say", "says", "briefly");

    /** Compares {@code answer} with {@code reference}; null when the reference has no content tokens. */
    public static TokenOverlap of(String answer, String reference) {
        List<String> ref = tokens(reference);
        if (ref.isEmpty()) {
            return null;
        }
        List<String> ans = tokens(answer);
        Map<String, Integer> available = new HashMap<>();
        ans.forEach(t -> available.merge(t, 1, Integer::sum));
        Map<String, Boolean> seen = new LinkedHashMap<>();
        List<String> shared = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        int common = 0;
        for (String t : ref) {
            int left = available.getOrDefault(t, 0);
            if (left > 0) {
                available.put(t, left - 1);
                common++;
                if (seen.putIfAbsent(t, true) == null) {
                    shared.add(t);
                }
            } else if (!missing.contains(t) && !shared.contains(t)) {
                missing.add(t);
            }
        }
        if (common == 0) {
            return new TokenOverlap(0.0, 0.0, 0.0, List.of(), List.copyOf(missing));
        }
        double precision = (double) common / ans.size();
        double recall = (double) common / ref.size();
        return new TokenOverlap(2 * precision * recall / (precision + recall), precision, recall,
                List.copyOf(shared), List.copyOf(missing));
    }

    /** The content tokens of {@code text}. */
    public static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        for (String t : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!t.isEmpty() && !STOP_WORDS.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }
}
