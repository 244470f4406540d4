package dev.agenteval.judge.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What in a judge's prose contradicts or hedges a pass: {@link VerdictParser} refuses every pass
 * through {@link #refuse}, whatever decided it.
 */
final class Contradictions {

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

    private Contradictions() {
    }

    /**
     * Refuses a pass that something in the prose outside the JSON objects contradicts or hedges:
     * a fail word not denied just before it ("fails", "is wrong"; not "does not fail"), a denied
     * pass word ("does not meet", "is not correct"), a lone "No." sentence, a hedge
     * ("partially", "hard to say") or a verdict line that asks a question.
     */
    static void refuse(String pass, String prose, List<String> hedged) throws VerdictParser.Unclear {
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
            throw new VerdictParser.Unclear("the reply says pass (" + pass + ") but also " + String.join(", ", against)
                    + ": a pass needs a verdict nothing in the reply contradicts or hedges");
        }
    }

    /** The words around a match, for messages. */
    private static String context(String prose, Matcher m) {
        int from = Math.max(0, m.start() - 20);
        int to = Math.min(prose.length(), m.end() + 20);
        return (from > 0 ? "..." : "") + prose.substring(from, to).replaceAll("\\s+", " ").strip() + (to < prose.length() ? "..." : "");
    }
}
