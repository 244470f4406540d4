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
 * Reads a verdict out of a judge's reply, tolerantly but never inventing one.
 *
 * <p><b>Unfinished replies are no verdict.</b> A reply that ended for {@code finish_reason}
 * {@code length} or {@code max_tokens} (cut off at the token limit) or {@code content_filter}
 * gives none, however complete it looks. {@code <think>...</think>} blocks of reasoning models
 * are dropped, as is everything before a {@code </think>} whose opening tag is missing (servers
 * that put the opening tag in the prompt); an opening {@code <think>} without its
 * {@code </think>} drops the rest of the reply, so verdict words inside unfinished reasoning
 * are never read.
 *
 * <p><b>Signals.</b> What is left is searched for:
 * <ul>
 * <li>JSON objects, in code fences, alone or embedded in prose (single quotes, unquoted names,
 *     trailing commas allowed), each with its verdict fields ({@code verdict}, {@code passed},
 *     {@code result}, ...) and score ({@code score}, {@code rating}); an object without either
 *     is looked into (an {@code evaluation} wrapper, per-criterion results);</li>
 * <li>verdict lines such as {@code Verdict: fail}, {@code **Verdict:** PASS},
 *     {@code Final decision = yes} or {@code Pass: no} (a label that is itself a verdict word is
 *     answered by its value: "Pass: no" fails, "Fail: no" is a double negative and no verdict),
 *     outside the JSON objects ({@code yes}, {@code no} and {@code ok} only when they stand
 *     alone: "Result: No errors found" is no verdict); a verdict line with a question mark after
 *     its value ("Verdict: pass? No.") is hedged;</li>
 * <li>a first word {@code PASS} or {@code FAIL} that stands alone ({@code **PASS** - ...});</li>
 * <li>a bare first word {@code yes}/{@code no}, {@code true}/{@code false}, {@code ok},
 *     {@code correct}: only when nothing but a score follows it ("YES", "No.", "Yes. Score: 0.9").
 *     "Yes, I can assess this. ..." or "OK, here is my evaluation: ..." is an opening that may
 *     answer another question, and no verdict;</li>
 * <li>scores written as {@code Score: 0.8}, {@code Score: 8/10} or {@code Score: 80%}.</li>
 * </ul>
 *
 * <p><b>Priority.</b>
 * <ol>
 * <li>The explicit verdicts (JSON verdict fields, verdict lines, a first word {@code PASS} or
 *     {@code FAIL}) decide; when two of them disagree the reply is {@link Unclear}, never a
 *     pass. An {@code answer} field or {@code Answer:} line (which may quote the agent) counts
 *     only when there is no other explicit verdict.</li>
 * <li>Otherwise a bare first word decides, and only when no score falls on the other side of the
 *     threshold: that is a conflict too.</li>
 * <li>Otherwise the scores decide: at or above the threshold passes; scores on both sides of it
 *     are a conflict.</li>
 * </ol>
 *
 * <p><b>A pass must be uncontradicted.</b> Whatever decided it, a pass is refused
 * ({@link Unclear}) when the prose outside the JSON objects says otherwise or hedges: a fail word
 * not negated just before it ("the answer fails", "is wrong"; not "does not fail", "nothing in
 * the answer is incorrect"), a denied pass word ("does not meet", "is not correct", "doesn't
 * fully satisfy"), a lone "No." or "False." sentence, a hedge ("partially", "hard to say",
 * "cannot determine") or a hedged verdict line. The {@code reason} of a JSON verdict is not
 * searched: the verdict field is the structured contract. A fail needs no such check: a reply
 * that says fail anywhere explicit is never a pass.
 *
 * <p>An explicit verdict is not overruled by its score: the threshold only decides for a reply
 * without a verdict. A verdict is a boolean, or a string (case, quotes and punctuation ignored)
 * such as {@code pass}, {@code yes}, {@code "true"}, {@code correct} or {@code fail},
 * {@code no}, {@code "false"}, {@code incorrect}. A score is a number in 0..1, a percentage or
 * a fraction with an explicit denominator; other numbers are not guessed at. The score of a
 * verdict is its first usable score (JSON before text), else 1 or 0. Anything else is
 * {@link Unclear}: the judge is asked again, then the score is a {@code judge_error}.
 */
public final class VerdictParser {

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

