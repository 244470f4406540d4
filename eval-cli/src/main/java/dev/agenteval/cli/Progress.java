package dev.agenteval.cli;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.spi.RunListener;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Progress of a run: on a terminal, one live line (done/total, passed, failed, elapsed, ETA)
 * rewritten in place; elsewhere (CI), one plain line per finished case.
 */
final class Progress implements RunListener {

    private final PrintStream out;
    private final boolean terminal;
    private final boolean quiet;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger passed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile int total;
    private volatile long start;

    Progress(PrintStream out, boolean terminal, boolean quiet) {
        this.out = out;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    @Override
    public void runStarted(Suite suite, int selectedCases) {
        total = selectedCases;
        start = System.nanoTime();
        done.set(0);
        passed.set(0);
        failed.set(0);
        if (!quiet) {
            out.printf(Locale.ROOT, "Running suite '%s': %d case%s%n", suite.name(), selectedCases, selectedCases == 1 ? "" : "s");
        }
    }

    @Override
    public synchronized void caseFinished(CaseResult result) {
        int n = done.incrementAndGet();
        if (result.passed()) {
            passed.incrementAndGet();
        } else if (result.status() != CaseStatus.SKIPPED) {
            failed.incrementAndGet();
        }
        if (quiet) {
            return;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (terminal) {
            double eta = n == 0 ? 0 : elapsed / n * (total - n);
            out.printf(Locale.ROOT, "\r[%d/%d] %d passed, %d failed, %.1fs elapsed, ETA %.0fs   ", n, total,
                    passed.get(), failed.get(), elapsed, eta);
            if (n == total) {
                out.println();
            }
        } else {
            out.printf(Locale.ROOT, "[%d/%d] %-7s %s (%.2fs)%s%n", n, total, result.status().wireName().toUpperCase(Locale.ROOT),
                    result.id(), result.duration().toNanos() / 1e9,
                    result.passed() || result.reason().isEmpty() ? "" : ": " + firstLine(result.reason()));
        }
        out.flush();
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }
}
