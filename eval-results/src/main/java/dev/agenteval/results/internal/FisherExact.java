package dev.agenteval.results.internal;

/**
 * Fisher's exact test on a 2x2 table of counts, two-sided: the probability, with the row and
 * column totals fixed (the hypergeometric distribution), of a table at most as likely as the one
 * observed. Probabilities are computed from log-factorials, so large counts neither overflow nor
 * lose precision to cancellation.
 */
public final class FisherExact {

    /** Tables within this relative distance of the observed probability count as equally likely. */
    private static final double RELATIVE_TOLERANCE = 1e-7;

    private FisherExact() {
    }

    /**
     * The two-sided p-value of the table {@code [[a, b], [c, d]]}, e.g. passes and fails before
     * ({@code a}, {@code b}) and now ({@code c}, {@code d}).
     *
     * @throws IllegalArgumentException when a count is negative
     */
    public static double twoSided(int a, int b, int c, int d) {
        if (a < 0 || b < 0 || c < 0 || d < 0) {
            throw new IllegalArgumentException("counts must be >= 0 but were [[" + a + ", " + b + "], [" + c + ", "
                    + d + "]]");
        }
        int row1 = a + b;
        int row2 = c + d;
        int col1 = a + c;
        int n = row1 + row2;
        double[] logFactorial = logFactorials(n);
        double observed = logProbability(a, row1, row2, col1, n, logFactorial);
        int min = Math.max(0, col1 - row2);
        int max = Math.min(row1, col1);
        double p = 0.0;
        for (int x = min; x <= max; x++) {
            double logP = logProbability(x, row1, row2, col1, n, logFactorial);
            if (logP <= observed + RELATIVE_TOLERANCE) {
                p += Math.exp(logP);
            }
        }
        return Math.min(1.0, p);
    }

    /** log P(X = x) for the hypergeometric distribution with these margins. */
    private static double logProbability(int x, int row1, int row2, int col1, int n, double[] logFactorial) {
        return logChoose(row1, x, logFactorial) + logChoose(row2, col1 - x, logFactorial)
                - logChoose(n, col1, logFactorial);
    }

    private static double logChoose(int n, int k, double[] logFactorial) {
        return logFactorial[n] - logFactorial[k] - logFactorial[n - k];
    }

    private static double[] logFactorials(int n) {
        double[] out = new double[n + 1];
        for (int i = 2; i <= n; i++) {
            out[i] = out[i - 1] + Math.log(i);
        }
        return out;
    }

    /** A p-value with three significant digits, e.g. {@code 0.0625}, {@code 0.21}, {@code 0}. */
    public static String pValueText(double p) {
        if (p == 0) {
            return "0";
        }
        return new java.math.BigDecimal(p).round(new java.math.MathContext(3, java.math.RoundingMode.HALF_UP))
                .stripTrailingZeros().toPlainString();
    }
}