    private static final Set<String> PASS = Set.of("pass", "passed", "passes", "yes", "y", "true", "correct",
            "ok", "success", "successful", "accept", "accepted", "approve", "approved", "meets", "met", "valid");
    private static final Set<String> FAIL = Set.of("fail", "failed", "fails", "no", "n", "false", "incorrect",
            "wrong", "failure", "reject", "rejected", "invalid");
    /** First words that can only be a verdict, unlike "yes" or "no", which may answer another question. */
    private static final Set<String> VERDICT_WORDS = Set.of("pass", "passed", "passes", "fail", "failed", "fails");
    /** Words that open sentences ("No errors found"): on a verdict line they count only when they stand alone. */
    private static final Set<String> SENTENCE_OPENERS = Set.of("yes", "no", "y", "n", "ok");
    private static final List<String> VERDICT_KEYS = List.of("verdict", "passed", "pass", "result", "decision",
            "judgement", "judgment", "outcome", "correct", "answer", "grade");
    private static final Set<String> BOOLEAN_KEYS = Set.of("passed", "pass", "correct");
    /** Labels that may name the agent's answer rather than the verdict: they count only when nothing else does. */
    private static final String FALLBACK_KEY = "answer";
    private static final List<String> SCORE_KEYS = List.of("score", "rating");
    private static final List<String> REASON_KEYS = List.of("reason", "reasoning", "explanation", "rationale",
            "justification", "comment", "why");
    private static final Set<String> CUT_OFF = Set.of("length", "max_tokens");
    private static final Set<String> FILTERED = Set.of("content_filter");

    private static final Pattern THINK = Pattern.compile("(?is)<think>.*?</think>");
    private static final Pattern THINK_OPEN = Pattern.compile("(?i)<think>");
    private static final Pattern THINK_CLOSE = Pattern.compile("(?i)</think>");
    private static final Pattern VERDICT_LINE = Pattern.compile("(?im)^[ \\t*#>_`-]*(?:(?:final|overall)[ \\t]+)?"
            + "(verdict|decision|result|answer|judgement|judgment|pass(?:ed|es)?|fail(?:ed|s)?)[ \\t*_`]*[:=\\u2013\\u2014-][ \\t*_`\"']*([A-Za-z]+)"
            + "([*_`\"']*[ \\t]*(?:$|[.,:;!()\\u2013\\u2014-]))?");
    private static final Pattern SCORE_TEXT = Pattern.compile("(?i)\\b(?:score|rating)[ \\t*_`]*(?:of|is)?[ \\t]*[:=]?"
            + "[ \\t*_`\"']*(\\d+(?:\\.\\d+)?|\\.\\d+)[ \\t]*(%|/[ \\t]*\\d+(?:\\.\\d+)?)?");
    // A first word counts only when it stands alone ("YES", "No.", "Pass: ..."), not when it
    // opens a sentence ("No issues found" is not a fail).
    private static final Pattern FIRST_WORD = Pattern.compile(
            "^[\\s*#>_`\"'-]*([A-Za-z]+)[*_`\"']*\\s*(?:$|[.,:;!)\\u2013\\u2014-])");
    /** Fail words in prose ("the answer fails", "is wrong"), unless a negation stands just before them. */
    private static final Pattern FAIL_PROSE = Pattern.compile("(?i)\\b(fail(?:s|ed|ing|ure)?|incorrect|wrong|inaccurate|"
            + "unacceptable|invalid|insufficient|inadequate|mistaken|unsatisfactory)\\b");
    /** A pass word denied ("does not meet", "is not correct", "doesn't fully satisfy", "never passes"). */
    private static final Pattern DENIED_PASS = Pattern.compile("(?i)(?:\\bnot|n't|\\bnever|\\bno longer)\\s+(?!only\\b)(?:[a-z]+ly\\s+|be\\s+)?"
            + "(meets?|met|satisf(?:y|ies|ied)|pass(?:es|ed)?|correct|right|accurate|acceptable|valid|fulfill?s?|match(?:es)?|"
            + "compl(?:y|ies)|adhere?s?|succeed(?:s|ed)?|good enough|sufficient|adequate)\\b");
    /** Words that leave a verdict open ("partially", "hard to say"). */
    private static final Pattern HEDGE = Pattern.compile("(?i)\\b(partially|partly|borderline|unclear|uncertain|not sure|"
            + "hard to say|difficult to say|(?:cannot|can't|could not|couldn't|unable to) (?:tell|determine|decide|assess|evaluate|judge))\\b");
    /** A lone "No." or "False." sentence, answering the question the reply asked itself. */
    private static final Pattern LONE_NO = Pattern.compile("(?im)(?:^|[.!?;:]\\s+)[*_`\"']*(no|nope|false)[*_`\"']*[ \\t]*[.!]*[ \\t]*$");
    /**
     * A negation just before a fail word: "not", "never", "n't" within two words ("is not wrong"),
     * "nothing", "none" or "no" + noun within four ("nothing in the answer is incorrect"); "No, the
     * answer is wrong" is no negation of "wrong".
     */
    private static final Pattern NEGATION_BEFORE = Pattern.compile(
            "(?i)(?:\\b(?:not|never|without|neither|nor)|n't)\\W+(?:\\w+\\W+){0,2}$"
            + "|\\b(?:nothing|none|no\\s+\\w+)\\W+(?:\\w+\\W+){0,4}$");
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

