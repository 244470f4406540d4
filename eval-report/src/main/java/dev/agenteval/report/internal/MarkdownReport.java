package dev.agenteval.report.internal;

import dev.agenteval.results.internal.Utf8Output;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.MeanEstimate;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.StringJoiner;

/**
 * Renders a {@link SuiteResult} as a Markdown transcript: a summary table (cases, passed, failed,
 * errored, skipped, pass rate with its Wilson interval, duration, cost), with repeats the attempt
 * pass rate and a pass@k / pass^k table, and a table of the failed and errored cases (what a
 * CI job summary shows first), then per case its verdict,
 * an {@code Errors:} list derived from failed checks and harness failures only, and every turn's
 * input, request (of a passing case only when verbose), answer, state, tool calls and scores.
 *
 * <p>Free text from agents and suites is never trusted: multi-line text goes into fenced blocks
 * whose fence is longer than any backtick run inside, short values into code spans, and the rest
 * is kept on one line with Markdown and HTML punctuation backslash-escaped.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    /** The Markdown text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(MarkdownReport::write, result);
    }

    /** Writes the Markdown text case by case, so memory stays bounded by the largest case. */
    public static void write(SuiteResult result, java.io.Writer out) throws java.io.IOException {
        write(result, null, out);
    }

    /** Like {@link #write(SuiteResult, java.io.Writer)}, with a baseline section when {@code comparison} is not null. */
    /** The document with its comparison with a baseline, as the format writes it when compared. */
    public static String render(SuiteResult result, BaselineComparison comparison) {
        return FileSink.render((r, out) -> write(r, comparison, out), result);
    }

    public static void write(SuiteResult result, BaselineComparison comparison, java.io.Writer out) throws java.io.IOException {
        write(result, comparison, false, out);
    }

    /**
     * Like {@link #write(SuiteResult, BaselineComparison, java.io.Writer)}; the requests of passing
     * cases are written only when {@code verbose} (those of the others always).
     */
    public static void write(SuiteResult result, BaselineComparison comparison, boolean verbose, java.io.Writer out)
            throws java.io.IOException {
        write(result, comparison, verbose, Confidence.DEFAULT, c -> null, out);
    }

    /**
     * The renderer of {@link FileSink} whose cases can be rendered ahead; {@code comparison} gives
     * the baseline section of a result (null: none).
     */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison, boolean verbose) {
        return renderer(comparison, verbose, Confidence.DEFAULT);
    }

    /** Like {@link #renderer(Function, boolean)}, the error bars at {@code confidence}'s level and seed. */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison, boolean verbose,
                                                 Confidence confidence) {
        return new FileSink.CaseRenderer() {
            @Override
            public byte[] renderCase(CaseResult c) {
                return caseText(c, verbose).getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public void write(SuiteResult result, Function<CaseResult, byte[]> rendered, java.io.Writer out)
                    throws java.io.IOException {
                MarkdownReport.write(result, comparison.apply(result), verbose, confidence, rendered, out);
            }
        };
    }

    /**
     * With repeats: the attempt pass rate with its interval, then pass@k and pass^k for each k with
     * the cases counted and left out; nothing without repeats.
     */
    private static void appendAttempts(StringBuilder md, RunStatistics stats) {
        stats.attemptPassRate().ifPresent(a -> md.append(ReportText.attemptPassRate(a, "–")).append("\n\n"));
        if (stats.passAtK().isEmpty()) {
            return;
        }
        md.append("| k | pass@k | pass^k | Cases | Left out |\n|---:|---:|---:|---:|---:|\n");
        for (PassAtK k : stats.passAtK()) {
            md.append("| ").append(k.k()).append(" | ").append(ReportText.percent(k.passAtK())).append(" | ")
                    .append(ReportText.percent(k.passHatK())).append(" | ").append(k.cases()).append(" | ")
                    .append(k.leftOut()).append(" |\n");
        }
        md.append('\n');
    }

    /** Each scorer's mean score with its standard error and bootstrap interval; nothing without numeric scores. */
    private static void appendScorers(StringBuilder md, List<ScorerStatistics> scorers) {
        if (scorers.isEmpty()) {
            return;
        }
        md.append("| Scorer | n | Mean | Std. error | Interval |\n|---|---:|---:|---:|---|\n");
        for (ScorerStatistics s : scorers) {
            MeanEstimate e = s.estimate();
            md.append("| ").append(code(s.id())).append(" | ").append(e.n()).append(" | ")
                    .append(ReportText.score(e.mean())).append(" | ").append(ReportText.score(e.stderr())).append(" | ")
                    .append(ReportText.scoreInterval(e.interval(), "–")).append(" |\n");
        }
        md.append('\n');
    }

    private static String caseText(CaseResult c, boolean verbose) {
        StringBuilder md = new StringBuilder(2048);
        appendCase(md, c, verbose || !c.passed());
        return md.toString();
    }

    /** The transcript; a case for which {@code rendered} gives its text is copied from it, the others rendered now. */
    private static void write(SuiteResult result, BaselineComparison comparison, boolean verbose, Confidence confidence,
            Function<CaseResult, byte[]> rendered, java.io.Writer out) throws java.io.IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Eval results: ").append(inline(result.suite())).append("\n\n");
        Summary s = result.summary();
        RunStatistics stats = RunStatistics.of(result, confidence.level());
        // The Undecided column appears only when a judge left a case undecided, so other reports read as before.
        boolean undecided = s.undecided() > 0;
        md.append("| Cases | Passed | Failed | Errored | Skipped |").append(undecided ? " Undecided |" : "")
                .append(" Pass rate | Duration | Cost |\n")
                .append("|---:|---:|---:|---:|---:|").append(undecided ? "---:|" : "").append("---:|---:|---:|\n")
                .append("| ").append(s.cases()).append(" | ").append(s.passed()).append(" | ").append(s.failed())
                .append(" | ").append(s.errored()).append(" | ").append(s.skipped()).append(" | ")
                .append(undecided ? s.undecided() + " | " : "")
                .append(ReportText.percent(s.passRate()))
                .append(stats.passRateInterval().map(i -> " (" + ReportText.interval(i, "–") + ")").orElse(""))
                .append(" | ").append(ReportText.secondsText(result.duration()))
                .append(" | ").append(result.usage() == null || result.usage().cost() == null ? "–"
                        : ReportText.cost(result.usage())).append(" |\n\n");
        StringJoiner extra = new StringJoiner(" · ", "", "\n\n");
        extra.setEmptyValue("");
        String usage = ReportText.usage(result.usage());
        if (usage != null) {
            extra.add("Usage: " + usage);
        }
        String judgeUsage = ReportText.usage(result.judgeUsage());
        if (judgeUsage != null) {
            extra.add("Judge usage: " + judgeUsage);
        }
        int flaky = result.summary().flaky();
        if (flaky > 0) {
            extra.add(flaky + " flaky");
        }
        md.append(extra);
        appendAttempts(md, stats);
        appendScorers(md, ScorerStatistics.of(result, confidence));
        appendFailures(md, result);
        md.append("Started ").append(result.startedAt()).append(".\n\n");
        Fingerprint f = result.fingerprint();
        if (f != null) {
            md.append("Configuration: agent ").append(code(f.agent())).append(", judge ").append(code(f.judge()))
                    .append(", suite ").append(code(f.suite().substring(0, Math.min(12, f.suite().length()))))
                    .append(", fingerprint ").append(code(f.value())).append(".\n\n");
        }
        if (!result.complete()) {
            md.append("> ⚠️ **INCOMPLETE run**: ").append(ReportText.incompleteReason(result,
                    "cases that did not run are listed as skipped")).append(".\n\n");
        }
        if (comparison != null) {
            md.append(ComparisonReport.markdown(comparison));
        }
        out.append(md);
        for (CaseResult c : result.cases()) {
            byte[] text = rendered.apply(c);
            if (text != null) {
                Utf8Output.writeUtf8(out, text);
                continue;
            }
            md.setLength(0);
            appendCase(md, c, verbose || !c.passed());
            out.append(md);
        }
    }

    /** The failed, errored and undecided cases, one table row each with why ({@link ReportText#why}). */
    private static void appendFailures(StringBuilder md, SuiteResult result) {
        List<CaseResult> failing = result.cases().stream()
                .filter(c -> c.status() == CaseStatus.FAILED || c.status() == CaseStatus.ERRORED
                        || c.status() == CaseStatus.UNDECIDED).toList();
        if (failing.isEmpty()) {
            return;
        }
        md.append("## Failures\n\n| Case | Verdict | Why |\n|---|---|---|\n");
        for (CaseResult c : failing) {
            String why = ReportText.why(c);
            md.append("| ").append(code(c.id()).replace("|", "\\|")).append(" | ").append(mark(c.status())).append(' ')
                    .append(c.status().wireName()).append(" | ").append(inline(why)).append(" |\n");
        }
        md.append('\n');
    }

    private static void appendCase(StringBuilder md, CaseResult c, boolean requests) {
        md.append("## ").append(mark(c.status())).append(' ').append(code(c.id())).append(" — ")
                .append(c.status().wireName()).append("\n\n");
        if (!c.tags().isEmpty()) {
            StringJoiner tags = new StringJoiner(", ");
            c.tags().forEach(t -> tags.add(code(t)));
            md.append("- Tags: ").append(tags).append('\n');
        }
        if (!c.expectPass()) {
            md.append("- Expected to fail\n");
        }
        if (c.status() != CaseStatus.SKIPPED) {
            md.append("- Duration: ").append(ReportText.secondsText(c.duration())).append('\n');
        }
        String usage = ReportText.usage(c.usage());
        if (usage != null) {
            md.append("- Usage: ").append(usage).append('\n');
        }
        String judgeUsage = ReportText.usage(c.judgeUsage());
        if (judgeUsage != null) {
            md.append("- Judge usage: ").append(judgeUsage).append('\n');
        }
        if (c.attempts().size() > 1) {
            md.append("- Attempts: ").append(ReportText.attempts(c)).append('\n');
            md.append("- Repeats: ").append(ReportText.repeats(c)).append('\n');
        }
        if (!c.reason().isEmpty()) {
            md.append("- Reason: ").append(inline(c.reason())).append('\n');
        }
        md.append('\n');

        List<String> errors = ReportText.errorLines(c);
        if (!errors.isEmpty()) {
            md.append("**Errors:**\n\n");
            for (String e : errors) {
                md.append("- ").append(inline(e)).append('\n');
            }
            md.append('\n');
        }

        if (c.attempts().size() > 1) {
            for (CaseAttempt a : c.attempts()) {
                md.append("### Attempt ").append(a.attempt()).append(": ").append(mark(a.status())).append(' ')
                        .append(a.status().wireName()).append(" (").append(ReportText.secondsText(a.duration()))
                        .append(")\n\n");
                if (!a.reason().isEmpty()) {
                    md.append("- Reason: ").append(inline(a.reason())).append("\n\n");
                }
                for (TurnResult t : a.turns()) {
                    appendTurn(md, t, "####", requests);
                }
            }
        } else {
            for (TurnResult t : c.turns()) {
                appendTurn(md, t, "###", requests);
            }
        }
    }

    private static void appendTurn(StringBuilder md, TurnResult t, String heading, boolean requests) {
        md.append(heading).append(" Turn ").append(t.index());
        if (t.name() != null) {
            md.append(": ").append(inline(t.name()));
        }
        md.append(" (").append(ReportText.secondsText(t.duration())).append(")\n\n");
        if (t.traceUrl() != null) {
            md.append("Trace: <").append(t.traceUrl()).append(">\n\n");
        }

        md.append("**Input:**\n\n").append(fenced(t.input(), "text")).append('\n');
        if (requests && t.request() != null) {
            md.append("**Request:**\n\n").append(fenced(JsonTrees.pretty(t.request()), "json")).append('\n');
        }
        if (t.answer() != null) {
            md.append("**Answer:**\n\n").append(fenced(t.answer(), "text")).append('\n');
        } else {
            md.append("**Answer:** none\n\n");
        }

        if (t.state() != null) {
            md.append("- State: ").append(code(t.state().wireName())).append('\n');
        }
        String usage = ReportText.usage(t.usage());
        if (usage != null) {
            md.append("- Usage: ").append(usage).append('\n');
        }
        if (!t.toolCalls().isEmpty()) {
            md.append("- toolsCalled:\n");
            for (ToolCall call : t.toolCalls()) {
                md.append("  - ").append(code(call.name())).append(' ').append(code(JsonTrees.compact(call.arguments())));
                if (call.error() != null) {
                    md.append(" → error: ").append(code(call.error()));
                } else if (call.result() != null) {
                    md.append(" → ").append(code(JsonTrees.compact(call.result())));
                }
                md.append(call.mocked() ? " (mocked)\n" : "\n");
            }
        }
        if (t.harnessFailure() != null) {
            md.append("- Harness failure: ").append(inline(ReportText.harnessFailure(t.harnessFailure())))
                    .append('\n');
        }
        if (!t.scores().isEmpty()) {
            md.append("- Scores:\n");
            for (ScoreResult s : t.scores()) {
                md.append("  - ").append(code(s.type())).append(": ").append(scoreStatus(s.status()));
                if (s.value() != null) {
                    md.append(" (").append(ReportText.number(s.value())).append(')');
                }
                if (!s.reason().isEmpty()) {
                    md.append(" — ").append(inline(s.reason()));
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    private static String scoreStatus(ScoreStatus status) {
        return status == ScoreStatus.FAILED || status == ScoreStatus.ERRORED || status == ScoreStatus.UNDECIDED
                ? "**" + status.wireName() + "**" : status.wireName();
    }

    private static String mark(CaseStatus status) {
        return switch (status) {
            case PASSED -> "✅";
            case FAILED -> "❌";
            case ERRORED -> "⚠️";
            case SKIPPED -> "⏭️";
            case UNDECIDED -> "❔";
        };
    }

    /**
     * A fenced code block whose fence is longer than any backtick run in {@code text}, so the text
     * cannot close it early.
     */
    static String fenced(String text, String info) {
        String body = controlsReplaced(text.replace("\r\n", "\n").replace('\r', '\n'));
        String fence = "`".repeat(Math.max(3, longestBacktickRun(body) + 1));
        StringBuilder sb = new StringBuilder(fence).append(info).append('\n').append(body);
        if (!body.isEmpty() && !body.endsWith("\n")) {
            sb.append('\n');
        }
        return sb.append(fence).append('\n').toString();
    }

    /** An inline code span on one line, delimited by a longer backtick run than any inside. */
    static String code(String text) {
        String body = oneLine(text);
        if (body.isEmpty()) {
            return "\"\"";
        }
        String ticks = "`".repeat(longestBacktickRun(body) + 1);
        String pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
        return ticks + pad + body + pad + ticks;
    }

    /** Plain text on one line with Markdown and HTML punctuation escaped. */
    static String inline(String text) {
        String body = oneLine(text);
        StringBuilder sb = new StringBuilder(body.length() + 8);
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            switch (ch) {
                case '\\', '`', '*', '[', ']', '<', '>', '&', '~', '|' -> sb.append('\\').append(ch);
                case '_' -> {
                    // Inside a word (snake_case) an underscore cannot start emphasis; escaping it
                    // there would only make the plain text harder to read.
                    boolean inWord = i > 0 && i < body.length() - 1
                            && Character.isLetterOrDigit(body.charAt(i - 1))
                            && Character.isLetterOrDigit(body.charAt(i + 1));
                    if (!inWord) {
                        sb.append('\\');
                    }
                    sb.append(ch);
                }
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static String oneLine(String text) {
        return controlsReplaced(text.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' '));
    }

    /** Control characters other than tab and newline become U+FFFD, so the file cannot drive a terminal. */
    private static String controlsReplaced(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (Character.isISOControl(ch) && ch != '\n' && ch != '\t') {
                if (sb == null) {
                    sb = new StringBuilder(text.length()).append(text, 0, i);
                }
                sb.append('\uFFFD');
            } else if (sb != null) {
                sb.append(ch);
            }
        }
        return sb == null ? text : sb.toString();
    }

    private static int longestBacktickRun(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '`') {
                run++;
                longest = Math.max(longest, run);
            } else {
                run = 0;
            }
        }
        return longest;
    }
}
