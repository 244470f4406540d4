package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.common.text.PlaceholderSyntax;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A judge prompt with a version. The text holds {@code {{placeholders}}}, replaced in one pass
 * (so a value that itself contains {@code {{answer}}} is never expanded):
 *
 * <table>
 * <caption>Placeholders</caption>
 * <tr><th>name</th><th>value</th></tr>
 * <tr><td>{@code question}</td><td>the user's input, fenced as data</td></tr>
 * <tr><td>{@code answer}</td><td>the agent's answer, fenced as data</td></tr>
 * <tr><td>{@code tool_calls}</td><td>the agent's tool calls with arguments and outputs, fenced as data</td></tr>
 * <tr><td>{@code criteria}</td><td>the criteria or rubric, or {@code (none)}</td></tr>
 * <tr><td>{@code reference}</td><td>the ground truth or reference answer, or {@code (none)}</td></tr>
 * <tr><td>{@code tools}</td><td>the declared tools, one {@code - name: description} per tool</td></tr>
 * <tr><td>{@code fence}</td><td>the id that ends every fence tag of this request</td></tr>
 * <tr><td>{@code transcript}</td><td>for conversation scorers and the user simulator, the whole
 *     conversation so far ({@code Turn n / User: / Agent:}), fenced as data</td></tr>
 * <tr><td>{@code persona}, {@code goal}</td><td>the user simulator's persona (or {@code (none)}) and goal</td></tr>
 * <tr><td>{@code turn}, {@code max_turns}</td><td>the user simulator's turn number and its limit</td></tr>
 * <tr><td>{@code ending}</td><td>the user simulator's rule for ending the conversation</td></tr>
 * </table>
 *
 * <p>In a file, the first non-blank line declares the version and the rest is the text:
 *
 * <pre>
 * # version: 2
 * Decide whether the agent's answer meets the criteria.
 * ...
 * </pre>
 *
 * The version is part of the judge cache key: change it whenever the text changes meaning.
 *
 * @param name    the template's name: a judge scorer type such as {@code correctness}, or
 *                {@code system}; never blank
 * @param version the version; never blank
 * @param text    the text with placeholders; never blank
 */
@API(status = MAINTAINED)
public record PromptTemplate(String name, String version, String text) {

    /** Every placeholder a template may use. */
    public static final List<String> PLACEHOLDERS =
            List.of("question", "answer", "tool_calls", "criteria", "reference", "tools", "fence", "transcript",
                    "persona", "goal", "turn", "max_turns", "ending");

    /** The placeholder syntax of suites and HTTP bodies, so a misspelled {@code {{tool-calls}}} is refused, not sent. */
    private static final Pattern PLACEHOLDER = PlaceholderSyntax.PATTERN;
    private static final Pattern VERSION = Pattern.compile("#\\s*version\\s*:\\s*(\\S.*?)\\s*");

    /** Validates: non-blank fields and known placeholders only. */
    public PromptTemplate {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(text, "text");
        if (name.isBlank() || version.isBlank() || text.isBlank()) {
            throw new IllegalArgumentException("prompt template name, version and text must not be blank");
        }
        Set<String> unknown = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (!PLACEHOLDERS.contains(m.group(1))) {
                unknown.add(m.group(1));
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("prompt template '" + name + "' uses unknown placeholder"
                    + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown.stream().map(u -> "{{" + u + "}}").toList())
                    + " (known: " + String.join(", ", PLACEHOLDERS) + ")");
        }
    }

    /**
     * Parses a template file's content: a {@code # version: ...} line, then the text.
     *
     * @param source where it came from, for messages (a file name or resource)
     * @throws ConfigurationException naming {@code source} when the version line is missing or
     *                                the text is invalid
     */
    public static PromptTemplate parse(String name, String content, String source) {
        String[] lines = content.replace("\r\n", "\n").split("\n", -1);
        int i = 0;
        while (i < lines.length && lines[i].isBlank()) {
            i++;
        }
        Matcher m = i < lines.length ? VERSION.matcher(lines[i].strip()) : null;
        if (m == null || !m.matches()) {
            throw new ConfigurationException("prompt template " + source + ": the first line must declare the version,"
                    + " e.g. '# version: 1'");
        }
        String text = String.join("\n", java.util.Arrays.asList(lines).subList(i + 1, lines.length)).strip();
        try {
            return new PromptTemplate(name, m.group(1), text);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("prompt template " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * The text with each placeholder replaced by its value; a placeholder without a value is
     * replaced by {@code (none)}.
     */
    public String render(Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? "(none)" : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code name@version}, as used in cache keys. */
    public String id() {
        return name + "@" + version;
    }
}
