package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.common.text.Suggestions;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code trajectory}: the turn's tool calls against an expected trajectory, one check per term.
 *
 * <ul>
 * <li>{@code calls} with {@code mode} (default {@code strict}, none when {@code score} is given):
 *     each expected call is a name or {@code {name, args, arg_mode, assertions}}; an actual call
 *     <em>matches</em> an expected one when the names are equal, its arguments match {@code args}
 *     in the call's {@link ArgumentMode} (its own {@code arg_mode}, else its tool's in
 *     {@code arg_modes}, else the scorer's {@code arg_mode}, else {@code subset}: they include
 *     {@code args}, a {@link JsonSubset}, as {@code must_include_json} and {@code tool_args}'s
 *     {@code fragment}; see {@link ArgumentModes}) and every JSONPath assertion in
 *     {@code assertions} holds on them (as {@code tool_args}).
 *     <ul>
 *     <li>{@code strict}: exactly the expected calls, in that order (position by position);</li>
 *     <li>{@code in_order}: the expected calls in that order, other calls allowed between them
 *         (each expected call takes the earliest matching call after the previous one's, which
 *         finds a match whenever one exists);</li>
 *     <li>{@code unordered}: exactly the expected calls, in any order, as multisets: a one-to-one
 *         assignment of expected to actual calls covering both lists;</li>
 *     <li>{@code superset}: every expected call is made (one-to-one, so an expected call listed
 *         twice needs two matching calls); other calls allowed;</li>
 *     <li>{@code subset}: every actual call is accounted for by a distinct expected call (no
 *         unexpected call, no more repeats than listed); expected calls may be missing.</li>
 *     </ul>
 *     The one-to-one modes use a maximum matching ({@link CallMatching}), never a greedy choice
 *     that a same-named call with the wrong arguments could spoil. {@code max_pairs} (default
 *     1,000,000) bounds the pairs of same-named calls it compares:
 *     beyond it the check fails, naming the limit, and compares nothing.</li>
 * <li>{@code calls} with {@code score} ({@code precision}, {@code recall}, {@code f1} or
 *     {@code in_order}) and {@code threshold} (default 1): the score at least the threshold, a check
 *     of its own; the scorer's value is then the score ({@link TrajectoryScores}).</li>
 * <li>{@code never_called}: none of these tools is called.</li>
 * <li>{@code min_calls}: at least this many calls in all.</li>
 * <li>{@code max_calls}: at most this many calls in all.</li>
 * <li>{@code max_repeats}: no call (the same name and equal arguments) made more than this many
 *     times in a row (consecutively; the same call again later starts a new run).</li>
 * </ul>
 */
public final class TrajectoryScorerFactory extends TypedScorerFactory<TrajectoryScorerFactory.Config> {

    /** The ways the expected calls are compared with the actual ones. */
    enum Mode {
        STRICT, UNORDERED, SUBSET, SUPERSET, IN_ORDER;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final String MODES = String.join(", ", Arrays.stream(Mode.values()).map(Mode::id).toList());
    private static final Set<Mode> ONE_TO_ONE = Set.of(Mode.UNORDERED, Mode.SUBSET, Mode.SUPERSET);
    private static final List<String> CALL_KEYS = List.of("name", "args", "arg_mode", "assertions");

