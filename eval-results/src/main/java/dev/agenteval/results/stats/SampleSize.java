package dev.agenteval.results.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.internal.Normal;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How many cases a comparison of two pass rates needs, before the run: the number of cases that
 * detects a change from pass rate {@code from} to {@code to} with a two-sided test at
 * {@code significance} with probability {@code power}.
 *
 * <ul>
 *   <li>{@link #unpaired}: two runs on separate cases, the two-proportion z-test with the normal
 *       approximation and the pooled variance under the null hypothesis (Fleiss, Levin and Paik,
 *       "Statistical Methods for Rates and Proportions", without continuity correction; R's
 *       {@code power.prop.test}): n = (z<sub>1−α/2</sub>·√(2·p̄·q̄) + z<sub>1−β</sub>·√(p1·q1 + p2·q2))² / Δ²
 *       cases per run, p̄ the mean of the two rates.</li>
 *   <li>{@link #paired}: both runs on the same cases, McNemar's test by Connor's approximation
 *       (Connor 1987, Biometrics 43:207–211): n = (z<sub>1−α/2</sub>·√ψ + z<sub>1−β</sub>·√(ψ − Δ²))² / Δ²
 *       cases, ψ the expected share of discordant cases (passed in one run only).</li>
 * </ul>
 *
 * {@link #withRepeats} spreads the same information over cases run several times: with m attempts
 * per case whose verdicts correlate with intraclass correlation ρ, a case is worth m / (1 + (m − 1)ρ)
 * independent attempts (Kish's design effect), so the cases needed are n·(1 + (m − 1)ρ)/m; with
 * ρ = 1 (an agent that always gives a case the same verdict) repeats do not help at all.
 *
 * <pre>{@code
 * SampleSize s = SampleSize.unpaired(0.5, 0.6, 0.05, 0.8);   // s.cases() == 388
 * SampleSize p = SampleSize.paired(0.8, 0.7, 0.2, 0.05, 0.8); // the same cases in both runs
 * }</pre>
 *
 * @param comparison   unpaired or paired; never null
 * @param from         the pass rate now, 0..1
 * @param to           the pass rate to tell apart from it, 0..1, {@code != from}
 * @param significance the two-sided α, in (0, 1)
 * @param power        the chance of detecting the change, 1 − β, in (0, 1)
 * @param discordant   ψ, the share of cases whose verdict differs between the runs; paired only
 * @param repeats      attempts per case, {@code >= 1}
 * @param icc          the intraclass correlation of one case's attempts, 0..1 (0 with one attempt)
 * @param exact        the cases needed before rounding up
 * @param cases        the cases needed: {@code exact} rounded up
 */
@API(status = EXPERIMENTAL)
public record SampleSize(Comparison comparison, double from, double to, double significance, double power,
                         OptionalDouble discordant, int repeats, double icc, double exact, int cases) {

    /** The default power, 80%. */
    public static final double DEFAULT_POWER = 0.8;
    /** The default two-sided significance, 0.05. */
    public static final double DEFAULT_SIGNIFICANCE = 0.05;

    /** Two runs on separate cases, or on the same cases. */
    public enum Comparison {
        /** Two runs on separate cases: the two-proportion z-test. */
        UNPAIRED("two-proportion z-test, normal approximation with pooled variance (Fleiss; R power.prop.test)"),
        /** Both runs on the same cases, matched by id: McNemar's test. */
        PAIRED("McNemar's test, Connor (1987) normal approximation from the discordant share");

        private final String approximation;

        Comparison(String approximation) {
            this.approximation = approximation;
        }

        /** The test and approximation behind the number, for people to read. */
        public String approximation() {
            return approximation;
        }

        /** As JSON writes it: {@code unpaired} or {@code paired}. */
        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Checks for nulls. */
    public SampleSize {
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(discordant, "discordant");
    }

    /** The test and approximation behind {@link #cases()}, for people to read. */
    public String approximation() {
        return comparison.approximation();
    }

    /** The attempts the answer asks for: {@code cases × repeats}. */
    public long attempts() {
        return (long) cases * repeats;
    }

    /**
     * The cases per run that detect a change from {@code from} to {@code to} between two runs on
     * separate cases (see the class comment for the formula).
     *
     * @throws IllegalArgumentException unless both rates are in [0, 1] and differ, and significance
     *                                  and power are in (0, 1)
     */
    public static SampleSize unpaired(double from, double to, double significance, double power) {
        check(from, to, significance, power);
        double mean = (from + to) / 2;
        double delta = to - from;
        double root = Normal.quantile(1 - significance / 2) * Math.sqrt(2 * mean * (1 - mean))
                + Normal.quantile(power) * Math.sqrt(from * (1 - from) + to * (1 - to));
        return of(Comparison.UNPAIRED, from, to, significance, power, OptionalDouble.empty(), root * root / (delta * delta));
    }

    /**
     * The cases that detect a change from {@code from} to {@code to} when both runs answer the same
     * cases (see the class comment for the formula).
     *
     * @param discordant ψ, the expected share of cases that pass in one run only: at least
     *                   |to − from|, at most what the two rates allow; {@link #independentDiscordance}
     *                   when nothing better is known, the share of regressed plus improved cases of
     *                   an earlier comparison when it is
     * @throws IllegalArgumentException unless both rates are in [0, 1] and differ, significance and
     *                                  power are in (0, 1), and ψ is possible for the two rates
     */
    public static SampleSize paired(double from, double to, double discordant, double significance, double power) {
        check(from, to, significance, power);
        double delta = to - from;
        double most = Math.min(from, 1 - to) + Math.min(1 - from, to);
        if (!(discordant >= Math.abs(delta) - 1e-12 && discordant <= most + 1e-12)) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "discordant must be between %s"
                    + " (the change itself) and %s (what pass rates %s and %s allow) but was %s",
                    round(Math.abs(delta)), round(most), round(from), round(to), discordant));
        }
        double root = Normal.quantile(1 - significance / 2) * Math.sqrt(discordant)
                + Normal.quantile(power) * Math.sqrt(Math.max(0, discordant - delta * delta));
        return of(Comparison.PAIRED, from, to, significance, power, OptionalDouble.of(discordant),
                root * root / (delta * delta));
    }

    /**
     * The share of cases that pass in exactly one of two runs whose verdicts are independent:
     * {@code from·(1 − to) + to·(1 − from)}. Runs of agents on the same cases are usually positively
     * correlated (a hard case stays hard), and then fewer cases are discordant: this is the most a
     * paired design should need to assume.
     */
    public static double independentDiscordance(double from, double to) {
        return from * (1 - to) + to * (1 - from);
    }

    /**
     * The same comparison with each case run {@code repeats} times, its attempts' verdicts
     * correlated with intraclass correlation {@code icc}: the cases needed shrink by the factor
     * (1 + (repeats − 1)·icc)/repeats.
     *
     * @throws IllegalArgumentException unless {@code repeats >= 1} and {@code 0 <= icc <= 1}
     */
    public SampleSize withRepeats(int repeats, double icc) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1 but was " + repeats);
        }
        if (!(icc >= 0 && icc <= 1)) {
            throw new IllegalArgumentException("icc must be between 0 and 1 but was " + icc);
        }
        double single = exact * this.repeats / (1 + (this.repeats - 1) * this.icc);
        double n = single * (1 + (repeats - 1) * icc) / repeats;
        return new SampleSize(comparison, from, to, significance, power, discordant, repeats, repeats == 1 ? 0 : icc,
                n, roundUp(n));
    }

    private static SampleSize of(Comparison comparison, double from, double to, double significance, double power,
                                 OptionalDouble discordant, double n) {
        return new SampleSize(comparison, from, to, significance, power, discordant, 1, 0, n, roundUp(n));
    }

    /** Up to the next whole case, but 388.0000000001 (rounding noise) stays 388. */
    private static int roundUp(double n) {
        return (int) Math.max(1, Math.ceil(n - 1e-9));
    }

    private static void check(double from, double to, double significance, double power) {
        if (!(from >= 0 && from <= 1 && to >= 0 && to <= 1)) {
            throw new IllegalArgumentException("pass rates must be between 0 and 1 but were " + from + " and " + to);
        }
        if (from == to) {
            throw new IllegalArgumentException("the two pass rates must differ but both were " + from);
        }
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance must be > 0 and < 1 but was " + significance);
        }
        if (!(power > 0 && power < 1)) {
            throw new IllegalArgumentException("power must be > 0 and < 1 but was " + power);
        }
    }

    private static String round(double v) {
        return String.valueOf(Math.round(v * 1e6) / 1e6);
    }
}
