package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Tests for two runs over the same cases, matched by case: McNemar's exact test on paired
 * verdicts, the sign-flip permutation test on paired score differences, and Holm's adjustment
 * of several p-values.
 */
@API(status = EXPERIMENTAL)
public final class PairedTests {

    /** Up to this many pairs, the sign-flip test enumerates all 2^n sign assignments. */
    public static final int EXACT_SIGN_FLIP_MAX = 20;
    /** Random sign assignments above {@link #EXACT_SIGN_FLIP_MAX} pairs when none are given. */
    public static final int DEFAULT_FLIPS = 10_000;

    private PairedTests() {
    }

    /**
     * McNemar's exact test: under "no difference", each discordant pair (a case that passed in one
     * run only) is equally likely to go either way, so the two-sided p is twice the binomial(b + c,
     * ½) tail at min(b, c), capped at 1 (1 without discordant pairs).
     *
     * @param regressed cases that passed before and fail now (b), {@code >= 0}
     * @param improved  cases that failed before and pass now (c), {@code >= 0}
     */
    public static McNemar mcnemar(int regressed, int improved) {
        if (regressed < 0 || improved < 0) {
            throw new IllegalArgumentException("counts must be >= 0 but regressed was " + regressed
                    + " and improved " + improved);
        }
        int n = regressed + improved;
        int tail = Math.min(regressed, improved);
        // Terms in logarithms, so 0.5^n does not underflow for thousands of pairs.
        double logTerm = n * Math.log(0.5);
        double logMax = logTerm;
        double[] logs = new double[tail + 1];
        for (int i = 0; i <= tail; i++) {
            logs[i] = logTerm;
            logMax = Math.max(logMax, logTerm);
            logTerm += Math.log((double) (n - i) / (i + 1));
        }
        double sum = 0;
        for (double l : logs) {
            sum += Math.exp(l - logMax);
        }
        double p = Math.min(1.0, 2 * Math.exp(logMax + Math.log(sum)));
        return new McNemar(regressed, improved, p);
    }

    /**
     * The two-sided sign-flip permutation test of a mean paired difference: under "no difference"
     * each difference is as likely to have either sign, so p is the share of sign assignments whose
     * mean is at least as far from 0 as the observed one. Exact (all 2^n assignments) up to
     * {@value #EXACT_SIGN_FLIP_MAX} pairs, else {@value #DEFAULT_FLIPS} random assignments with the
     * default seed of {@link Bootstrap}.
     */
    public static SignFlip signFlip(double[] differences) {
        return signFlip(differences, DEFAULT_FLIPS, Bootstrap.DEFAULT_SEED);
    }

    /**
     * Like {@link #signFlip(double[])} with {@code flips} random assignments seeded with
     * {@code seed} above {@value #EXACT_SIGN_FLIP_MAX} pairs; then p = (1 + hits)/(1 + flips), which
     * never reports 0 (Phipson and Smyth 2010).
     *
     * @throws IllegalArgumentException when {@code differences} is empty or holds a NaN or
     *                                  infinity, or {@code flips < 1}
     */
    public static SignFlip signFlip(double[] differences, int flips, long seed) {
        int n = differences.length;
        if (n == 0) {
            throw new IllegalArgumentException("differences must not be empty");
        }
        if (flips < 1) {
            throw new IllegalArgumentException("flips must be >= 1 but was " + flips);
        }
        double observed = 0;
        for (double d : differences) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("differences must be finite numbers but one was " + d);
            }
            observed += d;
        }
        // Sums are compared with a tolerance: an assignment equal to the observed one in exact
        // arithmetic must count even when rounding differs.
        double bar = Math.abs(observed) * (1 - 1e-12) - 1e-12;
        if (n <= EXACT_SIGN_FLIP_MAX) {
            long total = 1L << n;
            long hits = 0;
            for (long signs = 0; signs < total; signs++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += (signs >> i & 1) == 0 ? differences[i] : -differences[i];
                }
                if (Math.abs(sum) >= bar) {
                    hits++;
                }
            }
            return new SignFlip(n, observed / n, (double) hits / total, true);
        }
        SplittableRandom random = new SplittableRandom(seed);
        long hits = 0;
        for (int f = 0; f < flips; f++) {
            double sum = 0;
            for (double d : differences) {
                sum += random.nextBoolean() ? d : -d;
            }
            if (Math.abs(sum) >= bar) {
                hits++;
            }
        }
        return new SignFlip(n, observed / n, (1.0 + hits) / (1.0 + flips), false);
    }

    /**
     * Holm's step-down adjustment (Holm 1979) of p-values for several tests: the i-th smallest p is
     * multiplied by (m − i + 1), the results made non-decreasing in that order and capped at 1. A
     * hypothesis is rejected at α when its adjusted p is below α; the family-wise error stays at α.
     *
     * @return the adjusted p-values, in the order given
     * @throws IllegalArgumentException when a p-value is not in [0, 1]
     */
    public static double[] holm(double... pValues) {
        int m = pValues.length;
        for (double p : pValues) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("p-values must be in [0, 1] but one was " + p);
            }
        }
        Integer[] order = IntStream.range(0, m).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> pValues[i]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1.0, (m - rank) * pValues[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /**
     * McNemar's exact test on paired verdicts.
     *
     * @param regressed pairs that passed in the baseline and fail now
     * @param improved  pairs that failed in the baseline and pass now
     * @param p         the two-sided p-value, 0..1
     */
    public record McNemar(int regressed, int improved, double p) {
    }

    /**
     * The sign-flip permutation test of a mean paired difference.
     *
     * @param n              the number of pairs
     * @param meanDifference the mean of the differences (now − baseline)
     * @param p              the two-sided p-value, 0..1
     * @param exact          true when every sign assignment was enumerated
     */
    public record SignFlip(int n, double meanDifference, double p, boolean exact) {
    }
}
