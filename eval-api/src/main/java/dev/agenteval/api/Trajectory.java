package dev.agenteval.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code trajectory} scorer's terms, built fluently and turned into a spec by
 * {@link Scorers#trajectory(Trajectory)}. Immutable.
 *
 * <pre>{@code
 * trajectory(Trajectory.inOrder(
 *                 ExpectedCall.of("find_assets").withArgs(Map.of("site", "A")),
 *                 ExpectedCall.of("send_email").where(JsonPathCheck.at("$.to").regex("@acme\\.com$")))
 *         .neverCalled("delete_all")
 *         .maxCalls(6)
 *         .maxRepeats(2))
 * }</pre>
 *
 * <p>Modes: {@code strict} exactly these calls in this order; {@code unordered} exactly these
 * calls in any order (as multisets); {@code subset} no call outside the expected ones;
 * {@code superset} every expected call made, others allowed; {@code in_order} the expected calls
 * in this order, others allowed between them. {@link #graded} scores the calls instead of (or
 * besides) a mode: precision, recall, F1 or the in-order score against a threshold. Arguments are
 * compared in an {@link ArgMode} set per call, per tool ({@link #argMode(String, ArgMode)}) or for
 * the whole trajectory ({@link #argMode(ArgMode)}).
 */
@API(status = STABLE)
public final class Trajectory {

    /**
     * The graded scores of {@link #graded}, each in 0..1, m being the calls of a maximum one-to-one
     * matching of expected to actual calls.
     */
    @API(status = EXPERIMENTAL)
    public enum Score {
        /** m / actual calls (0 without calls). */
        PRECISION,
        /** m / expected calls. */
        RECALL,
        /** 2 * precision * recall / (precision + recall), 0 when both are 0. */
        F1,
        /** The longest common subsequence of expected and actual calls / the longer list's length. */
        IN_ORDER;

        /** The parameter value, e.g. {@code in_order}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The parameters in the order they are written, whatever order the methods were called in. */
    private static final List<String> ORDER = List.of("mode", "calls", "score", "threshold", "arg_mode", "arg_modes",
            "never_called", "min_calls", "max_calls", "max_repeats", "max_pairs");

    private final Map<String, Object> params;

    private Trajectory(Map<String, Object> params) {
        this.params = params;
    }

    private static Trajectory of(String mode, ExpectedCall... calls) {
        if (calls.length == 0) {
            throw new IllegalArgumentException("trajectory mode " + mode + " needs at least one expected call");
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("mode", mode);
        params.put("calls", List.of(calls).stream().map(ExpectedCall::toValue).toList());
        return new Trajectory(params);
    }

    /** A copy with {@code key} set to {@code value}. */
    private Trajectory with(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(params);
        copy.put(key, value);
        return new Trajectory(copy);
    }

    /** Exactly these calls, in this order. */
    public static Trajectory strict(ExpectedCall... calls) {
        return of("strict", calls);
    }

    /** Exactly these calls in any order (each expected call matched by a distinct actual one). */
    public static Trajectory unordered(ExpectedCall... calls) {
        return of("unordered", calls);
    }

    /** Every actual call is one of these (each expected call accounts for at most one). */
    public static Trajectory subset(ExpectedCall... calls) {
        return of("subset", calls);
    }

    /** Every one of these calls is made; other calls allowed. */
    public static Trajectory superset(ExpectedCall... calls) {
        return of("superset", calls);
    }

    /** These calls in this order; other calls allowed between them. */
    public static Trajectory inOrder(ExpectedCall... calls) {
        return of("in_order", calls);
    }

    /**
     * These calls, graded: passes when {@code score} against them is at least {@code threshold}
     * (0..1), with no verdict mode. The scorer's value is the score.
     */
    @API(status = EXPERIMENTAL)
    public static Trajectory graded(Score score, double threshold, ExpectedCall... calls) {
        if (calls.length == 0) {
            throw new IllegalArgumentException("graded needs expected calls");
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("calls", List.of(calls).stream().map(ExpectedCall::toValue).toList());
        return new Trajectory(params).graded(score, threshold);
    }

    /** No expected calls: only limits such as {@link #neverCalled} and {@link #maxCalls}. */
    public static Trajectory limits() {
        return new Trajectory(Map.of());
    }

    /**
     * Also graded: {@code score} against the expected calls at least {@code threshold} (0..1), a
     * check of its own beside the mode's; the scorer's value is the score.
     */
    @API(status = EXPERIMENTAL)
    public Trajectory graded(Score score, double threshold) {
        Objects.requireNonNull(score, "score");
        if (!params.containsKey("calls")) {
            throw new IllegalArgumentException("graded needs expected calls");
        }
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be from 0 to 1 but was " + threshold);
        }
        return with("score", score.id()).with("threshold", threshold);
    }

    /** Also: the expected calls' arguments compared in {@code mode} unless their call or tool sets one. */
    @API(status = EXPERIMENTAL)
    public Trajectory argMode(ArgMode mode) {
        return with("arg_mode", Objects.requireNonNull(mode, "mode").toValue());
    }

    /** Also: the arguments of the expected calls of {@code tool} compared in {@code mode} unless the call sets one. */
    @API(status = EXPERIMENTAL)
    public Trajectory argMode(String tool, ArgMode mode) {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(mode, "mode");
        @SuppressWarnings("unchecked")
        Map<String, Object> modes = new LinkedHashMap<>((Map<String, Object>) params.getOrDefault("arg_modes", Map.of()));
        modes.put(tool, mode.toValue());
        return with("arg_modes", modes);
    }

    /** Also: none of these tools is called. */
    public Trajectory neverCalled(String... tools) {
        if (tools.length == 0) {
            throw new IllegalArgumentException("neverCalled needs at least one tool");
        }
        return with("never_called", List.of(tools));
    }

    /** Also: at least {@code min} calls in all. */
    @API(status = EXPERIMENTAL)
    public Trajectory minCalls(int min) {
        if (min < 1) {
            throw new IllegalArgumentException("minCalls must be >= 1 but was " + min);
        }
        return with("min_calls", (long) min);
    }

    /** Also: at most {@code max} calls in all. */
    public Trajectory maxCalls(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxCalls must be >= 0 but was " + max);
        }
        return with("max_calls", (long) max);
    }

    /** Also: the same call (name and equal arguments) at most {@code max} times in a row. */
    public Trajectory maxRepeats(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxRepeats must be >= 1 but was " + max);
        }
        return with("max_repeats", (long) max);
    }

    /**
     * Also: the {@code unordered}, {@code subset} and {@code superset} matching (and a graded
     * score's) compares at most {@code max} pairs of same-named expected and actual calls
     * (identical calls counted once; default 1,000,000); beyond it the check fails, naming the
     * limit, without comparing.
     */
    public Trajectory maxPairs(long max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxPairs must be >= 1 but was " + max);
        }
        return with("max_pairs", max);
    }

    /** The {@code trajectory} spec, its parameters exactly as the YAML dialects write them. */
    public ScorerSpec toSpec() {
        Map<String, Object> params = params();
        if (params.isEmpty()) {
            throw new IllegalArgumentException("trajectory needs expected calls or a limit");
        }
        return ScorerSpec.of("trajectory", params);
    }

    private Map<String, Object> params() {
        Map<String, Object> ordered = new LinkedHashMap<>();
        for (String key : ORDER) {
            if (params.containsKey(key)) {
                ordered.put(key, params.get(key));
            }
        }
        return ordered;
    }

    @Override
    public String toString() {
        return "Trajectory" + params();
    }
}
