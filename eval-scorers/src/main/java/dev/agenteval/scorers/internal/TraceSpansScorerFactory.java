package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.common.text.Suggestions;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code trace_spans}: assertions on the agent's own spans of the turn
 * ({@code AgentResponse#traceSpans}, received with {@code --otel-receiver}), as promptfoo's
 * {@code trace-span-count}, {@code trace-error-spans} and {@code trace-span-duration}:
 * <ul>
 * <li>{@code span_count}: a list of {@code {pattern, min, max}}, the number of spans whose name
 *     matches the glob {@code pattern} ({@code *} any characters, {@code ?} one; the whole name) is
 *     within {@code min..max} (either optional, one required);</li>
 * <li>{@code error_spans}: at most this many spans have an error status, 0 by default (so none is
 *     allowed even when the parameter is absent); a number, or {@code {max, pattern}};</li>
 * <li>{@code max_duration_ms}: no span (matching {@code pattern}) took longer; a number, or
 *     {@code {max, pattern}}.</li>
 * </ul>
 * A response with no spans fetched (no receiver) is an error, never a verdict.
 */
public final class TraceSpansScorerFactory extends TypedScorerFactory<TraceSpansScorerFactory.Spec> {

    /** The error of a turn scored without the agent's trace. */
    static final String NO_TRACE = "no agent trace: run with --otel-receiver";

    private static final Set<String> COUNT_KEYS = Set.of("pattern", "min", "max");
    private static final Set<String> LIMIT_KEYS = Set.of("pattern", "max");

    /** A span-count assertion: spans named like {@code pattern}, {@code min..max} of them (-1 for no bound). */
    record Count(String pattern, long min, long max) {
    }

    /** A limit on the spans named like {@code pattern} ({@code *} for all). */
    record Limit(String pattern, long max) {
    }

    /** The parsed parameters; {@code duration} null when not asserted. */
    record Spec(List<Count> counts, Limit errors, Limit duration) {
    }

    /** Used by {@link java.util.ServiceLoader}. */
    public TraceSpansScorerFactory() {
        super("trace_spans");
    }

    @Override
    public boolean readsSpans() {
        return true;
    }

    @Override
    protected Spec parse(ScorerParams params) {
        List<Count> counts = new ArrayList<>();
        Object sc = params.value("span_count").orElse(null);
        if (sc != null && !(sc instanceof List<?> l && !l.isEmpty())) {
            params.problem(ScorerProblem.at("'span_count' must be a non-empty list of {pattern, min, max} but was "
                    + ScorerParams.describe(sc), "span_count"));
        } else if (sc != null) {
            List<?> items = (List<?>) sc;
            for (int i = 0; i < items.size(); i++) {
                Map<?, ?> item = object(params, items.get(i), "{pattern, min, max}", COUNT_KEYS, "span_count", i);
                if (item != null) {
                    String pattern = pattern(params, item, true, "span_count", i);
                    long min = bound(params, item, "min", "span_count", i);
                    long max = bound(params, item, "max", "span_count", i);
                    if (min < 0 && max < 0) {
                        params.problem(ScorerProblem.at("'span_count' item " + (i + 1) + " needs 'min' or 'max'",
                                "span_count", i));
                    } else if (max >= 0 && min > max) {
                        params.problem(ScorerProblem.at("'span_count' item " + (i + 1) + ": 'min' " + min
                                + " is greater than 'max' " + max, "span_count", i, "min"));
                    }
                    counts.add(new Count(pattern, min, max));
                }
            }
        }
        Limit errors = limit(params, "error_spans");
        Limit duration = limit(params, "max_duration_ms");
        return new Spec(counts, errors == null ? new Limit("*", 0) : errors, duration);
    }

    private static Limit limit(ScorerParams params, String name) {
        Object v = params.value(name).orElse(null);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Map<?, ?>)) {
            long max = ScorerParams.wholeNumber(v).orElse(-1);
            if (max < 0) {
                params.problem(ScorerProblem.at("'" + name + "' must be a whole number >= 0 or {max, pattern} but was "
                        + ScorerParams.describe(v), name));
            }
            return new Limit("*", max);
        }
        Map<?, ?> m = object(params, v, "{max, pattern}", LIMIT_KEYS, name, -1);
        if (m == null) {
            return null;
        }
        long max = bound(params, m, "max", name, -1);
        if (m.get("max") == null) {
            params.problem(ScorerProblem.at("'" + name + "' needs 'max' (a whole number >= 0)", name, "max"));
        }
        return new Limit(pattern(params, m, false, name, -1), max);
    }

    /** {@code v} as an object with only {@code keys}, or null after recording a problem. */
    private static Map<?, ?> object(ScorerParams params, Object v, String shape, Set<String> keys, String name, int i) {
        String where = where(name, i);
        if (!(v instanceof Map<?, ?> m)) {
            params.problem(at(where + " must be " + shape + " but was " + ScorerParams.describe(v), name, i));
            return null;
        }
        for (Object k : m.keySet()) {
            if (!keys.contains(String.valueOf(k))) {
                params.problem(at(where + ": unknown key '" + k + "'" + Suggestions.didYouMean(String.valueOf(k), keys)
                        + " (known: " + String.join(", ", keys.stream().sorted().toList()) + ")", name, i, String.valueOf(k)));
            }
        }
        return m;
    }

    private static String pattern(ScorerParams params, Map<?, ?> m, boolean required, String name, int i) {
        Object p = m.get("pattern");
        if (p == null && !required) {
            return "*";
        }
        if (p instanceof String s && !s.isBlank()) {
            return s;
        }
        params.problem(at(where(name, i) + ": 'pattern' must be a non-blank glob but was "
                + (p == null ? "missing" : ScorerParams.describe(p)), name, i, "pattern"));
        return "*";
    }

    private static long bound(ScorerParams params, Map<?, ?> m, String key, String name, int i) {
        Object v = m.get(key);
        if (v == null) {
            return -1;
        }
        long n = ScorerParams.wholeNumber(v).orElse(-1);
        if (n < 0) {
            params.problem(at(where(name, i) + ": '" + key + "' must be a whole number >= 0 but was "
                    + ScorerParams.describe(v), name, i, key));
        }
        return n;
    }

    private static String where(String name, int i) {
        return i < 0 ? "'" + name + "'" : "'" + name + "' item " + (i + 1);
    }

    private static ScorerProblem at(String message, String name, int i, Object... more) {
        List<Object> path = new ArrayList<>();
        if (i >= 0) {
            path.add(i);
        }
        path.addAll(List.of(more));
        return ScorerProblem.at(message, name, path.toArray());
    }

    @Override
    protected Scorer scorer(Spec spec) {
        return ctx -> {
            List<Map<String, Object>> spans = ctx.response().traceSpans().orElse(null);
            if (spans == null) {
                return ScoreResult.errored(id(), InfrastructureFailure.of(FailureCode.INTERNAL, NO_TRACE));
            }
            List<Check> checks = new ArrayList<>();
            for (Count c : spec.counts()) {
                List<String> names = names(matching(spans, c.pattern()));
                String label = "span_count '" + c.pattern() + "'";
                String detail = names.size() + " span" + (names.size() == 1 ? "" : "s") + listed(names);
                boolean ok = (c.min() < 0 || names.size() >= c.min()) && (c.max() < 0 || names.size() <= c.max());
                checks.add(ok ? Check.pass(label, detail) : Check.fail(label, detail + ", expected " + range(c)));
            }
            Limit e = spec.errors();
            List<String> errors = matching(spans, e.pattern()).stream()
                    .filter(s -> "error".equals(s.get("status")))
                    .map(s -> name(s) + (String.valueOf(s.getOrDefault("statusMessage", "")).isEmpty() ? ""
                            : ": " + s.get("statusMessage")))
                    .toList();
            String errorLabel = "error_spans" + ("*".equals(e.pattern()) ? "" : " '" + e.pattern() + "'");
            String errorDetail = errors.size() + " error span" + (errors.size() == 1 ? "" : "s") + listed(errors);
            checks.add(errors.size() <= e.max() ? Check.pass(errorLabel, errorDetail)
                    : Check.fail(errorLabel, errorDetail + ", at most " + e.max() + " allowed"));
            Limit d = spec.duration();
            if (d != null) {
                List<String> slow = new ArrayList<>();
                long longest = 0;
                for (Map<String, Object> s : matching(spans, d.pattern())) {
                    long ms = millis(s);
                    longest = Math.max(longest, ms);
                    if (ms > d.max()) {
                        slow.add(name(s) + " " + ms + " ms");
                    }
                }
                String label = "max_duration_ms" + ("*".equals(d.pattern()) ? "" : " '" + d.pattern() + "'");
                checks.add(slow.isEmpty() ? Check.pass(label, "longest " + longest + " ms")
                        : Check.fail(label, slow.size() + " span" + (slow.size() == 1 ? "" : "s") + " over "
                                + d.max() + " ms" + listed(slow)));
            }
            return ScoreResult.ofChecks(id(), checks);
        };
    }

    private static String range(Count c) {
        if (c.max() < 0) {
            return "at least " + c.min();
        }
        return c.min() < 0 ? "at most " + c.max() : c.min() + ".." + c.max();
    }

    private static String listed(List<String> items) {
        return items.isEmpty() ? "" : " (" + String.join(", ", items) + ")";
    }

    private static List<Map<String, Object>> matching(List<Map<String, Object>> spans, String glob) {
        Pattern p = glob(glob);
        return spans.stream().filter(s -> p.matcher(name(s)).matches()).toList();
    }

    private static List<String> names(List<Map<String, Object>> spans) {
        return spans.stream().map(TraceSpansScorerFactory::name).toList();
    }

    private static String name(Map<String, Object> span) {
        return String.valueOf(span.getOrDefault("name", ""));
    }

    private static long millis(Map<String, Object> span) {
        long start = span.get("startUnixNano") instanceof Number n ? n.longValue() : 0;
        long end = span.get("endUnixNano") instanceof Number n ? n.longValue() : start;
        return Math.max(0, end - start) / 1_000_000;
    }

    /** A glob as a regex: {@code *} any characters, {@code ?} one, everything else literal. */
    static Pattern glob(String glob) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char ch : glob.toCharArray()) {
            if (ch == '*' || ch == '?') {
                if (!literal.isEmpty()) {
                    re.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                re.append(ch == '*' ? ".*" : ".");
            } else {
                literal.append(ch);
            }
        }
        if (!literal.isEmpty()) {
            re.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
