package dev.agenteval.scorers.internal;

import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One comparator of a JSONPath assertion with its expected value, applied to the nodes a path
 * matched (the harness seed's semantics).
 *
 * @param name     the comparator, one of {@link JsonPathCheck#COMPARATORS}
 * @param expected the expected value as written
 * @param pattern  the compiled regex for {@code regex}, else null
 */
record Comparison(String name, Object expected, Pattern pattern) {

    /**
     * Parses one comparator, recording a problem prefixed by {@code where} and about the
     * parameter path {@code at} when its value has the wrong type; null then.
     */
    static Comparison parse(String name, Object value, String where, List<Object> at, ScorerParams params) {
        String bad = switch (name) {
            case "equals" -> null;
            case "contains" -> value instanceof List<?> l && !l.isEmpty() ? null : "a non-empty list";
            case "length", "count" -> isCount(value) ? null : "a whole number >= 0";
            case "min", "max" -> !(value instanceof Number n) ? "a number"
                    : Double.isFinite(n.doubleValue()) ? null : "a finite number";
            case "regex" -> value instanceof String ? null : "a string";
            case "exists" -> value instanceof Boolean ? null : "true or false";
            default -> throw new IllegalArgumentException("unknown comparator " + name);
        };
        if (bad != null) {
            params.problem(new ScorerProblem(at, where + ": '" + name + "' must be " + bad + " but was " + Texts.json(value)));
            return null;
        }
        Pattern pattern = null;
        if (name.equals("regex")) {
            pattern = RegexScorerFactory.compile((String) value, where + ": 'regex'", at, params);
            if (pattern == null) {
                return null;
            }
        }
        return new Comparison(name, value, pattern);
    }

    /** E.g. {@code length=4} or {@code contains=["TEMP", "SYS"]}. */
    String label() {
        return name + "=" + (pattern != null ? pattern.pattern() : Texts.json(expected));
    }

    /** Why the comparison fails on {@code matched}, or null when it holds. */
    String failure(List<Object> matched) {
        return switch (name) {
            case "equals" -> equalsFailure(matched);
            case "contains" -> containsFailure(matched);
            case "length" -> lengthFailure(matched);
            case "count" -> matched.size() == wholeNumber(expected) ? null
                    : "count " + matched.size() + ", expected " + expected;
            case "min", "max" -> boundFailure(matched);
            case "regex" -> regexFailure(matched);
            case "exists" -> existsFailure(matched);
            default -> throw new IllegalStateException(name);
        };
    }

    // A list compares with the matches themselves: $.tags[*] equals [a, b], $.tags does not
    // (its matches are [[a, b]]). Any other value needs a match, and every match equal to it.
    private String equalsFailure(List<Object> matched) {
        if (expected instanceof List<?>) {
            return JsonSubset.matchesInOrder(expected, matched) ? null
                    : "expected the matches to be " + Texts.json(expected) + " but they were " + Texts.json(matched);
        }
        if (matched.isEmpty()) {
            return "matched nothing";
        }
        for (Object v : matched) {
            if (!JsonSubset.matchesInOrder(expected, v)) {
                return "expected " + Texts.json(expected) + " but was " + Texts.json(matched.size() == 1 ? v : matched);
            }
        }
        return null;
    }

    // Each needle must match one matched node; a matched array is a node, not a list to look into.
    private String containsFailure(List<Object> matched) {
        for (Object item : (List<?>) expected) {
            if (matched.stream().noneMatch(v -> JsonSubset.matchesInOrder(item, v))) {
                return matched.isEmpty() ? "matched nothing"
                        : "missing " + Texts.json(item) + " among the matches " + Texts.json(matched);
            }
        }
        return null;
    }

    // One matched list or string: its length; otherwise the number of matches (never an object's key count).
    private String lengthFailure(List<Object> matched) {
        long length;
        String of;
        Object single = matched.size() == 1 ? matched.get(0) : null;
        if (single instanceof List<?> l) {
            length = l.size();
            of = "list";
        } else if (single instanceof String s) {
            length = s.codePointCount(0, s.length());
            of = "string";
        } else {
            length = matched.size();
            of = "matches";
        }
        return length == wholeNumber(expected) ? null : "length " + length + " (" + of + "), expected " + expected;
    }

    private String boundFailure(List<Object> matched) {
        if (matched.isEmpty()) {
            return "matched nothing";
        }
        boolean min = name.equals("min");
        for (Object v : matched) {
            if (!(v instanceof Number n)) {
                return Texts.json(v) + " is not a number";
            }
            int c = JsonEquality.compare(n, (Number) expected);
            if (min ? c < 0 : c > 0) {
                return Texts.json(v) + " is " + (min ? "below min " : "above max ") + Texts.json(expected);
            }
        }
        return null;
    }

    private String regexFailure(List<Object> matched) {
        if (matched.isEmpty()) {
            return "matched nothing";
        }
        for (Object v : matched) {
            if (!(v instanceof String s)) {
                return Texts.json(v) + " is not a string";
            }
            if (!pattern.matcher(s).find()) {
                return Texts.json(s) + " does not match " + pattern.pattern();
            }
        }
        return null;
    }

    private String existsFailure(List<Object> matched) {
        boolean wanted = (Boolean) expected;
        if (wanted == !matched.isEmpty()) {
            return null;
        }
        return wanted ? "matched nothing, expected a match"
                : "matched " + Texts.plural(matched.size(), "node") + ", expected none";
    }

    private static boolean isCount(Object value) {
        return wholeNumber(value) >= 0;
    }

    /** A whole-number comparator's value; -1 when it is none (never, once parsed). */
    private static long wholeNumber(Object value) {
        return ScorerParams.wholeNumber(value).orElse(-1);
    }
}
