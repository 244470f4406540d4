package dev.agenteval.junit.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.TurnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * The messages of failed and errored cases, for test reports: the case, the failed checks and
 * harness failures (derived from checks, as in agent-eval's own reports), the judge's reasons and
 * the answers, each answer cut to {@value #MAX_TEXT} characters.
 */
final class CaseMessages {

    static final int MAX_TEXT = 500;

    private CaseMessages() {
    }

    /** E.g. {@code case 'lookup' failed} then {@code failed checks:}, {@code judge reasons:}, {@code answers:}. */
    static String failed(CaseResult c, Predicate<String> judgeScorer) {
        return message(c, "case '" + c.id() + "' failed", "failed checks", judgeScorer);
    }

    /** E.g. {@code case 'slow' errored (the harness could not evaluate it, ...)} then {@code harness failures:}. */
    static String errored(CaseResult c, Predicate<String> judgeScorer) {
        return message(c, "case '" + c.id() + "' errored (the harness could not evaluate it; this is not a verdict"
                + " on the agent)", "harness failures and failed checks", judgeScorer);
    }

    private static String message(CaseResult c, String headline, String linesTitle, Predicate<String> judgeScorer) {
        StringBuilder sb = new StringBuilder(headline);
        if (c.attempts().size() > 1) {
            long passed = c.attempts().stream().filter(CaseAttempt::passed).count();
            sb.append(" (").append(passed).append(" of ").append(c.attempts().size()).append(" attempts passed)");
        }
        List<String> lines = errorLines(c);
        if (lines.isEmpty() || !c.expectPass()) {
            sb.append(": ").append(c.reason());
        }
        section(sb, linesTitle, lines);
        section(sb, "judge reasons", judgeReasons(c, judgeScorer));
        section(sb, "answers", answers(c));
        return sb.toString();
    }

    private static void section(StringBuilder sb, String title, List<String> lines) {
        if (!lines.isEmpty()) {
            sb.append('\n').append(title).append(':');
            lines.forEach(l -> sb.append("\n  - ").append(l));
        }
    }

    /** The failed checks and harness failures of the attempts that did not pass. */
    static List<String> errorLines(CaseResult c) {
        List<String> lines = new ArrayList<>();
        for (CaseAttempt a : failedAttempts(c)) {
            for (TurnResult t : a.turns()) {
                String where = where(c, a, t);
                if (t.harnessFailure() != null) {
                    lines.add(where + harnessFailure(t.harnessFailure()));
                }
                t.failedChecks().forEach(check -> lines.add(where + check));
                for (ScoreResult s : t.scores()) {
                    if (s.failure() != null) {
                        lines.add(where + s.type() + ": " + harnessFailure(s.failure()));
                    }
                }
            }
        }
        return lines;
    }

    /** The reasons of the judge scorers of the attempts that did not pass, whatever their verdict. */
    private static List<String> judgeReasons(CaseResult c, Predicate<String> judgeScorer) {
        List<String> lines = new ArrayList<>();
        for (CaseAttempt a : failedAttempts(c)) {
            for (TurnResult t : a.turns()) {
                for (ScoreResult s : t.scores()) {
                    if (judgeScorer.test(s.type()) && !s.reason().isEmpty()) {
                        lines.add(where(c, a, t) + s.type() + " " + s.status().wireName() + ": " + s.reason());
                    }
                }
            }
        }
        return lines;
    }

    private static List<String> answers(CaseResult c) {
        List<String> lines = new ArrayList<>();
        List<CaseAttempt> attempts = failedAttempts(c);
        if (!attempts.isEmpty()) {
            CaseAttempt a = attempts.get(0);
            for (TurnResult t : a.turns()) {
                lines.add(where(c, a, t) + (t.answer() == null ? "(no answer)" : quoted(t.answer())));
            }
        }
        return lines;
    }

    private static List<CaseAttempt> failedAttempts(CaseResult c) {
        return c.attempts().stream().filter(a -> !a.passed()).toList();
    }

    private static String where(CaseResult c, CaseAttempt a, TurnResult t) {
        return (c.attempts().size() > 1 ? "attempt " + a.attempt() + ", " : "") + "turn " + t.index()
                + (t.name() == null ? "" : " (" + t.name() + ")") + ": ";
    }

    static String harnessFailure(InfrastructureFailure f) {
        StringBuilder sb = new StringBuilder(f.code().wireName()).append(": ").append(f.message());
        if (!f.context().isEmpty()) {
            StringJoiner j = new StringJoiner(", ", " (", ")");
            for (Map.Entry<String, Object> e : f.context().entrySet()) {
                j.add(e.getKey() + "=" + e.getValue());
            }
            sb.append(j);
        }
        return sb.toString();
    }

    /** The code of the harness failure that best explains an errored case: a turn's first, else a scorer's. */
    static FailureCode firstFailureCode(CaseResult c) {
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                if (t.harnessFailure() != null) {
                    return t.harnessFailure().code();
                }
            }
        }
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                for (ScoreResult s : t.scores()) {
                    if (s.failure() != null) {
                        return s.failure().code();
                    }
                }
            }
        }
        return null;
    }

    /** On one line, in quotes, cut to {@value #MAX_TEXT} characters. */
    private static String quoted(String text) {
        String one = text.replace("\r\n", "\n").replace('\r', '\n').replace("\n", "\\n");
        return "\"" + (one.length() > MAX_TEXT ? one.substring(0, MAX_TEXT) + "…" : one) + "\""
                + (one.length() > MAX_TEXT ? " (" + text.length() + " characters)" : "");
    }
}