    /** One pass/fail signal and where it came from, for messages. */
    private record Signal(boolean passed, String source, boolean fallback) {
        @Override
        public String toString() {
            return (passed ? "pass" : "fail") + " from " + source;
        }
    }

    private record Score(double value, String source) {
    }

    /** What the JSON objects of a reply say. */
    private static final class JsonSignals {
        final List<Signal> verdicts = new ArrayList<>();
        final List<Score> scores = new ArrayList<>();
        final List<String> problems = new ArrayList<>();
        String reason = "";
    }

    /**
     * Reads the verdict of {@code reply}, a reply that finished normally.
     *
     * @param threshold the score at or above which a score without a verdict passes
     * @throws Unclear when the reply holds no clear verdict
     */
    public static Parsed parse(String reply, double threshold) throws Unclear {
        return parse(reply, null, threshold);
    }

    /**
     * Reads the verdict of {@code reply}.
     *
     * @param finishReason why the reply ended ({@code finish_reason}); null when unknown
     * @param threshold    the score at or above which a score without a verdict passes
     * @throws Unclear when the reply holds no clear verdict
     */
    public static Parsed parse(String reply, String finishReason, double threshold) throws Unclear {
        String unfinished = unfinished(finishReason);
        if (unfinished != null) {
            throw new Unclear(unfinished);
        }
        if (reply == null || reply.isBlank()) {
            throw new Unclear("the reply was empty");
        }
        String text = THINK.matcher(reply).replaceAll("");
        Matcher close = THINK_CLOSE.matcher(text);
        int afterReasoning = -1;
        while (close.find()) {
            afterReasoning = close.end();
        }
        if (afterReasoning >= 0) {
            text = text.substring(afterReasoning);
        }
        Matcher open = THINK_OPEN.matcher(text);
        boolean unclosed = open.find();
        if (unclosed) {
            text = text.substring(0, open.start());
        }
        text = text.strip();
        String cutReasoning = "the reply ended inside a <think> block that was never closed (no </think>):"
                + " its reasoning was cut off";
        if (text.isEmpty()) {
            throw new Unclear(unclosed ? cutReasoning : "the reply held only reasoning");
        }
        try {
            return read(text, threshold);
        } catch (Unclear e) {
            throw unclosed ? new Unclear(cutReasoning + ", and outside it: " + e.getMessage()) : e;
        }
    }

    /**
     * Why a reply that ended for {@code finishReason} holds no verdict whatever it says; null
     * when it finished normally (or the reason is unknown).
     */
    public static String unfinished(String finishReason) {
        if (finishReason == null) {
            return null;
        }
        String r = finishReason.strip().toLowerCase(Locale.ROOT);
        if (CUT_OFF.contains(r)) {
            return "the reply was cut off at the token limit (finish_reason \"" + r + "\")";
        }
        if (FILTERED.contains(r)) {
            return "the reply was stopped by the content filter (finish_reason \"" + r + "\")";
        }
        return null;
    }

