package dev.agenteval.judge.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    private static final Set<String> PASS = Set.of("pass", "passed", "passes", "yes", "y", "true", "correct",
            "ok", "success", "successful", "accept", "accepted", "approve", "approved", "meets", "met", "valid");
    private static final Set<String> FAIL = Set.of("fail", "failed", "fails", "no", "n", "false", "incorrect",
            "wrong", "failure", "reject", "rejected", "invalid");
    /** First words that can only be a verdict, unlike "yes" or "no", which may answer another question. */
    private static final Set<String> VERDICT_WORDS = Set.of("pass", "passed", "passes", "fail", "failed", "fails");
    /** Words that open sentences ("No errors found"): on a verdict line they count only when they stand alone. */
    private static final Set<String> SENTENCE_OPENERS = Set.of("yes", "no", "y", "n", "ok");
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
    record Signal(boolean passed, String source, boolean fallback) {
        @Override
        public String toString() {
            return (passed ? "pass" : "fail") + " from " + source;
        }
    }

    record Score(double value, String source) {
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
        JsonVerdicts json = JsonVerdicts.of(text);
        String prose = json.prose();

        List<Signal> explicit = new ArrayList<>(json.verdicts());
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
            explicit.add(new Signal(passed, shown, line.group(1).equalsIgnoreCase(JsonVerdicts.FALLBACK_KEY)));
            fromLines = true;
        }
        List<Score> scores = new ArrayList<>(json.scores());
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
                Contradictions.refuse(decisive.get(0).toString(), prose, hedged);
            }
            String reason = !json.reason().isEmpty() ? json.reason()
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
                Contradictions.refuse(word.toString(), prose, hedged);
            }
            return new Parsed(word.passed(), score != null ? score : word.passed() ? 1.0 : 0.0,
                    !json.reason().isEmpty() ? json.reason() : afterLeading);
        }
        if (score != null) {
            boolean passed = score >= threshold;
            if (scores.stream().anyMatch(x -> (x.value() >= threshold) != passed)) {
                throw conflict(scores.stream().map(x -> scoreSignal(x, threshold)).toList());
            }
            if (passed) {
                Contradictions.refuse(scoreSignal(scores.get(0), threshold), prose, hedged);
            }
            return new Parsed(passed, score, !json.reason().isEmpty() ? json.reason() : json.scores().isEmpty() ? prose : "");
        }
        if (!json.problems().isEmpty()) {
            throw new Unclear(json.problems().get(0));
        }
        if (opening != null) {
            throw new Unclear("no verdict: an opening \"" + opening + "\" followed by more text may answer another question,"
                    + " and no verdict line (Verdict: pass|fail), verdict field or score in 0..1 was found");
        }
        throw new Unclear("no verdict (pass/fail, yes/no, true/false) and no score in 0..1 found");
    }

    private static String scoreSignal(Score s, double threshold) {
        return (s.value() >= threshold ? "pass" : "fail") + " from " + s.source() + " (threshold " + threshold + ")";
    }

    private static Unclear conflict(List<String> signals) {
        List<String> shown = signals.size() > 6 ? signals.subList(0, 6) : signals;
        return new Unclear("conflicting verdicts: " + String.join(", ", shown) + (signals.size() > 6 ? ", ..." : ""));
    }

    static String excerpt(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
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

    static Double inRange(double v) {
        return v >= 0.0 && v <= 1.0 ? v : null;
    }
}
