package dev.agenteval.scorers.internal;

/** Short renderings of values for check labels and details. */
final class Texts {

    static final int MAX_RENDERED = 120;

    private Texts() {
    }

    /** A JSON value as the harness would print it, cut to a readable length. */
    static String json(Object value) {
        return truncate(HarnessJson.dumps(value), MAX_RENDERED);
    }

    /** {@code s} cut to {@code max} characters, marked with an ellipsis when cut. */
    static String truncate(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end) + "…";
    }

    /** The text around the first occurrence at {@code index} of a match of {@code length}. */
    static String excerpt(String haystack, int index, int length) {
        int context = 30;
        int start = Math.max(0, index - context);
        int end = Math.min(haystack.length(), index + length + context);
        return (start > 0 ? "…" : "") + haystack.substring(start, end) + (end < haystack.length() ? "…" : "");
    }

    /** "1 thing" / "2 things". */
    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
