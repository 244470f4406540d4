package dev.agenteval.report.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.report.Baseline;
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.spi.ResultSink;
import java.io.PrintStream;
import java.util.List;
import java.util.Objects;

/**
 * Prints a summary table to a {@link PrintStream}: one line per case, the failed checks, reasons
 * and harness failures of the cases that failed or errored, and a totals line. Plain text unless
 * ANSI colours are asked for; control characters in reported text are replaced so an agent's
 * answer cannot drive the terminal. When verbose, a line is also printed as each case finishes.
 */
public final class ConsoleSink implements ResultSink {

    private static final int MAX_ID_WIDTH = 48;
    private static final String RESET = "\u001b[0m";

    private final PrintStream out;
    private final boolean verbose;
    private final boolean colour;
    private final Baseline baseline;

    /** A sink printing to {@code out}. */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour) {
        this(out, verbose, colour, null);
    }

    /** A sink printing to {@code out} that also compares each result with {@code baseline} (nullable). */
    public ConsoleSink(PrintStream out, boolean verbose, boolean colour, Baseline baseline) {
        this.out = Objects.requireNonNull(out, "out");
        this.verbose = verbose;
        this.colour = colour;
        this.baseline = baseline;
    }

    @Override
    public void caseFinished(CaseResult result) {
        if (verbose) {
            String line = mark(result.status(), colour) + " " + clean(result.id()) + " ("
                    + ReportText.secondsText(result.duration()) + ")";
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        }
    }

    @Override
    public void write(SuiteResult result) {
        String text = render(result, colour, baseline == null ? null : baseline.compare(result));
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
        StringBuilder sb = new StringBuilder();
        sb.append("Suite ").append(clean(result.suite())).append('\n');
        int idWidth = 0;
        for (CaseResult c : result.cases()) {
            idWidth = Math.max(idWidth, Math.min(MAX_ID_WIDTH, clean(c.id()).length()));
        }
        for (CaseResult c : result.cases()) {
            String id = clean(c.id());
            sb.append("  ").append(mark(c.status(), colour)).append(' ')
                    .append(id).append(" ".repeat(Math.max(0, idWidth - id.length())))
                    .append("  ").append(String.format("%9s",
                            c.status() == CaseStatus.SKIPPED ? "-" : ReportText.secondsText(c.duration())));
            if (c.attempts().size() > 1) {
                sb.append("  ").append(ReportText.attempts(c)).append("; ").append(ReportText.repeats(c));
            }
            sb.append('\n');
        }

        boolean header = false;
        for (CaseResult c : result.cases()) {
            if (c.status() != CaseStatus.FAILED && c.status() != CaseStatus.ERRORED) {
                continue;
            }
            if (!header) {
                sb.append("\nFailures:\n");
                header = true;
            }
            sb.append("  ").append(mark(c.status(), colour)).append(' ').append(clean(c.id()));
            if (!c.reason().isEmpty()) {
                sb.append(": ").append(clean(c.reason()));
            }
            sb.append('\n');
            List<String> lines = ReportText.errorLines(c);
            for (String line : lines) {
                sb.append("      ").append(clean(line)).append('\n');
            }
        }

        if (comparison != null) {
            sb.append('\n');
            for (String line : ComparisonReport.consoleLines(comparison)) {
                sb.append(clean(line)).append('\n');
            }
        }

        Summary s = result.summary();
        sb.append('\n').append(s.cases()).append(s.cases() == 1 ? " case: " : " cases: ")
                .append(ReportText.counts(s))
                .append(" (pass rate ").append(ReportText.percent(s.passRate())).append(") in ")
                .append(ReportText.secondsText(result.duration()));
        String usage = ReportText.usage(result.usage());
        if (usage != null) {
            sb.append("; usage: ").append(usage);
        }
        long flaky = result.cases().stream().filter(CaseResult::flaky).count();
        if (flaky > 0) {
            sb.append("; ").append(flaky).append(" flaky");
        }
        sb.append('\n');
        if (!result.complete()) {
            sb.append(paint("INCOMPLETE run", "\u001b[33m", colour))
                    .append(": the run was interrupted or stopped early; cases that did not run are skipped.\n");
        }
        return sb.toString();
    }

    private static String mark(CaseStatus status, boolean colour) {
        return switch (status) {
            case PASSED -> paint("PASS ", "\u001b[32m", colour);
            case FAILED -> paint("FAIL ", "\u001b[31m", colour);
            case ERRORED -> paint("ERROR", "\u001b[33m", colour);
            case SKIPPED -> paint("SKIP ", "\u001b[90m", colour);
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
