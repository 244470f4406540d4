package dev.agenteval.judge.internal;

import dev.agenteval.api.Usage;
import dev.agenteval.spi.JudgeVerdict;
import java.util.List;

/**
 * The verdict of n samples: the majority's (n is odd), its score the mean score of the
 * majority's samples, its reason the first majority sample's, its usage the sum, and its
 * agreement the majority's share when there was more than one sample.
 */
public final class MajorityVote {

    private MajorityVote() {
    }

    /** The majority verdict of {@code votes} (at least one), given by {@code judge}. */
    public static JudgeVerdict of(List<Sample> votes, String judge) {
        int n = votes.size();
        long passes = votes.stream().filter(s -> s.parsed().passed()).count();
        boolean passed = passes * 2 > n;
        List<Sample> side = votes.stream().filter(s -> s.parsed().passed() == passed).toList();
        double score = side.stream().mapToDouble(s -> s.parsed().score()).average().orElse(passed ? 1.0 : 0.0);
        String reason = side.get(0).parsed().reason().isBlank() ? "(the judge gave no reason)" : side.get(0).parsed().reason();
        if (n > 1) {
            reason += " (" + side.size() + " of " + n + " samples " + (passed ? "passed" : "failed") + ")";
        }
        Usage usage = Usage.sum(votes.stream().map(Sample::usage).toList());
        return new JudgeVerdict(passed, Math.max(0.0, Math.min(1.0, score)), reason, usage,
                n > 1 ? side.size() / (double) n : null, judge);
    }
}