    /**
     * @param name       the tool name
     * @param args       the expected arguments, or null
     * @param mode       how {@code args} is compared: the call's {@code arg_mode}, its tool's in
     *                   {@code arg_modes}, the scorer's {@code arg_mode} or {@code subset}
     * @param assertions JSONPath assertions over the arguments, maybe empty
     * @param written    the entry as written in {@code calls}: equal ones are the same expectation
     */
    record Expected(String name, Map<?, ?> args, ArgumentMode mode, List<JsonPathAssertion> assertions,
            Object written) {
        /** Null when {@code call} matches, else why not (a different name, or the failed argument checks). */
        String mismatch(ToolCall call) {
            if (!call.name().equals(name)) {
                return "expected `" + name + "`, got `" + call.name() + "`";
            }
            List<String> why = new ArrayList<>();
            if (args != null) {
                String m = mode.mismatch(args, call.arguments());
                if (m != null) {
                    why.add(m);
                }
            }
            for (JsonPathAssertion a : assertions) {
                JsonPathAssertion.Outcome o = a.evaluate(call.arguments());
                if (!o.held()) {
                    why.add(a.label() + ": " + o.describe());
                }
            }
            return why.isEmpty() ? null : "`" + name + "` arguments: " + String.join("; ", why);
        }

        /** True when {@code call} matches: {@link #mismatch} is null, found without writing why not. */
        boolean matches(ToolCall call) {
            if (!call.name().equals(name) || args != null && !mode.matches(args, call.arguments())) {
                return false;
            }
            for (JsonPathAssertion a : assertions) {
                if (!a.evaluate(call.arguments()).held()) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * @param mode        how {@code calls} are compared, or null without calls or when only graded
     * @param calls       the expected calls, or null
     * @param score       the graded score, or null
     * @param threshold   the least {@code score} that passes
     * @param neverCalled tools never to call, or null
     * @param minCalls    the fewest calls allowed, or -1
     * @param maxCalls    the most calls allowed, or -1
     * @param maxRepeats  the most consecutive equal calls allowed, or -1
     * @param maxPairs    the most candidate pairs the one-to-one modes compare
     */
    record Config(Mode mode, List<Expected> calls, TrajectoryScores.Score score, double threshold,
            List<String> neverCalled, long minCalls, long maxCalls, long maxRepeats, long maxPairs) {
    }

    /** Used by {@link java.util.ServiceLoader}. */
    public TrajectoryScorerFactory() {
        super("trajectory");
    }

    @Override
    protected Config parse(ScorerParams params) {
        boolean hasCalls = params.has("calls");
        boolean graded = params.has("score");
        Mode mode = null;
        if (params.has("mode")) {
            Object m = params.value("mode").orElseThrow();
            mode = m instanceof String s ? byId(s) : null;
            if (mode == null) {
                params.problem("'mode' must be one of " + MODES + " but was " + Texts.json(m));
            } else if (!hasCalls) {
                params.problem("'mode' needs 'calls' (the expected calls it compares)");
            }
        } else if (hasCalls && !graded) {
            mode = Mode.STRICT;
        }
        TrajectoryScores.Score score = graded ? score(params, hasCalls) : null;
        double threshold = threshold(params, graded);
        ArgumentModes modes = ArgumentModes.parse(params);
        List<Expected> calls = hasCalls ? calls(params, modes) : null;
        List<String> neverCalled = params.has("never_called") ? params.strings("never_called") : null;
        long minCalls = params.has("min_calls") ? params.positiveInteger("min_calls") : -1;
        long maxCalls = params.has("max_calls") ? params.nonNegativeInteger("max_calls") : -1;
        long maxRepeats = params.has("max_repeats") ? params.positiveInteger("max_repeats") : -1;
        if (minCalls > 0 && maxCalls >= 0 && minCalls > maxCalls) {
            params.problem("'min_calls' " + minCalls + " is more than 'max_calls' " + maxCalls + ": no trajectory passes");
        }
        long maxPairs = CallMatching.DEFAULT_MAX_PAIRS;
        if (params.has("max_pairs")) {
            maxPairs = params.positiveInteger("max_pairs");
            if (mode != null && !ONE_TO_ONE.contains(mode) && !graded) {
                params.problem("'max_pairs' bounds the matching of modes unordered, subset and superset, not "
                        + mode.id());
            } else if (!hasCalls) {
                params.problem("'max_pairs' needs 'calls' (with mode unordered, subset or superset)");
            }
        }
        if (!hasCalls && neverCalled == null && !params.has("min_calls") && !params.has("max_calls")
                && !params.has("max_repeats")) {
            params.problem("needs at least one of 'calls' (with 'mode' or 'score'), 'never_called', 'min_calls',"
                    + " 'max_calls', 'max_repeats'");
        }
        return new Config(mode, calls, score, threshold, neverCalled, minCalls, maxCalls, maxRepeats, maxPairs);
    }

    private static Mode byId(String id) {
        for (Mode m : Mode.values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }

    private static TrajectoryScores.Score score(ScorerParams params, boolean hasCalls) {
        Object s = params.value("score").orElseThrow();
        for (TrajectoryScores.Score score : TrajectoryScores.Score.values()) {
            if (score.id().equals(s)) {
                if (!hasCalls) {
                    params.problem("'score' needs 'calls' (the expected calls it scores against)");
                }
                return score;
            }
        }
        params.problem("'score' must be one of " + String.join(", ", TrajectoryScores.IDS) + " but was "
                + Texts.json(s) + (s instanceof String name ? Suggestions.didYouMean(name, TrajectoryScores.IDS) : ""));
        return null;
    }

    private static double threshold(ScorerParams params, boolean graded) {
        if (!params.has("threshold")) {
            return 1.0;
        }
        Object t = params.value("threshold").orElseThrow();
        if (!graded) {
            params.problem("'threshold' needs 'score' (the score it applies to)");
        }
        if (t instanceof Number n && !(t instanceof Double d && d.isNaN()) && n.doubleValue() >= 0
                && n.doubleValue() <= 1) {
            return n.doubleValue();
        }
        params.problem("'threshold' must be a number from 0 to 1 but was " + Texts.json(t));
        return 1.0;
    }

    private static List<Expected> calls(ScorerParams params, ArgumentModes modes) {
        List<Object> entries = params.list("calls", "expected calls (a tool name or {name, args, arg_mode,"
                + " assertions})");
        List<Expected> out = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        List<Boolean> ownModes = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Object entry = entries.get(i);
            String where = "call " + (i + 1);
            if (entry instanceof String s && !s.isBlank()) {
                out.add(new Expected(s, null, modes.of(s, null), List.of(), s));
                indexes.add(i);
                ownModes.add(false);
                continue;
            }
            if (!(entry instanceof Map<?, ?> map)) {
                params.problem(ScorerProblem.at(where + " must be a tool name or a map with a name but was "
                        + Texts.json(entry), "calls", i));
                continue;
            }
            int before = params.problems().size();
            for (Object key : map.keySet()) {
                if (!CALL_KEYS.contains(String.valueOf(key))) {
                    params.problem(ScorerProblem.at(where + " has unknown key '" + key + "' (known: "
                            + String.join(", ", CALL_KEYS) + ")" + Suggestions.didYouMean(String.valueOf(key), CALL_KEYS),
                            "calls", i, String.valueOf(key)));
                }
            }
            Object name = map.get("name");
            if (!(name instanceof String n) || n.isBlank()) {
                List<Object> at = map.containsKey("name") ? List.of("calls", i, "name") : List.of("calls", i);
                params.problem(new ScorerProblem(at, where + (name == null ? " needs a name (the tool's)"
                        : " has a name that is not a non-blank string: " + Texts.json(name))));
            }
            Object args = map.get("args");
            if (args != null && !(args instanceof Map<?, ?>)) {
                params.problem(ScorerProblem.at(where + ": 'args' must be an object (tool arguments are an object)"
                        + " but was " + Texts.json(args), "calls", i, "args"));
            }
            ArgumentMode own = null;
            if (map.get("arg_mode") != null) {
                List<Object> at = List.of("calls", i, "arg_mode");
                own = ArgumentMode.parse(map.get("arg_mode"), where + ": 'arg_mode'", at, params);
                if (args == null) {
                    params.problem(new ScorerProblem(at, where + ": 'arg_mode' compares 'args', which this call"
                            + " does not have"));
                }
            }
            List<JsonPathAssertion> assertions = List.of();
            Object a = map.get("assertions");
            if (a != null) {
                if (a instanceof List<?> list && !list.isEmpty()) {
                    assertions = JsonPathAssertion.parseNested(list, where + " assertion",
                            List.of("calls", i, "assertions"), params);
                } else {
                    params.problem(ScorerProblem.at(where + ": 'assertions' must be a non-empty list of {path,"
                            + " comparators} maps but was " + Texts.json(a), "calls", i, "assertions"));
                }
            }
            if (params.problems().size() == before) {
                String tool = (String) name;
                out.add(new Expected(tool, (Map<?, ?>) args, modes.of(tool, own), assertions, map));
                indexes.add(i);
                ownModes.add(own != null);
            }
        }
        for (int k = 0; k < out.size(); k++) {
            modes.checkKeyPaths(indexes.get(k), out.get(k), ownModes.get(k), params);
        }
        return List.copyOf(out);
    }

    @Override
    protected Scorer scorer(Config config) {
        return ctx -> {
            List<ToolCall> actual = ctx.response().toolCalls();
            List<Check> checks = new ArrayList<>();
            if (config.calls() != null && config.mode() != null) {
                checks.add(callsCheck(config.mode(), config.calls(), actual, config.maxPairs()));
            }
            TrajectoryScores.Graded graded = null;
            if (config.calls() != null && config.score() != null) {
                String label = "trajectory " + config.score().id() + " >= " + TrajectoryScores.format(config.threshold())
                        + ": " + String.join(", ", config.calls().stream().map(Expected::name).toList());
                graded = TrajectoryScores.check(config.score(), config.threshold(), config.calls(), actual,
                        config.maxPairs(), label, describe(actual));
                checks.add(graded.check());
            }
            if (config.neverCalled() != null) {
                checks.add(neverCalled(config.neverCalled(), actual));
            }
            String counted = actual.size() + (actual.size() == 1 ? " call" : " calls");
            if (config.minCalls() >= 0) {
                String label = "min_calls " + config.minCalls();
                checks.add(actual.size() >= config.minCalls() ? Check.pass(label, counted)
                        : Check.fail(label, counted + ", min_calls " + config.minCalls()));
            }
            if (config.maxCalls() >= 0) {
                String label = "max_calls " + config.maxCalls();
                checks.add(actual.size() <= config.maxCalls() ? Check.pass(label, counted)
                        : Check.fail(label, counted + ", max_calls " + config.maxCalls()));
            }
            if (config.maxRepeats() >= 0) {
                checks.add(maxRepeats(config.maxRepeats(), actual));
            }
            ScoreResult result = ScoreResult.ofChecks(id(), checks);
            // Graded, the value is the chosen score, not the share of checks that held.
            return graded == null ? result : new ScoreResult(result.type(), result.status(), graded.value(),
                    result.reason(), result.checks(), null, null);
        };
    }

    private static Check callsCheck(Mode mode, List<Expected> expected, List<ToolCall> actual, long maxPairs) {
        String label = "trajectory " + mode.id() + ": "
                + String.join(", ", expected.stream().map(Expected::name).toList());
        String failure = switch (mode) {
            case STRICT -> strict(expected, actual);
            case IN_ORDER -> inOrder(expected, actual);
            case UNORDERED, SUPERSET, SUBSET -> matched(mode, expected, actual, maxPairs);
        };
        return failure == null ? Check.pass(label, describe(actual)) : Check.fail(label, failure + " (" + describe(actual) + ")");
    }

    /** The first position where the calls diverge, or null. */
    static String strict(List<Expected> expected, List<ToolCall> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            if (i >= actual.size()) {
                return "call " + (i + 1) + ": expected `" + expected.get(i).name() + "`, got no call ("
                        + actual.size() + " of " + expected.size() + " made)";
            }
            if (i >= expected.size()) {
                return "call " + (i + 1) + ": unexpected `" + actual.get(i).name() + "` (expected only "
                        + expected.size() + (expected.size() == 1 ? " call)" : " calls)");
            }
            String m = expected.get(i).mismatch(actual.get(i));
            if (m != null) {
                return "call " + (i + 1) + ": " + m;
            }
        }
        return null;
    }

    /** Earliest matching call after the previous match, per expected call; the first one not found, or null. */
    static String inOrder(List<Expected> expected, List<ToolCall> actual) {
        int next = 0;
        for (int e = 0; e < expected.size(); e++) {
            Expected want = expected.get(e);
            int at = -1;
            for (int i = next; i < actual.size() && at < 0; i++) {
                if (want.matches(actual.get(i))) {
                    at = i;
                }
            }
            if (at < 0) {
                String after = e == 0 ? "" : " after `" + expected.get(e - 1).name() + "` (call " + next + ")";
                return "expected call `" + want.name() + "` never made" + after + closest(want, actual, next);
            }
            next = at + 1;
        }
        return null;
    }

    private static String matched(Mode mode, List<Expected> expected, List<ToolCall> actual, long maxPairs) {
        CallMatching.Result matching = CallMatching.maximum(expected, actual, maxPairs, Expected::matches);
        if (matching.overLimit()) {
            return "not checked: matching " + expected.size() + " expected with " + actual.size() + " actual calls"
                    + " means comparing " + matching.pairs() + " pairs of same-named calls, more than max_pairs "
                    + maxPairs + "; raise 'max_pairs' on this trajectory scorer to check them";
        }
        int[] matchOfActual = matching.expectedOfActual();
        boolean[] expectedMatched = new boolean[expected.size()];
        for (int m : matchOfActual) {
            if (m >= 0) {
                expectedMatched[m] = true;
            }
        }
        if (mode != Mode.SUBSET) {
            for (int e = 0; e < expected.size(); e++) {
                if (!expectedMatched[e]) {
                    Expected want = expected.get(e);
                    long same = expected.stream().filter(x -> x.name().equals(want.name())).count();
                    String which = same > 1 ? " (expected call " + (e + 1) + ")" : "";
                    return "expected call `" + want.name() + "`" + which + " never made" + closest(want, actual, 0);
                }
            }
        }
        if (mode != Mode.SUPERSET) {
            for (int i = 0; i < matchOfActual.length; i++) {
                if (matchOfActual[i] < 0) {
                    ToolCall call = actual.get(i);
                    boolean named = expected.stream().anyMatch(x -> x.name().equals(call.name()));
                    return "call " + (i + 1) + ": unexpected `" + call.name() + "`" + (named
                            ? " (every expected `" + call.name() + "` is taken by another call or its arguments differ)"
                            : "");
                }
            }
        }
        return null;
    }

    /** Why the first same-named call from {@code from} on whose arguments fail does not match, if there is one. */
    private static String closest(Expected want, List<ToolCall> actual, int from) {
        for (int i = from; i < actual.size(); i++) {
            String m = actual.get(i).name().equals(want.name()) ? want.mismatch(actual.get(i)) : null;
            if (m != null) {
                return "; call " + (i + 1) + ": " + m;
            }
        }
        return "";
    }

    private static Check neverCalled(List<String> names, List<ToolCall> actual) {
        String label = "never_called: " + String.join(", ", names);
        for (int i = 0; i < actual.size(); i++) {
            if (names.contains(actual.get(i).name())) {
                return Check.fail(label, "`" + actual.get(i).name() + "` was called (never_called), call " + (i + 1));
            }
        }
        return Check.pass(label, describe(actual));
    }

    private static Check maxRepeats(long max, List<ToolCall> actual) {
        String label = "max_repeats " + max;
        int i = 0;
        while (i < actual.size()) {
            int j = i + 1;
            while (j < actual.size() && same(actual.get(i), actual.get(j))) {
                j++;
            }
            if (j - i > max) {
                return Check.fail(label, "`" + actual.get(i).name() + "` with the same arguments " + (j - i)
                        + " times in a row (max_repeats " + max + "), calls " + (i + 1) + "-" + j);
            }
            i = j;
        }
        return Check.pass(label, describe(actual));
    }

    private static boolean same(ToolCall a, ToolCall b) {
        return a.name().equals(b.name()) && JsonEquality.equal(a.arguments(), b.arguments());
    }

    private static String describe(List<ToolCall> actual) {
        return actual.isEmpty() ? "no tool calls"
                : "calls: " + String.join(", ", actual.stream().map(ToolCall::name).toList());
    }
}
