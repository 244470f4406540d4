package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * in this order, others allowed between them.
 */
@API(status = STABLE)
public final class Trajectory {

    private final String mode;
    private final List<ExpectedCall> calls;
    private final List<String> neverCalled;
    private final Integer maxCalls;
    private final Integer maxRepeats;
    private final Long maxPairs;

    private Trajectory(String mode, List<ExpectedCall> calls, List<String> neverCalled, Integer maxCalls,
            Integer maxRepeats, Long maxPairs) {
        this.mode = mode;
        this.calls = calls;
        this.neverCalled = neverCalled;
        this.maxCalls = maxCalls;
        this.maxRepeats = maxRepeats;
        this.maxPairs = maxPairs;
    }

    private static Trajectory of(String mode, ExpectedCall... calls) {
        if (calls.length == 0) {
            throw new IllegalArgumentException("trajectory mode " + mode + " needs at least one expected call");
        }
        return new Trajectory(mode, List.of(calls), null, null, null, null);
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

    /** No expected calls: only limits such as {@link #neverCalled} and {@link #maxCalls}. */
    public static Trajectory limits() {
        return new Trajectory(null, null, null, null, null, null);
    }

    /** Also: none of these tools is called. */
    public Trajectory neverCalled(String... tools) {
        if (tools.length == 0) {
            throw new IllegalArgumentException("neverCalled needs at least one tool");
        }
        return new Trajectory(mode, calls, List.of(tools), maxCalls, maxRepeats, maxPairs);
    }

    /** Also: at most {@code max} calls in all. */
    public Trajectory maxCalls(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxCalls must be >= 0 but was " + max);
        }
        return new Trajectory(mode, calls, neverCalled, max, maxRepeats, maxPairs);
    }

    /** Also: the same call (name and equal arguments) at most {@code max} times in a row. */
    public Trajectory maxRepeats(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxRepeats must be >= 1 but was " + max);
        }
        return new Trajectory(mode, calls, neverCalled, maxCalls, max, maxPairs);
    }

    /**
     * Also: the {@code unordered}, {@code subset} and {@code superset} matching compares at most
     * {@code max} pairs of same-named expected and actual calls (identical calls counted once;
     * default 1,000,000); beyond it the check fails, naming the limit, without comparing.
     */
    public Trajectory maxPairs(long max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxPairs must be >= 1 but was " + max);
        }
        return new Trajectory(mode, calls, neverCalled, maxCalls, maxRepeats, max);
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
        Map<String, Object> params = new LinkedHashMap<>();
        if (mode != null) {
            params.put("mode", mode);
            params.put("calls", calls.stream().map(ExpectedCall::toValue).toList());
        }
        if (neverCalled != null) {
            params.put("never_called", neverCalled);
        }
        if (maxCalls != null) {
            params.put("max_calls", (long) maxCalls);
        }
        if (maxRepeats != null) {
            params.put("max_repeats", (long) maxRepeats);
        }
        if (maxPairs != null) {
            params.put("max_pairs", maxPairs);
        }
        return params;
    }

    @Override
    public String toString() {
        return "Trajectory" + params();
    }
}
