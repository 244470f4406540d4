package dev.agenteval.yaml.internal;

import dev.agenteval.api.ConfigurationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Collects every problem found while loading, so a user sees all mistakes of a file at once,
 * file by file and in line order.
 */
public final class Problems {

    private static final Comparator<Problem> ORDER = Comparator
            .comparingInt((Problem p) -> p.file().order())
            .thenComparingInt(Problem::line)
            .thenComparingInt(Problem::column)
            .thenComparingLong(Problem::seq);

    /** The longest user text a message repeats in full; longer text is shortened. */
    static final int MAX_SHOWN = 80;
    /** The most characters of a field path or message rendered, whatever the input. */
    static final int MAX_RENDERED = 2000;

    private final List<Problem> problems = new ArrayList<>();

    /** One problem; {@code line} 0 means the whole file. */
    record Problem(SourceFile file, int line, int column, String path, String caseId, String message, long seq) {

        String render() {
            StringBuilder sb = new StringBuilder(file.display());
            if (line > 0) {
                sb.append(':').append(line).append(':').append(column);
            }
            sb.append(": ");
            if (!path.isEmpty()) {
                sb.append(cut(path));
                if (caseId != null) {
                    sb.append(" (case ").append(quote(caseId)).append(")");
                }
                sb.append(": ");
            }
            return sb.append(cut(message)).toString();
        }

        private static String cut(String text) {
            return text.length() <= MAX_RENDERED ? text
                    : prefix(text, MAX_RENDERED) + "… (cut: " + text.length() + " characters)";
        }
    }

    /**
     * User text quoted for a message: {@code 'text'}, or when it is longer than
     * {@link #MAX_SHOWN} characters its start and length, {@code 'kkkk…' (8388608 characters)}.
     */
    public static String quote(String text) {
        if (text.length() <= MAX_SHOWN) {
            return "'" + text + "'";
        }
        return "'" + prefix(text, MAX_SHOWN / 2) + "…' (" + text.length() + " characters)";
    }

    /** User text for a field path or a message without quotes, shortened like {@link #quote}. */
    public static String shorten(String text) {
        return text.length() <= MAX_SHOWN ? text : prefix(text, MAX_SHOWN / 2) + "…";
    }

    /** The first {@code n} characters of {@code text}, not splitting a surrogate pair. */
    private static String prefix(String text, int n) {
        int end = Math.min(n, text.length());
        if (end > 0 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** Adds a problem at a position of a file. */
    public void add(SourceFile file, int line, int column, String path, String caseId, String message) {
        problems.add(new Problem(file, line, column, path, caseId, message, problems.size()));
    }

    /** Adds a problem about a whole file (unreadable, too large, ...). */
    public void addFile(SourceFile file, String message) {
        add(file, 0, 0, "", null, message);
    }

    /** True when nothing was reported. */
    public boolean isEmpty() {
        return problems.isEmpty();
    }

    /** The number of problems so far. */
    public int size() {
        return problems.size();
    }

    /**
     * The problems rendered, file by file in line order, each once (a mistake in a shared
     * {@code _defaults.yaml} is found again by every suite under it).
     */
    public List<String> rendered() {
        return problems.stream().sorted(ORDER).map(Problem::render).distinct().toList();
    }

    /** Throws one exception listing every problem, if there is any. */
    public void throwIfAny() {
        if (!problems.isEmpty()) {
            throw new ConfigurationException(rendered());
        }
    }
}