    private static Parsed read(String text, double threshold) throws Unclear {
        JsonSignals json = new JsonSignals();
        StringBuilder rest = new StringBuilder(text);
        List<int[]> spans = new ArrayList<>();
        for (int i = text.indexOf('{'), misses = 0; i >= 0 && misses < 100; ) {
            int end = matchingBrace(text, i);
            JsonNode node = end > i ? read(text.substring(i, end + 1)) : null;
            if (node != null && node.isObject()) {
                collect(node, json, 0);
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
        String prose = rest.toString().strip();

        List<Signal> explicit = new ArrayList<>(json.verdicts);
        List<String> hedged = new ArrayList<>();
        Matcher line = VERDICT_LINE.matcher(prose);
        boolean fromLines = false;
        boolean labelledFirstLine = false;
        while (line.find()) {
            String value = line.group(2);
            Boolean b = word(value);
            if (b == null || line.group(3) == null && SENTENCE_OPENERS.contains(value.toLowerCase(Locale.ROOT))) {
                continue;
            }
            String shown = "line \"" + excerpt(line.group().strip()) + "\"";
            int eol = prose.indexOf('\n', line.end());
            if (prose.substring(line.end(2), eol < 0 ? prose.length() : eol).contains("?")) {
                hedged.add(shown + " asks a question");
            }
            // "Pass: no" answers the question its label asks; "Fail: no" is a double negative, no verdict.
            Boolean label = word(line.group(1));
            labelledFirstLine |= label != null && line.start() == 0;
            if (label != null && !label && !b) {
                hedged.add(shown + " is a double negative");
                continue;
            }
            boolean passed = label == null ? b : label == b;
            explicit.add(new Signal(passed, shown, line.group(1).equalsIgnoreCase(FALLBACK_KEY)));
            fromLines = true;
        }
        List<Score> scores = new ArrayList<>(json.scores);
        Matcher s = SCORE_TEXT.matcher(prose);
        while (s.find()) {
            Double v = number(s.group(1) + (s.group(2) == null ? "" : s.group(2)));
            if (v != null) {
                scores.add(new Score(v, "score \"" + excerpt(s.group().strip()) + "\""));
            }
        }
        Signal leading = null;
        String opening = null;
        String afterLeading = "";
        Matcher first = FIRST_WORD.matcher(prose.lines().findFirst().orElse(""));
        if (!labelledFirstLine && first.find() && word(first.group(1)) != null) {
            String w = first.group(1);
            boolean b = word(w);
            afterLeading = prose.substring(prose.indexOf(w) + w.length()).replaceFirst("^[\\s*_`\"'.,:;!-]+", "").strip();
            if (VERDICT_WORDS.contains(w.toLowerCase(Locale.ROOT))) {
                leading = new Signal(b, "first word \"" + w + "\"", false);
                explicit.add(leading);
            } else if (SCORE_TEXT.matcher(afterLeading).replaceAll("").replaceAll("[\\p{Punct}\\s]+", "").isEmpty()) {
                // A bare "YES" or "No." (a score may follow) is a verdict; "Yes, I can assess this..." is not:
                // it may answer another question.
                leading = new Signal(b, "first word \"" + w + "\"", false);
            } else {
                opening = w;
            }
        }

        // The fallbacks (an "answer" field or line) count only when nothing else explicit does.
        List<Signal> decisive = explicit.stream().filter(x -> !x.fallback()).toList();
        if (decisive.isEmpty()) {
            decisive = explicit;
        }
        Double score = scores.isEmpty() ? null : scores.get(0).value();
        if (!decisive.isEmpty()) {
            boolean passed = decisive.get(0).passed();
            if (decisive.stream().anyMatch(x -> x.passed() != passed)) {
                throw conflict(decisive.stream().map(Signal::toString).toList());
            }
            if (passed) {
                uncontradicted(decisive.get(0).toString(), prose, hedged);
            }
            String reason = !json.reason.isEmpty() ? json.reason
                    : decisive.contains(leading) && !fromLines ? afterLeading : fromLines ? prose : "";
            return new Parsed(passed, score != null ? score : passed ? 1.0 : 0.0, reason);
        }
        if (!hedged.isEmpty()) {
            throw new Unclear("no verdict: the " + hedged.get(0));
        }
        if (leading != null) {
            Signal word = leading;
            List<String> against = scores.stream().filter(x -> (x.value() >= threshold) != word.passed())
                    .map(x -> scoreSignal(x, threshold)).toList();
            if (!against.isEmpty()) {
                List<String> all = new ArrayList<>();
                all.add(word.toString());
                all.addAll(against);
                throw conflict(all);
            }
            if (word.passed()) {
                uncontradicted(word.toString(), prose, hedged);
            }
            return new Parsed(word.passed(), score != null ? score : word.passed() ? 1.0 : 0.0,
                    !json.reason.isEmpty() ? json.reason : afterLeading);
        }
        if (score != null) {
            boolean passed = score >= threshold;
            if (scores.stream().anyMatch(x -> (x.value() >= threshold) != passed)) {
                throw conflict(scores.stream().map(x -> scoreSignal(x, threshold)).toList());
            }
            if (passed) {
                uncontradicted(scoreSignal(scores.get(0), threshold), prose, hedged);
            }
            return new Parsed(passed, score, !json.reason.isEmpty() ? json.reason : json.scores.isEmpty() ? prose : "");
        }
        if (!json.problems.isEmpty()) {
            throw new Unclear(json.problems.get(0));
        }
        if (opening != null) {
            throw new Unclear("no verdict: an opening \"" + opening + "\" followed by more text may answer another question,"
                    + " and no verdict line (Verdict: pass|fail), verdict field or score in 0..1 was found");
        }
        throw new Unclear("no verdict (pass/fail, yes/no, true/false) and no score in 0..1 found");
    }

    /**
     * Refuses a pass that something in the prose outside the JSON objects contradicts or hedges:
     * a fail word not denied just before it ("fails", "is wrong"; not "does not fail"), a denied
     * pass word ("does not meet", "is not correct"), a lone "No." sentence, a hedge
     * ("partially", "hard to say") or a verdict line that asks a question.
     */
    private static void uncontradicted(String pass, String prose, List<String> hedged) throws Unclear {
        List<String> against = new ArrayList<>(hedged);
        Matcher fail = FAIL_PROSE.matcher(prose);
        while (fail.find() && against.size() < 3) {
            if (!NEGATION_BEFORE.matcher(prose.substring(Math.max(0, fail.start() - 40), fail.start())).find()) {
                against.add("\"" + context(prose, fail) + "\"");
            }
        }
        for (Pattern p : List.of(DENIED_PASS, LONE_NO, HEDGE)) {
            Matcher m = p.matcher(prose);
            if (m.find()) {
                against.add("\"" + context(prose, m) + "\"");
            }
        }
        if (!against.isEmpty()) {
            throw new Unclear("the reply says pass (" + pass + ") but also " + String.join(", ", against)
                    + ": a pass needs a verdict nothing in the reply contradicts or hedges");
        }
    }

    /** The words around a match, for messages. */
    private static String context(String prose, Matcher m) {
        int from = Math.max(0, m.start() - 20);
        int to = Math.min(prose.length(), m.end() + 20);
        return (from > 0 ? "..." : "") + prose.substring(from, to).replaceAll("\\s+", " ").strip() + (to < prose.length() ? "..." : "");
    }

    private static String scoreSignal(Score s, double threshold) {
        return (s.value() >= threshold ? "pass" : "fail") + " from " + s.source() + " (threshold " + threshold + ")";
    }

    private static Unclear conflict(List<String> signals) {
        List<String> shown = signals.size() > 6 ? signals.subList(0, 6) : signals;
        return new Unclear("conflicting verdicts: " + String.join(", ", shown) + (signals.size() > 6 ? ", ..." : ""));
    }

    private static String excerpt(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
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
    private static void collect(JsonNode object, JsonSignals json, int depth) {
        Map<String, JsonNode> fields = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            fields.putIfAbsent(e.getKey().strip().toLowerCase(Locale.ROOT), e.getValue());
        }
        List<Signal> verdicts = new ArrayList<>();
        String unreadable = null;
        for (String key : VERDICT_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            Boolean b = verdictOf(v, BOOLEAN_KEYS.contains(key));
            if (b != null) {
                verdicts.add(new Signal(b, "JSON " + key + " " + v, key.equals(FALLBACK_KEY)));
            } else if (unreadable == null && (v.isTextual() || v.isBoolean() || v.isNumber())) {
                unreadable = key + " " + v;
            }
        }
        Score score = null;
        String badScore = null;
        for (String key : SCORE_KEYS) {
            JsonNode v = fields.get(key);
            if (v == null || v.isNull()) {
                continue;
            }
            Double d = v.isNumber() ? inRange(v.asDouble()) : v.isTextual() ? number(v.asText()) : null;
            if (d != null) {
                score = new Score(d, "JSON " + key + " " + v);
                break;
            }
            badScore = key + " " + v;
        }
        if (!verdicts.isEmpty() || score != null) {
            json.verdicts.addAll(verdicts);
            if (score != null) {
                json.scores.add(score);
            }
            if (json.reason.isEmpty()) {
                for (String key : REASON_KEYS) {
                    JsonNode v = fields.get(key);
                    if (v != null && v.isTextual() && !v.asText().isBlank()) {
                        json.reason = v.asText().strip();
                        break;
                    }
                }
            }
            return;
        }
        int found = json.verdicts.size() + json.scores.size();
        if (depth < 8) {
            for (JsonNode child : fields.values()) {
                if (child.isObject()) {
                    collect(child, json, depth + 1);
                } else if (child.isArray()) {
                    for (JsonNode element : child) {
                        if (element.isObject()) {
                            collect(element, json, depth + 1);
                        }
                    }
                }
            }
        }
        if (json.verdicts.size() + json.scores.size() == found && (unreadable != null || badScore != null)) {
            json.problems.add("neither pass nor fail: " + (unreadable != null ? unreadable : "")
                    + (unreadable != null && badScore != null ? ", " : "")
                    + (badScore != null ? badScore + " is not a score in 0..1" : ""));
        }
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
