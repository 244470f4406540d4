package dev.agenteval.common.text;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.function.Function;

/**
 * What is wrong with a JSONPath expression, said in a sentence with the character it is about,
 * before a JSONPath compiler sees it: the compiler (Jayway json-path) answers some malformed paths
 * with a raw {@code StringIndexOutOfBoundsException} and silently accepts others ({@code $.a[}
 * reads as {@code $.a}). The shared gate of every JSONPath written in a suite or a setting
 * (the {@code jsonpath}, {@code tool_args} and {@code trajectory} assertions, the agent clients'
 * {@code *Path} settings). Exported only to agent-eval's modules.
 */
public final class JsonPathSyntax {

    private JsonPathSyntax() {
    }

    /**
     * The compiled path, or why {@code expression} is not one: exactly one is not null.
     *
     * @param <T> the compiler's type of a compiled path
     */
    public record Compiled<T>(T path, String problem) {
    }

    /**
     * {@code expression} checked by {@link #problem} then compiled by {@code compiler}; whatever
     * the compiler throws becomes the problem, in its own words unless those are a raw Java
     * exception's, never the exception itself.
     */
    public static <T> Compiled<T> compile(String expression, Function<String, T> compiler) {
        Optional<String> problem = problem(expression);
        if (problem.isPresent()) {
            return new Compiled<>(null, problem.get());
        }
        try {
            return new Compiled<>(compiler.apply(expression), null);
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            boolean raw = message.contains("Exception") || message.startsWith("java.") || message.equals("null");
            return new Compiled<>(null, raw ? "it is not a complete JSONPath expression" : message);
        }
    }

    /**
     * Why {@code expression} is not a well-formed JSONPath, e.g. {@code "the '[' at character 2
     * is never closed"}; empty when its structure is sound (the compiler may still refuse it).
     * Checked: not empty, starts with {@code $}, brackets, parentheses, quotes and filter regexes
     * ({@code =~ /.../}) closed in order, no trailing {@code .} or {@code ..}. Characters are
     * counted from 1.
     */
    public static Optional<String> problem(String expression) {
        if (expression == null || expression.isBlank()) {
            return Optional.of("it is empty; a JSONPath starts with '$' (the root), as in $.items");
        }
        if (expression.charAt(0) != '$') {
            return Optional.of("it does not start with '$' (the root), as in $.items or $['a b']");
        }
        Deque<Integer> open = new ArrayDeque<>();
        boolean regexNext = false; // after =~ (and blanks) a '/' opens a regex, whose brackets are its own
        for (int i = 1; i < expression.length(); i++) {
            char c = expression.charAt(i);
            boolean afterMatchOperator = regexNext;
            regexNext = c == '~' && expression.charAt(i - 1) == '=' || regexNext && Character.isWhitespace(c);
            switch (c) {
                case '\'', '"' -> {
                    int end = closing(expression, i, c);
                    if (end < 0) {
                        return Optional.of("the quote (" + c + ") at character " + (i + 1) + " is never closed");
                    }
                    i = end;
                }
                case '/' -> {
                    int end = afterMatchOperator ? closing(expression, i, '/') : i;
                    if (end < 0) {
                        return Optional.of("the regex at character " + (i + 1) + " is never closed by a '/'");
                    }
                    i = end;
                }
                case '[', '(' -> open.push(i);
                case ']', ')' -> {
                    char opener = c == ']' ? '[' : '(';
                    if (open.isEmpty()) {
                        return Optional.of("the '" + c + "' at character " + (i + 1) + " closes nothing (no '" + opener
                                + "' is open)");
                    }
                    int from = open.pop();
                    if (expression.charAt(from) != opener) {
                        return Optional.of("the '" + expression.charAt(from) + "' at character " + (from + 1)
                                + " is closed by '" + c + "' at character " + (i + 1));
                    }
                }
                case '.' -> {
                    if (open.isEmpty() && expression.substring(i).chars().allMatch(ch -> ch == '.')) {
                        return Optional.of("it ends with '" + expression.substring(i) + "' at character " + (i + 1)
                                + "; a name, * or [...] must follow");
                    }
                }
                default -> {
                    // names, operators and the rest are the compiler's to judge
                }
            }
        }
        if (!open.isEmpty()) {
            int from = open.peek();
            return Optional.of("the '" + expression.charAt(from) + "' at character " + (from + 1) + " is never closed");
        }
        return Optional.empty();
    }

    /** The index of the unescaped {@code quote} closing the one at {@code from}, or -1. */
    private static int closing(String s, int from, char quote) {
        for (int i = from + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i;
            }
        }
        return -1;
    }
}
