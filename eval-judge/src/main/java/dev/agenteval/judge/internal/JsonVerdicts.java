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

/**
 * The JSON objects of a judge's reply (in code fences, alone or embedded in prose, read leniently):
 * their verdict fields, scores, first reason and problems, and the prose left around them.
 */
final class JsonVerdicts {

    /**
     * The one mapper not shared ({@code JsonTrees.MAPPER} is strict): it reads what judges write
     * as JSON, single quotes, unquoted names, trailing commas, comments and raw control
     * characters; nothing else is to be read this leniently.
     */
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                    JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_JAVA_COMMENTS,
                    JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();

    private static final List<String> VERDICT_KEYS = List.of("verdict", "passed", "pass", "result", "decision",
            "judgement", "judgment", "outcome", "correct", "answer", "grade");
    private static final Set<String> BOOLEAN_KEYS = Set.of("passed", "pass", "correct");
    /** Labels that may name the agent's answer rather than the verdict: they count only when nothing else does. */
    static final String FALLBACK_KEY = "answer";
    private static final List<String> SCORE_KEYS = List.of("score", "rating");
    private static final List<String> REASON_KEYS = List.of("reason", "reasoning", "explanation", "rationale",
            "justification", "comment", "why");

    private final List<VerdictParser.Signal> verdicts = new ArrayList<>();
    private final List<VerdictParser.Score> scores = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private String reason = "";
    private String prose = "";

    private JsonVerdicts() {
    }

    /** Reads every JSON object of {@code text}; what is left of it is {@link #prose()}. */
    static JsonVerdicts of(String text) {
        JsonVerdicts json = new JsonVerdicts();
        StringBuilder rest = new StringBuilder(text);
        List<int[]> spans = new ArrayList<>();
        for (int i = text.indexOf('{'), misses = 0; i >= 0 && misses < 100; ) {
            int end = matchingBrace(text, i);
            JsonNode node = end > i ? read(text.substring(i, end + 1)) : null;
            if (node != null && node.isObject()) {
                json.collect(node, 0);
                spans.add(new int[] {i, end + 1});
                i = text.indexOf('{', end + 1);
            } else {
                misses++;
                i = text.indexOf('{', i + 1);
            }
        }
        for (int k = spans.size() - 1; k >= 0; k--) {
            rest.replace(spans.get(k)[0], spans.get(k)[1], " ");
        }
        json.prose = rest.toString().strip();
        return json;
    }

    List<VerdictParser.Signal> verdicts() {
        return verdicts;
    }

    List<VerdictParser.Score> scores() {
        return scores;
    }

    List<String> problems() {
        return problems;
    }

    /** The first reason field of an object with a verdict or score; empty when none. */
    String reason() {
        return reason;
    }

    /** The reply without its JSON objects, stripped. */
    String prose() {
        return prose;
    }

    private static JsonNode read(String s) {
        try (JsonParser p = LENIENT.createParser(s)) {
            return LENIENT.readTree(p);
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

    /**
     * Adds the verdict fields and score of {@code object} to {@code json}; an object with neither
     * is looked into instead (a wrapper, per-criterion results), and is a problem when that finds
     * nothing either but it held a value that is neither pass nor fail.
     */
    private void collect(JsonNode object, int depth) {
        Map<String, JsonNode> fields = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            fields.putIfAbsent(e.getKey().strip().toLowerCase(Locale.ROOT), e.getValue());
        }
        List<VerdictParser.Signal> own = new ArrayList<>();
        String unreadable = null;
        for (String key : VERDICT_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            Boolean b = verdictOf(v, BOOLEAN_KEYS.contains(key));
            if (b != null) {
                own.add(new VerdictParser.Signal(b, "JSON " + key + " " + v, key.equals(FALLBACK_KEY)));
            } else if (unreadable == null && (v.isTextual() || v.isBoolean() || v.isNumber())) {
                unreadable = key + " " + v;
            }
        }
        VerdictParser.Score score = null;
        String badScore = null;
        for (String key : SCORE_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            Double d = v.isNumber() ? VerdictParser.inRange(v.asDouble()) : v.isTextual() ? VerdictParser.number(v.asText()) : null;
            if (d != null) {
                score = new VerdictParser.Score(d, "JSON " + key + " " + v);
                break;
            }
            badScore = key + " " + v;
        }
        if (!own.isEmpty() || score != null) {
            verdicts.addAll(own);
            if (score != null) {
                scores.add(score);
            }
            if (reason.isEmpty()) {
                for (String key : REASON_KEYS) {
                    JsonNode v = fields.get(key);
                    if (v != null && v.isTextual() && !v.asText().isBlank()) {
                        reason = v.asText().strip();
                        break;
                    }
                }
            }
            return;
        }
        int found = verdicts.size() + scores.size();
        if (depth < 8) {
            for (JsonNode child : fields.values()) {
                if (child.isObject()) {
                    collect(child, depth + 1);
                } else if (child.isArray()) {
                    for (JsonNode element : child) {
                        if (element.isObject()) {
                            collect(element, depth + 1);
                        }
                    }
                }
            }
        }
        if (verdicts.size() + scores.size() == found && (unreadable != null || badScore != null)) {
            problems.add("neither pass nor fail: " + (unreadable != null ? unreadable : "")
                    + (unreadable != null && badScore != null ? ", " : "")
                    + (badScore != null ? badScore + " is not a score in 0..1" : ""));
        }
    }

    private static Boolean verdictOf(JsonNode v, boolean numericAllowed) {
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isTextual()) {
            return VerdictParser.word(v.asText());
        }
        if (numericAllowed && v.isIntegralNumber() && (v.asLong() == 0 || v.asLong() == 1)) {
            return v.asLong() == 1;
        }
        return null;
    }
}
