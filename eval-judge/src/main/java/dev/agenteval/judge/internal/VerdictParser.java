package dev.agenteval.judge.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a verdict out of a judge's reply, tolerantly but never inventing one:
 * <ol>
 * <li>{@code <think>...</think>} blocks of reasoning models are dropped;</li>
 * <li>JSON objects are looked for in code fences, in the whole reply and embedded in prose
 *     (single quotes, unquoted names and trailing commas allowed); the first one that holds a
 *     verdict or a score wins;</li>
 * <li>otherwise the reply is read as text: a first word such as {@code YES}, {@code PASS} or
 *     {@code false}, or a line like {@code Verdict: fail}, plus an optional {@code Score: 0.8},
 *     {@code 8/10} or {@code 80%}.</li>
 * </ol>
 * A verdict is a boolean, or a string (case, quotes and punctuation ignored) such as
 * {@code pass}, {@code yes}, {@code "true"}, {@code correct} or {@code fail}, {@code no},
 * {@code "false"}, {@code incorrect}. A score is a number in 0..1, a percentage or a fraction
 * with an explicit denominator; other numbers are not guessed at. A score without a verdict
 * passes when it reaches the threshold; a verdict without a usable score scores 1 or 0.
 * Anything else is {@link Unclear}.
 */
public final class VerdictParser {

    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                    JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_JAVA_COMMENTS,
                    JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();

    private static final Set<String> PASS = Set.of("pass", "passed", "passes", "yes", "y", "true", "correct",
            "ok", "success", "successful", "accept", "accepted", "approve", "approved", "meets", "met", "valid");
    private static final Set<String> FAIL = Set.of("fail", "failed", "fails", "no", "n", "false", "incorrect",
            "wrong", "failure", "reject", "rejected", "invalid");
    private static final List<String> VERDICT_KEYS = List.of("verdict", "passed", "pass", "result", "decision",
            "judgement", "judgment", "outcome", "correct", "answer", "grade");
    private static final Set<String> BOOLEAN_KEYS = Set.of("passed", "pass", "correct");
    private static final List<String> SCORE_KEYS = List.of("score", "rating");
    private static final List<String> REASON_KEYS = List.of("reason", "reasoning", "explanation", "rationale",
            "justification", "comment", "why");

    private static final Pattern THINK = Pattern.compile("(?is)<think>.*?</think>");
    private static final Pattern CODE_FENCE = Pattern.compile("(?s)```[A-Za-z0-9_-]*\\s*\\n?(.*?)```");
    private static final Pattern VERDICT_LINE = Pattern.compile(
            "(?im)^[\\s*#>_`-]*(?:final\\s+)?(?:verdict|decision|result|answer|judgement|judgment)\\s*[:=-]\\s*[*_`\"']*([A-Za-z]+)");
    private static final Pattern SCORE_TEXT = Pattern.compile(
            "(?i)\\bscore\\s*(?:of|is)?\\s*[:=]?\\s*[*_`\"']*(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(%|/\\s*\\d+(?:\\.\\d+)?)?");
    // A first word counts only when it stands alone ("YES", "No.", "Pass: ..."), not when it
    // opens a sentence ("No issues found" is not a fail).
    private static final Pattern FIRST_WORD = Pattern.compile(
            "^[\\s*#>_`\"'-]*([A-Za-z]+)[*_`\"']*\\s*(?:$|[.,:;!)\\u2013\\u2014-])");
    private static final Pattern NUMBER = Pattern.compile(
            "\\s*(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(%|/\\s*\\d+(?:\\.\\d+)?)?\\s*");

    private VerdictParser() {
    }

    /**
     * A verdict read from a reply.
     *
     * @param passed whether the answer passes
     * @param score  the score in 0..1
     * @param reason the judge's reason; empty when it gave none
     */
    public record Parsed(boolean passed, double score, String reason) {
    }

    /** The reply held no clear verdict; the message says why. */
    public static final class Unclear extends Exception {
        private static final long serialVersionUID = 1L;

