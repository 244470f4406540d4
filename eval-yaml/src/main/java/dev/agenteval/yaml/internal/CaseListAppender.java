package dev.agenteval.yaml.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.yaml.internal.YamlValue.Entry;
import dev.agenteval.yaml.internal.YamlValue.Mapping;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import dev.agenteval.yaml.internal.YamlValue.Sequence;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Adds a case to the text of a platform-dialect suite file, keeping every other line as written:
 * the case goes after the last item of the root {@code cases} block list, at that list's
 * indentation, or into a new {@code cases} list at the end when the file has none. Or replaces
 * one item of that list ({@link #replace}).
 */
public final class CaseListAppender {

    private CaseListAppender() {
    }

    /**
     * {@code text} with the case added.
     *
     * @param file   the file the text comes from, for messages
     * @param text   the file's text
     * @param caseAt the case as a YAML list item whose {@code -} is at the given column, ending
     *               with a newline
     * @throws ConfigurationException when the text is not one YAML mapping, is a harness-dialect
     *                                suite, or writes {@code cases} other than as a block list
     */
    public static String append(Path file, String text, IntFunction<String> caseAt) {
        List<Entry> entries = rootMapping(file, text).entries();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            String key = entry.key().text();
            refuseHarness(file, key);
            if (!key.equals("cases")) {
                continue;
            }
            Sequence cases = blockList(entry.value(), lines);
            if (cases == null) {
                throw new ConfigurationException(file + ":" + entry.key().line()
                        + ": 'cases' is not a block list ('- id: ...' items, one per line): write it as one to record into it");
            }
            int insertAt = i + 1 < entries.size()
                    ? lineAfterLastContent(lines, entries.get(i + 1).key().line() - 1)
                    : lineAfterLastContent(lines, lines.length);
            return insert(lines, insertAt, caseAt.apply(cases.column() - 1));
        }
        String base = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        return base + "cases:\n" + caseAt.apply(2);
    }

    /**
     * {@code text} with the item of the root {@code cases} list whose {@code id} is {@code caseId}
     * replaced by the new case, at the same place and indentation.
     *
     * @throws ConfigurationException when the text has no such item in its own {@code cases}
     *                                block list (e.g. the case lives in an included file)
     */
    public static String replace(Path file, String text, String caseId, IntFunction<String> caseAt) {
        List<Entry> entries = rootMapping(file, text).entries();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            refuseHarness(file, entry.key().text());
            Sequence cases = entry.key().text().equals("cases") ? blockList(entry.value(), lines) : null;
            if (cases == null) {
                continue;
            }
            List<YamlValue> items = cases.items();
            for (int j = 0; j < items.size(); j++) {
                if (!caseId.equals(idOf(items.get(j)))) {
                    continue;
                }
                int from = items.get(j).line() - 1;
                int next = j + 1 < items.size() ? items.get(j + 1).line() - 1
                        : i + 1 < entries.size() ? entries.get(i + 1).key().line() - 1 : lines.length;
                int to = lineAfterLastContent(lines, next);
                StringBuilder sb = new StringBuilder();
                for (int l = 0; l < from; l++) {
                    sb.append(lines[l]).append('\n');
                }
                sb.append(caseAt.apply(cases.column() - 1));
                for (int l = to; l < lines.length; l++) {
                    sb.append(lines[l]);
                    if (l < lines.length - 1) {
                        sb.append('\n');
                    }
                }
                return sb.toString();
            }
        }
        throw new ConfigurationException(file + ": case '" + caseId + "' is not in this file's own 'cases' list"
                + " (is it in an included file?): replace it in the file that holds it");
    }

    private static void refuseHarness(Path file, String key) {
        if (key.equals("evals") || key.equals("globals")) {
            // The harness dialect has no expectation for the tools called, nor a judged rubric.
            throw new ConfigurationException(file + ": is a harness-dialect suite ('" + key + "'): recorded cases are "
                    + "written in the platform dialect ('cases'); record into another file");
        }
    }

    private static String idOf(YamlValue item) {
        return item instanceof Mapping m && m.byKey().get("id") != null
                && m.byKey().get("id").value() instanceof Scalar id ? id.text() : null;
    }

    /**
     * {@code value} when it is a block list ({@code - } items, one per line), the list whose
     * column is its first dash; null for a flow list ({@code [a, b]}) or anything else.
     */
    private static Sequence blockList(YamlValue value, String[] lines) {
        if (!(value instanceof Sequence list)) {
            return null;
        }
        String line = list.line() - 1 < lines.length ? lines[list.line() - 1] : "";
        return line.startsWith("-", list.column() - 1) ? list : null;
    }

    /** The suite's root mapping, read safely by {@link YamlReader} (its problems name the file, line and column). */
    private static Mapping rootMapping(Path file, String text) {
        YamlValue root = YamlFiles.parse(text, file.toString()).value();
        if (!(root instanceof Mapping mapping)) {
            throw new ConfigurationException(file + ": the suite is not a mapping with 'cases'");
        }
        return mapping;
    }

    /**
     * The line to insert at so that the case follows the list's last item: before {@code next}
     * (the next root key, or the end), moving up over blank lines and comments at column 0,
     * which belong to what follows.
     */
    private static int lineAfterLastContent(String[] lines, int next) {
        int at = next;
        while (at > 0 && (lines[at - 1].isBlank() || lines[at - 1].startsWith("#"))) {
            at--;
        }
        return at;
    }

    private static String insert(String[] lines, int at, String block) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < at; i++) {
            sb.append(lines[i]).append('\n');
        }
        sb.append(block);
        for (int i = at; i < lines.length; i++) {
            sb.append(lines[i]);
            if (i < lines.length - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
