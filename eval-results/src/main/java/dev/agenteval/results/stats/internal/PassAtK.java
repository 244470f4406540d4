package dev.agenteval.results.stats.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The unbiased estimates of pass@k (some of k attempts passes) and pass^k (all k attempts pass)
 * for one k, averaged over the cases that ran at least k attempts.
 *
 * <p>For a case with n attempts of which c passed, pass@k = 1 − C(n−c, k)/C(n, k) (Chen et al. 2021,
 * "Evaluating Large Language Models Trained on Code") and pass^k = C(c, k)/C(n, k): the chance that
 * k attempts drawn without replacement from the n include a pass, or are all passes. Both are
 * computed as products of ratios, never factorials, so they stay exact for large n.
 *
 * @param k        attempts per draw, {@code >= 1}
 * @param passAtK  the mean pass@k over the counted cases, 0..1
 * @param passHatK the mean pass^k over the counted cases, 0..1
 * @param cases    cases counted (with at least k attempts)
 * @param leftOut  cases left out because they ran fewer than k attempts
 */
public record PassAtK(int k, double passAtK, double passHatK, int cases, int leftOut) {

    /**
     * pass@k and pass^k for every k from 1 to the most attempts any case ran; empty when no case
     * ran an attempt. A k that some cases did not reach counts them in {@link #leftOut()}.
     */
    static List<PassAtK> over(List<AttemptCounts> counts) {
        int most = counts.stream().mapToInt(AttemptCounts::attempts).max().orElse(0);
        List<PassAtK> estimates = new ArrayList<>();
        for (int k = 1; k <= most; k++) {
            double at = 0;
            double hat = 0;
            int cases = 0;
            int leftOut = 0;
            for (AttemptCounts c : counts) {
                if (c.attempts() < k) {
                    leftOut++;
                    continue;
                }
                at += passAtK(c.attempts(), c.passed(), k);
                hat += passHatK(c.attempts(), c.passed(), k);
                cases++;
            }
            estimates.add(new PassAtK(k, at / cases, hat / cases, cases, leftOut));
        }
        return estimates;
    }

    /**
     * 1 − C(n−c, k)/C(n, k), as 1 − ∏_{i=n−c+1..n} (1 − k/i); 1 when fewer than k attempts failed.
     *
     * @throws IllegalArgumentException unless {@code 0 <= c <= n} and {@code 1 <= k <= n}
     */
    public static double passAtK(int n, int c, int k) {
        check(n, c, k);
        if (n - c < k) {
            return 1.0;
        }
        double allFail = 1.0;
        for (int i = n - c + 1; i <= n; i++) {
            allFail *= 1.0 - (double) k / i;
        }
        return 1.0 - allFail;
    }

    /**
     * C(c, k)/C(n, k), as ∏_{i=0..k−1} (c−i)/(n−i); 0 when fewer than k attempts passed.
     *
     * @throws IllegalArgumentException unless {@code 0 <= c <= n} and {@code 1 <= k <= n}
     */
    public static double passHatK(int n, int c, int k) {
        check(n, c, k);
        if (c < k) {
            return 0.0;
        }
        double allPass = 1.0;
        for (int i = 0; i < k; i++) {
            allPass *= (double) (c - i) / (n - i);
        }
        return allPass;
    }

    private static void check(int n, int c, int k) {
        if (c < 0 || c > n || k < 1 || k > n) {
            throw new IllegalArgumentException("need 0 <= c <= n and 1 <= k <= n but n was " + n + ", c " + c
                    + " and k " + k);
        }
    }
}