        Unclear(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Reads the verdict of {@code reply}.
     *
     * @param threshold the score at or above which a score without a verdict passes
     * @throws Unclear when the reply holds no clear verdict
     */
    public static Parsed parse(String reply, double threshold) throws Unclear {
        if (reply == null || reply.isBlank()) {
            throw new Unclear("the reply was empty");
        }
        String text = THINK.matcher(reply).replaceAll("").strip();
        if (text.isEmpty()) {
            throw new Unclear("the reply held only reasoning");
        }
        Unclear jsonProblem = null;
        for (JsonNode object : jsonObjects(text)) {
            try {
                Parsed p = fromObject(object, threshold);
                if (p != null) {
                    return p;
                }
            } catch (Unclear e) {
                jsonProblem = jsonProblem == null ? e : jsonProblem;
            }
        }
        if (jsonProblem != null) {
            throw jsonProblem;
        }
        return fromText(text, threshold);
    }

    private static List<JsonNode> jsonObjects(String text) {
        List<String> candidates = new ArrayList<>();
        Matcher fence = CODE_FENCE.matcher(text);
        while (fence.find()) {
            candidates.add(fence.group(1));
        }
        candidates.add(text);
        for (int i = text.indexOf('{'); i >= 0 && candidates.size() < 20; i = text.indexOf('{', i + 1)) {
            int end = matchingBrace(text, i);
            if (end > i) {
                candidates.add(text.substring(i, end + 1));
            }
        }
        List<JsonNode> objects = new ArrayList<>();
        for (String c : candidates) {
            JsonNode node = read(c.strip());
            if (node != null && node.isObject()) {
                objects.add(node);
            }
        }
        return objects;
    }

    private static JsonNode read(String s) {
        if (!s.startsWith("{")) {
            return null;
        }
        try (JsonParser p = LENIENT.createParser(s)) {
            JsonNode node = LENIENT.readTree(p);
            // Trailing prose after the object is fine; a second object is not ours to pick from.
            return node;
        } catch (IOException e) {
            return null;
        }
    }

    /** The index of the brace closing the one at {@code open}, skipping strings; -1 when none. */
    private static int matchingBrace(String s, int open) {
        int depth = 0;
        char quote = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static Parsed fromObject(JsonNode object, double threshold) throws Unclear {
        Map<String, JsonNode> fields = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            fields.putIfAbsent(e.getKey().strip().toLowerCase(Locale.ROOT), e.getValue());
        }
        Boolean verdict = null;
        String unreadable = null;
        for (String key : VERDICT_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            Boolean b = verdictOf(v, BOOLEAN_KEYS.contains(key));
            if (b != null) {
                verdict = b;
                break;
            }
            if (unreadable == null && (v.isTextual() || v.isBoolean() || v.isNumber())) {
                unreadable = key + " " + v;
            }
        }
        Double score = null;
        String badScore = null;
        for (String key : SCORE_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            score = v.isNumber() ? inRange(v.asDouble()) : v.isTextual() ? number(v.asText()) : null;
            if (score != null) {
                break;
            }
            badScore = key + " " + v;
        }
        String reason = "";
        for (String key : REASON_KEYS) {
            JsonNode v = fields.get(key);
            if (v != null && v.isTextual() && !v.asText().isBlank()) {
                reason = v.asText().strip();
                break;
            }
        }
        if (verdict != null) {
            return new Parsed(verdict, score != null ? score : verdict ? 1.0 : 0.0, reason);
        }
        if (score != null) {
            return new Parsed(score >= threshold, score, reason);
        }
        if (unreadable != null || badScore != null) {
            throw new Unclear("neither pass nor fail: " + (unreadable != null ? unreadable : "")
                    + (unreadable != null && badScore != null ? ", " : "")
                    + (badScore != null ? badScore + " is not a score in 0..1" : ""));
        }
        return null;
    }

    private static Boolean verdictOf(JsonNode v, boolean numericAllowed) {
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isTextual()) {
            return word(v.asText());
        }
        if (numericAllowed && v.isIntegralNumber() && (v.asLong() == 0 || v.asLong() == 1)) {
            return v.asLong() == 1;
        }
        return null;
    }

    /** A pass/fail word, ignoring case, quotes, markdown and punctuation; null when it is none. */
    static Boolean word(String s) {
        String w = s.strip().replaceAll("^[\\p{Punct}\\s]+|[\\p{Punct}\\s]+$", "").toLowerCase(Locale.ROOT);
        return PASS.contains(w) ? Boolean.TRUE : FAIL.contains(w) ? Boolean.FALSE : null;
    }

    private static Parsed fromText(String text, double threshold) throws Unclear {
        String firstLine = text.lines().findFirst().orElse("").strip();
        Matcher firstWord = FIRST_WORD.matcher(firstLine);
        Boolean verdict = null;
        String reason = "";
        if (firstWord.find()) {
            verdict = word(firstWord.group(1));
            if (verdict != null) {
                reason = text.substring(text.indexOf(firstWord.group(1)) + firstWord.group(1).length())
                        .replaceFirst("^[\\s*_`\"'.,:;!-]+", "").strip();
            }
        }
        if (verdict == null) {
            Matcher line = VERDICT_LINE.matcher(text);
            while (line.find() && verdict == null) {
                verdict = word(line.group(1));
            }
            if (verdict != null) {
                reason = text;
            }
        }
        Double score = null;
        Matcher s = SCORE_TEXT.matcher(text);
        if (s.find()) {
            score = number(s.group(1) + (s.group(2) == null ? "" : s.group(2)));
        }
        if (verdict != null) {
            return new Parsed(verdict, score != null ? score : verdict ? 1.0 : 0.0, reason);
        }
        if (score != null) {
            return new Parsed(score >= threshold, score, text);
        }
        throw new Unclear("no verdict (pass/fail, yes/no, true/false) and no score in 0..1 found");
    }

    /** {@code 0.8}, {@code 80%} or {@code 8/10} as a score in 0..1; null otherwise. */
    static Double number(String s) {
        Matcher m = NUMBER.matcher(s);
        if (!m.matches()) {
            return null;
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        if (unit == null) {
            return inRange(value);
        }
        if (unit.equals("%")) {
            return inRange(value / 100.0);
        }
        double denominator = Double.parseDouble(unit.substring(1).strip());
        return denominator > 0 ? inRange(value / denominator) : null;
    }

    private static Double inRange(double v) {
        return v >= 0.0 && v <= 1.0 ? v : null;
    }
}
