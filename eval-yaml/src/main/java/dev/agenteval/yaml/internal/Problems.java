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
                sb.append(path);
                if (caseId != null) {
                    sb.append(" (case '").append(caseId).append("')");
                }
                sb.append(": ");
            }
            return sb.append(message).toString();
        }
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

    /** The problems rendered, file by file in line order. */
    public List<String> rendered() {
        return problems.stream().sorted(ORDER).map(Problem::render).toList();
    }

    /** Throws one exception listing every problem, if there is any. */
    public void throwIfAny() {
        if (!problems.isEmpty()) {
            throw new ConfigurationException(rendered());
        }
    }
}
