package dev.agenteval.results.stats;

import java.math.BigInteger;

/** Exact binomial coefficients, the independent reference of the statistics tests. */
public final class ExactBinomial {

    private ExactBinomial() {
    }

    /** C(n, k) as an exact integer; 0 when {@code k > n}. */
    public static BigInteger choose(int n, int k) {
        if (k > n) {
            return BigInteger.ZERO;
        }
        BigInteger r = BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            r = r.multiply(BigInteger.valueOf(n - k + i)).divide(BigInteger.valueOf(i));
        }
        return r;
    }
}
