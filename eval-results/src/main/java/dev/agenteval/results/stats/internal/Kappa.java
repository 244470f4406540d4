package dev.agenteval.results.stats.internal;

import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.results.stats.Interval;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Cohen's kappa of two raters' pass/fail verdicts on the same items (for example a judge and a
 * person), and its percentile bootstrap interval over the items: {@code kappa = (po − pe)/(1 − pe)},
 * with {@code po} the observed agreement and {@code pe} the agreement expected by chance from the
 * two raters' pass rates. Seeded with {@link SplittableRandom}, as {@link Bootstrap}. The judge's
 * calibration reports it; not API.
 */
public final class Kappa {

    private Kappa() {
    }

    /**
     * Cohen's kappa of a 2×2 table; NaN without items or when {@code pe = 1} (each rater gave one
     * verdict only, the same), where kappa is 0/0.
     *
     * @param passPass items both passed
     * @param passFail items the first rater passed and the second failed
     * @param failPass items the first rater failed and the second passed
     * @param failFail items both failed
     */
    public static double cohen(int passPass, int passFail, int failPass, int failFail) {
        int n = passPass + passFail + failPass + failFail;
        if (n == 0) {
            return Double.NaN;
        }
        double po = (double) (passPass + failFail) / n;
        double first = (double) (passPass + passFail) / n;
        double second = (double) (passPass + failPass) / n;
        double pe = first * second + (1 - first) * (1 - second);
        return pe >= 1 - 1e-12 ? Double.NaN : (po - pe) / (1 - pe);
    }

    /**
     * The percentile bootstrap interval of {@link #cohen}: the items are resampled with replacement
     * {@code resamples} times, kappa taken of each resample, and the interval read from the
     * {@code (1-level)/2} and {@code (1+level)/2} quantiles (R type 7). Resamples whose kappa is
     * undefined (every resampled item got one verdict from both raters) are left out. Empty when a
     * rater gave one verdict only (kappa is then 0 or undefined in every resample, so its spread
     * says nothing), or fewer than half the resamples have a kappa.
     *
     * @throws IllegalArgumentException when a count is negative, {@code resamples < 2}, or the level
     *                                  is not in (0, 1)
     */
    public static Optional<Interval> bootstrap(int passPass, int passFail, int failPass, int failFail, double level,
                                               int resamples, long seed) {
        Normal.checkLevel(level);
        if (passPass < 0 || passFail < 0 || failPass < 0 || failFail < 0) {
            throw new IllegalArgumentException("counts must be >= 0 but were " + passPass + ", " + passFail + ", "
                    + failPass + ", " + failFail);
        }
        if (resamples < 2) {
            throw new IllegalArgumentException("resamples must be >= 2 but was " + resamples);
        }
        boolean oneVerdict = passPass + passFail == 0 || failPass + failFail == 0 || passPass + failPass == 0
                || passFail + failFail == 0;
        if (oneVerdict) {
            // Kappa is then 0 or undefined in every resample: a point, not an interval.
            return Optional.empty();
        }
        int n = passPass + passFail + failPass + failFail;
        // An item drawn at random falls in a cell with the cell's share: draw an index, compare with the cumulative counts.
        int[] upTo = {passPass, passPass + passFail, passPass + passFail + failPass};
        SplittableRandom random = new SplittableRandom(seed);
        double[] kappas = new double[resamples];
        int defined = 0;
        for (int r = 0; r < resamples; r++) {
            int[] cells = new int[4];
            for (int i = 0; i < n; i++) {
                int item = random.nextInt(n);
                cells[item < upTo[0] ? 0 : item < upTo[1] ? 1 : item < upTo[2] ? 2 : 3]++;
            }
            double k = cohen(cells[0], cells[1], cells[2], cells[3]);
            if (!Double.isNaN(k)) {
                kappas[defined++] = k;
            }
        }
        if (defined * 2 < resamples) {
            return Optional.empty();
        }
        return Optional.of(Samples.percentileInterval(Arrays.copyOf(kappas, defined), level));
    }
}
