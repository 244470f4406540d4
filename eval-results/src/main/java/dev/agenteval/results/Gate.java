package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.stats.internal.Normal;
import dev.agenteval.results.stats.Proportions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A pass-rate threshold that a result must reach, as the in-app seed's eval threshold gates saving
 * a draft: met only by a complete run that covered every current case of one exact configuration
 * and passed at least that share of them.
 *
 * <pre>{@code
 * GateVerdict verdict = Gate.atLeast(90).evaluate(result);
 * if (!verdict.met()) {
 *     throw new IllegalStateException(verdict.reason());
 * }
 * }</pre>
 *
 * <p>A result covers its suite when it records a {@link Fingerprint} (every {@link dev.agenteval.core.EvalRunner}
 * run does), was not interrupted or stopped early, skipped no case, and holds as many cases as
 * the fingerprint's suite has: a run filtered by case id or tag, or one shard of a sharded run,
 * cannot satisfy a gate (merged shards can). {@link #evaluate(SuiteResult, Fingerprint)} also
 * requires the result to be of the given, current configuration, so that a result of an older
 * suite (before a case was added), another agent or another judge does not count.
 *
 * <p>The pass rate counts a case as passed when it met its expectation (with repeats: its pass
 * threshold); failed and errored cases count against it.
 *
 * <p>{@link #atLeast} gates on the pass rate itself, the point estimate: with few cases one case
 * flipping decides it. {@link #lowerBoundAtLeast} gates on the lower bound of the pass rate's 95%
 * Wilson interval instead ({@link Proportions#wilson}), so that a pass rate that reaches the
 * threshold by the luck of a small sample does not meet it: 7 of 7 cases passed have the lower
 * bound 64.6%, 70 of 70 have 94.8%.
 */
@API(status = MAINTAINED)
public final class Gate {

    private final double thresholdPercent;
    private final boolean lowerBound;
    private final double level;

    private Gate(double thresholdPercent, boolean lowerBound, double level) {
        this.thresholdPercent = thresholdPercent;
        this.lowerBound = lowerBound;
        this.level = level;
    }

    /**
     * A gate met when at least {@code percent} of the cases pass.
     *
     * @param percent 0..100, e.g. {@code 80} or {@code 87.5}
     * @throws IllegalArgumentException naming the value when it is outside 0..100
     */
    public static Gate atLeast(double percent) {
        return new Gate(checkPercent("threshold", percent), false, Normal.DEFAULT_LEVEL);
    }

    /**
     * A gate met when the lower bound of the pass rate's 95% Wilson interval is at least
     * {@code percent}.
     *
     * @param percent 0..100, e.g. {@code 80}
     * @throws IllegalArgumentException naming the value when it is outside 0..100
     */
    public static Gate lowerBoundAtLeast(double percent) {
        return lowerBoundAtLeast(percent, Normal.DEFAULT_LEVEL);
    }

    /**
     * A gate met when the lower bound of the pass rate's Wilson interval at {@code level} is at
     * least {@code percent}.
     *
     * @param percent 0..100, e.g. {@code 80}
     * @param level   the interval's confidence level, {@code 0 < level < 1} (the run's {@code --confidence})
     * @throws IllegalArgumentException naming the value when either is out of range
     */
    public static Gate lowerBoundAtLeast(double percent, double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must be > 0 and < 1 but was " + level);
        }
        return new Gate(checkPercent("threshold-lower-bound", percent), true, level);
    }

    private static double checkPercent(String name, double percent) {
        if (!(percent >= 0 && percent <= 100)) {
            throw new IllegalArgumentException(name + " must be between 0 and 100 (percent) but was " + percent);
        }
        return percent;
    }

    /** True when the gate is on the interval's lower bound rather than the pass rate. */
    public boolean lowerBound() {
        return lowerBound;
    }

    /** The threshold, 0..100. */
    public double thresholdPercent() {
        return thresholdPercent;
    }

    /** Evaluates {@code result} on its own record: coverage and pass rate. */
    public GateVerdict evaluate(SuiteResult result) {
        Objects.requireNonNull(result, "result");
        return evaluate(result, null);
    }

    /**
     * Evaluates {@code result} and requires it to be of the configuration {@code current}
     * (typically {@link dev.agenteval.core.EvalRunner#fingerprint}); null checks coverage and pass rate only.
     */
    public GateVerdict evaluate(SuiteResult result, Fingerprint current) {
        Objects.requireNonNull(result, "result");
        List<String> problems = new ArrayList<>();
        Fingerprint recorded = result.fingerprint();
        int cases = result.cases().size();
        long skipped = result.cases().stream().filter(c -> c.status() == CaseStatus.SKIPPED).count();
        if (recorded == null) {
            problems.add("the result records no fingerprint, so it cannot be tied to a configuration");
        } else if (current != null && !recorded.value().equals(current.value())) {
            problems.add("the result is of another configuration (" + differences(recorded, current) + ")");
        }
        boolean fewer = recorded != null && cases < recorded.suiteCases();
        if (!result.complete() && !(fewer && skipped == 0)) {
            // A merged result short of cases is incomplete for that alone, said below.
            problems.add("the run was interrupted or stopped early");
        }
        if (skipped > 0) {
            problems.add(skipped + (skipped == 1 ? " case was" : " cases were") + " skipped");
        }
        if (result.shard() != null) {
            problems.add("the result holds only shard " + result.shard() + " of the suite (merge the shards)");
        }
        if (fewer) {
            problems.add("the run covered " + cases + " of the suite's " + recorded.suiteCases()
                    + " cases (filters by case id or tag select a part)");
        }
        if (cases == 0) {
            problems.add("the result has no cases");
        }
        int passed = result.summary().passed();
        double rate = cases == 0 ? 0.0 : (double) passed / cases;
        double low = cases == 0 ? 0.0 : Proportions.wilson(passed, cases, level).low();
        String score = "pass rate " + percent(rate * 100) + " (" + passed + " of " + cases + " cases passed"
                + (lowerBound ? "; " + percent(level * 100) + " CI lower bound " + percent(low * 100) : "") + ")";
        String threshold = (lowerBound ? "the lower-bound threshold " : "the threshold ") + percent(thresholdPercent);
        boolean covered = problems.isEmpty();
        if (!covered) {
            return new GateVerdict(false, false, rate, thresholdPercent, "gate not met: " + score
                    + ", but the result does not cover every current case: " + String.join("; ", problems));
        }
        boolean met = lowerBound ? low * 100 >= thresholdPercent : passed * 100.0 >= thresholdPercent * cases;
        String reason = met
                ? "gate met: " + score + " meets " + threshold
                : "gate not met: " + score + " is below " + threshold;
        return new GateVerdict(met, true, rate, thresholdPercent, reason);
    }

    private static String differences(Fingerprint recorded, Fingerprint current) {
        List<String> parts = new ArrayList<>();
        if (!recorded.suite().equals(current.suite())) {
            parts.add("the suite changed");
        }
        if (!recorded.agent().equals(current.agent())) {
            parts.add("agent '" + recorded.agent() + "' is now '" + current.agent() + "'");
        }
        if (!recorded.judge().equals(current.judge())) {
            parts.add("judge '" + recorded.judge() + "' is now '" + current.judge() + "'");
        }
        return parts.isEmpty() ? "fingerprint " + abbreviate(recorded.value()) + " is now " + abbreviate(current.value())
                : String.join(", ", parts);
    }

    private static String abbreviate(String hash) {
        return hash.length() > 12 ? hash.substring(0, 12) : hash;
    }

    private static String percent(double percent) {
        BigDecimal p = BigDecimal.valueOf(percent).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros();
        return (p.scale() < 0 ? p.setScale(0) : p).toPlainString() + "%";
    }

    @Override
    public String toString() {
        return "Gate[" + (lowerBound ? "lower bound " : "") + "at least " + percent(thresholdPercent) + "]";
    }
}
