package dev.agenteval.report.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.MeanEstimate;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import dev.agenteval.spi.ResultSink;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Prints a summary to a {@link PrintStream}: the totals line, then one line per case that failed
 * or errored (its duration and why: its reason, else its failed checks and harness failures),
 * then the comparison with a baseline and a note when the run is incomplete. Plain text unless
 * ANSI colours are asked for; control characters in reported text are replaced so an agent's
 * answer cannot drive the terminal. When verbose, a line is also printed as each case finishes,
 * followed for a simulated case by its transcript, stop reason and conversation scores.
 */
public final class ConsoleSink implements ResultSink {

    private static final String RESET = "\u001b[0m";

    private final PrintStream out;
    private final boolean verbose;
    private final boolean colour;
    private final Baseline baseline;
    private final boolean totalsOnly;
    private final Confidence confidence;

    /** A sink printing to {@code out}. */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour) {
        this(out, verbose, colour, null);
    }

    /** A sink printing to {@code out} that also compares each result with {@code baseline} (nullable). */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour, Baseline baseline) {
        this(out, verbose, colour, baseline, false);
    }

    /** A sink printing to {@code out}; when {@code totalsOnly}, only the totals line ({@link #totals}). */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour, Baseline baseline, boolean totalsOnly) {
        this(out, verbose, colour, baseline, totalsOnly, Confidence.DEFAULT);
    }

    /**
     * Like {@link #ConsoleSink(PrintStream, boolean, boolean, Baseline, boolean)}, the interval at
     * {@code confidence}'s level.
     */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour, Baseline baseline, boolean totalsOnly,
                       Confidence confidence) {
        this.confidence = Objects.requireNonNull(confidence, "confidence");
        this.totalsOnly = totalsOnly;
        this.out = Objects.requireNonNull(out, "out");
        this.verbose = verbose;
        this.colour = colour;
        this.baseline = baseline;
    }

    @Override
    public void caseFinished(CaseResult result) {
        if (verbose) {
            String line = mark(result.status(), colour) + " " + clean(result.id()) + " ("
                    + ReportText.secondsText(result.duration()) + ")" + transcript(result);
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        }
    }

    /**
     * For a case with a conversation turn (a simulated case, or one with conversation scorers), its
     * transcript under the case line: each user message and answer, then how it stopped and the
     * conversation scores; empty for other cases.
     */
    private static String transcript(CaseResult result) {
        List<TurnResult> turns = result.turns();
        if (turns.isEmpty() || !turns.get(turns.size() - 1).isConversation()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (TurnResult t : turns) {
            if (t.isConversation()) {
                sb.append("\n    ").append(clean(t.input()));
                t.scores().forEach(s -> sb.append("\n    ").append(clean(s.type())).append(": ")
                        .append(s.status().wireName()).append(s.reason().isBlank() ? "" : " (" + clean(s.reason()) + ")"));
            } else {
                sb.append("\n    user:  ").append(clean(t.input()));
                sb.append("\n    agent: ").append(t.answer() == null ? "(no answer)" : clean(t.answer()));
            }
        }
        return sb.toString();
    }

    @Override
    public void write(SuiteResult result) {
        String text = totalsOnly ? totals(result, confidence) + "\n"
                : render(result, colour, baseline == null ? null : baseline.compare(result), confidence);
        synchronized (out) {
            out.print(text);
            out.flush();
        }
    }

    /** The summary text, ending with a newline. */
    public static String render(SuiteResult result, boolean colour) {
        return render(result, colour, null);
    }

    /** The summary text, with the comparison with a baseline when {@code comparison} is not null. */
    public static String render(SuiteResult result, boolean colour, BaselineComparison comparison) {
        return render(result, colour, comparison, Confidence.DEFAULT);
    }

    /** Like {@link #render(SuiteResult, boolean, BaselineComparison)}, the interval at {@code confidence}'s level. */
    public static String render(SuiteResult result, boolean colour, BaselineComparison comparison,
                                Confidence confidence) {
        StringBuilder sb = new StringBuilder();
        RunStatistics stats = RunStatistics.of(result, confidence.level());
        sb.append(totals(result, stats)).append('\n');
        for (String line : statistics(stats, ScorerStatistics.of(result, confidence))) {
            sb.append("  ").append(clean(line)).append('\n');
        }
        for (CaseResult c : result.cases()) {
            if (c.status() == CaseStatus.FAILED || c.status() == CaseStatus.ERRORED
                    || c.status() == CaseStatus.UNDECIDED) {
                sb.append("  ").append(mark(c.status(), colour)).append(' ').append(failureLine(c)).append('\n');
            }
        }
        if (comparison != null) {
            for (String line : ComparisonReport.consoleLines(comparison)) {
                sb.append(clean(line)).append('\n');
            }
        }
        if (!result.complete()) {
            sb.append(paint("INCOMPLETE run", "\u001b[33m", colour))
                    .append(": ").append(ReportText.incompleteReason(result, "cases that did not run are skipped")).append(".\n");
        }
        return sb.toString();
    }

    /**
     * The figures under the totals line: with repeats, the attempt pass rate with its interval and
     * pass@k / pass^k for each k (e.g. {@code pass@k: k=1 45%, k=2 60%; pass^k: k=1 45%, k=2 30%});
     * then each scorer's mean with its interval (e.g. {@code score correctness: mean 0.812 (95% CI
     * 0.750-0.860, n=20)}). ASCII dashes, as the totals line's.
     */
    static List<String> statistics(RunStatistics stats, List<ScorerStatistics> scorers) {
        List<String> lines = new ArrayList<>();
        stats.attemptPassRate().ifPresent(a -> lines.add(ReportText.attemptPassRate(a, "-")));
        if (!stats.passAtK().isEmpty()) {
            StringBuilder at = new StringBuilder("pass@k:");
            StringBuilder hat = new StringBuilder("pass^k:");
            for (PassAtK k : stats.passAtK()) {
                String sep = k == stats.passAtK().get(0) ? " " : ", ";
                at.append(sep).append("k=").append(k.k()).append(' ').append(ReportText.percent(k.passAtK()));
                hat.append(sep).append("k=").append(k.k()).append(' ').append(ReportText.percent(k.passHatK()));
            }
            long leftOut = stats.passAtK().stream().mapToLong(PassAtK::leftOut).max().orElse(0);
            lines.add(at + "; " + hat + (leftOut > 0 ? " (cases with fewer attempts than k left out of that k)" : ""));
        }
        for (ScorerStatistics s : scorers) {
            MeanEstimate e = s.estimate();
            lines.add("score " + s.id() + ": mean " + ReportText.score(e.mean()) + " ("
                    + ReportText.scoreInterval(e.interval(), "-") + ", n=" + e.n() + ")");
        }
        return lines;
    }

    /**
     * The totals line, e.g. {@code Suite pharmacy: 5 cases: 3 passed, 1 failed, 1 errored, 0 skipped;
     * pass rate 60% (95% CI 23-88%, n=5) in 12.3s; usage: ...; 1 flaky}, without a newline; the
     * interval is the Wilson interval of {@code RunStatistics}.
     */
    public static String totals(SuiteResult result) {
        return totals(result, Confidence.DEFAULT);
    }

    /** Like {@link #totals(SuiteResult)}, the interval at {@code confidence}'s level (e.g. {@code 90% CI}). */
    public static String totals(SuiteResult result, Confidence confidence) {
        return totals(result, RunStatistics.of(result, confidence.level()));
    }

    private static String totals(SuiteResult result, RunStatistics stats) {
        Summary s = result.summary();
        StringBuilder sb = new StringBuilder("Suite ").append(clean(result.suite())).append(": ")
                .append(s.cases()).append(s.cases() == 1 ? " case: " : " cases: ")
                .append(ReportText.counts(s)).append("; ")
                // An ASCII dash, as the console's other separators ("->"): a terminal may not be UTF-8.
                .append(ReportText.passRate(s, stats.passRateInterval(), "-"))
                .append(" in ")
                .append(ReportText.secondsText(result.duration()));
        String usage = ReportText.usage(result.usage());
        if (usage != null) {
            sb.append("; usage: ").append(usage);
        }
        String judgeUsage = ReportText.usage(result.judgeUsage());
        if (judgeUsage != null) {
            sb.append("; judge usage: ").append(judgeUsage);
        }
        int flaky = result.summary().flaky();
        if (flaky > 0) {
            sb.append("; ").append(flaky).append(" flaky");
        }
        return clean(sb.toString());
    }

    /**
     * One line for a case that did not pass: its id, duration, attempts when repeated, and why
     * (its reason, else its failed checks and harness failures).
     */
    private static String failureLine(CaseResult c) {
        StringBuilder sb = new StringBuilder(clean(c.id())).append(" (").append(ReportText.secondsText(c.duration()));
        if (c.attempts().size() > 1) {
            sb.append("; ").append(ReportText.attempts(c)).append("; ").append(ReportText.repeats(c));
        }
        sb.append(')');
        String why = ReportText.why(c);
        if (!why.isEmpty()) {
            sb.append(": ").append(clean(why));
        }
        return sb.toString();
    }

    private static String mark(CaseStatus status, boolean colour) {
        return switch (status) {
            case PASSED -> paint("PASS ", "\u001b[32m", colour);
            case FAILED -> paint("FAIL ", "\u001b[31m", colour);
            case ERRORED -> paint("ERROR", "\u001b[33m", colour);
            case SKIPPED -> paint("SKIP ", "\u001b[90m", colour);
            case UNDECIDED -> paint("UNDEC", "\u001b[35m", colour);
        };
    }

    private static String paint(String text, String ansi, boolean colour) {
        return colour ? ansi + text + RESET : text;
    }

    /** One line, with control characters (e.g. ESC) replaced so text cannot drive the terminal. */
    private static String clean(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r' || ch == '\t') {
                sb.append(' ');
            } else if (Character.isISOControl(ch)) {
                sb.append('?');
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }
}
