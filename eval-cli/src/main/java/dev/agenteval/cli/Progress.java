package dev.agenteval.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.Secrets;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Progress of a run: on a terminal, one live line (done/total, passed, failed, elapsed, ETA)
 * rewritten in place at most ten times a second by a thread of its own (a finished case only
 * counts; it never writes to the terminal itself), and once more when the run ends; elsewhere (CI), nothing per case (the summary lists what did not pass). With {@code -v}, one
 * plain line per finished case wherever the output goes, followed by each turn's answer and tool
 * calls (labelled {@code toolsCalled:}, the platform CLI's word, {@code (none)} when the agent
 * reported none); with {@code -vv}, also each turn's request and response as JSON. Requests arrive with
 * secrets masked; responses are masked here too (and the stream masks every line again).
 */
final class Progress implements RunListener {

    /** For -v and -vv only: built on first use, not on every run (an ObjectMapper costs a cold start). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /** How often the live line is redrawn. */
    private static final long TICK_MILLIS = 100;

    private final PrintStream out;
    private final boolean terminal;
    private final boolean quiet;
    private final int verbosity;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger passed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger undecided = new AtomicInteger();
    private volatile int total;
    private volatile long start;
    private final boolean ticking;
    private ScheduledExecutorService ticker;
    private int shown = -1;

    /** @param verbosity 0 progress only; 1 also answers and tool calls; 2 also requests and responses */
    Progress(PrintStream out, boolean terminal, boolean quiet, int verbosity) {
        this(out, terminal, quiet, verbosity, true);
    }

    /** @param ticking whether the live line is redrawn by a thread of its own (tests call {@link #tick()}) */
    Progress(PrintStream out, boolean terminal, boolean quiet, int verbosity, boolean ticking) {
        this.out = out;
        this.terminal = terminal;
        this.quiet = quiet;
        this.verbosity = verbosity;
        this.ticking = ticking;
    }

    private boolean liveLine() {
        return terminal && verbosity == 0 && !quiet;
    }

    @Override
    public void runStarted(Suite suite, int selectedCases) {
        total = selectedCases;
        start = System.nanoTime();
        done.set(0);
        passed.set(0);
        failed.set(0);
        undecided.set(0);
        if (!quiet) {
            out.printf(Locale.ROOT, "Running suite '%s': %d case%s%n", suite.name(), selectedCases, selectedCases == 1 ? "" : "s");
        }
        if (liveLine() && ticking) {
            synchronized (this) {
                shown = -1;
                ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "agent-eval-progress");
                    t.setDaemon(true);
                    return t;
                });
                ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Redraws the live line if a case finished since it was last drawn. */
    synchronized void tick() {
        int n = done.get();
        if (n == shown) {
            return;
        }
        shown = n;
        double elapsed = (System.nanoTime() - start) / 1e9;
        double eta = n == 0 ? 0 : elapsed / n * (total - n);
        int u = undecided.get();
        out.printf(Locale.ROOT, "\r[%d/%d] %d passed, %d failed%s, %.1fs elapsed, ETA %.0fs   ", n, total,
                passed.get(), failed.get(), u == 0 ? "" : ", " + u + " undecided", elapsed, eta);
        out.flush();
    }

    @Override
    public void runFinished(SuiteResult result) {
        if (!liveLine()) {
            return;
        }
        ScheduledExecutorService t;
        synchronized (this) {
            t = ticker;
            ticker = null;
        }
        if (t != null) {
            t.shutdownNow();
        }
        synchronized (this) {
            tick();
            out.println();
            out.flush();
        }
    }

    @Override
    public void caseFinished(CaseResult result) {
        if (quiet || verbosity == 0) {
            // The live line (on a terminal) is drawn by the ticker; without a terminal the per-case
            // lines are asked for with -v; the summary lists what failed.
            count(result);
            return;
        }
        synchronized (this) {
            int n = count(result);
            out.printf(Locale.ROOT, "[%d/%d] %-7s %s (%.2fs)%s%n", n, total,
                    result.status().wireName().toUpperCase(Locale.ROOT), result.id(), result.duration().toNanos() / 1e9,
                    result.passed() || result.reason().isEmpty() ? "" : ": " + firstLine(result.reason()));
            details(result);
            out.flush();
        }
    }

    /** Counts {@code result}; returns how many cases have finished. */
    private int count(CaseResult result) {
        if (result.passed()) {
            passed.incrementAndGet();
        } else if (result.status() == CaseStatus.UNDECIDED) {
            undecided.incrementAndGet();
        } else if (result.status() != CaseStatus.SKIPPED) {
            failed.incrementAndGet();
        }
        return done.incrementAndGet();
    }

    /** Each turn's answer (or harness failure) and tool calls; at {@code -vv} its request and response. */
    private void details(CaseResult result) {
        List<CaseAttempt> attempts = result.attempts();
        for (CaseAttempt attempt : attempts) {
            String prefix = "    " + (attempts.size() > 1 ? "attempt " + attempt.attempt() + " " : "");
            List<TurnResult> turns = attempt.turns();
            // A conversation (simulated, or scored as a whole) shows what the user said too.
            boolean transcript = !turns.isEmpty() && turns.get(turns.size() - 1).isConversation();
            for (TurnResult turn : turns) {
                String label = prefix + "turn " + turn.index() + (turn.name() == null ? "" : " (" + turn.name() + ")");
                if (turn.isConversation()) {
                    out.println(label + ": " + indented(turn.input()));
                    turn.scores().forEach(sc -> out.println(label + " " + sc.type() + ": " + sc.status().wireName()
                            + (sc.reason().isBlank() ? "" : " (" + indented(sc.reason()) + ")")));
                    continue;
                }
                if (transcript) {
                    out.println(label + " input: " + indented(turn.input()));
                }
                if (verbosity > 1 && turn.request() != null) {
                    out.println(label + " request: " + json(turn.request()));
                }
                if (turn.harnessFailure() != null) {
                    out.println(label + " harness failure: " + turn.harnessFailure().code().wireName() + ": "
                            + indented(turn.harnessFailure().message()));
                } else {
                    out.println(label + " answer" + (turn.state() == null ? "" : " (" + turn.state().wireName() + ")")
                            + ": " + (turn.answer() == null ? "(none)" : indented(turn.answer())));
                }
                if (!turn.toolCalls().isEmpty()) {
                    out.println(label + " toolsCalled: " + turn.toolCalls().stream().map(Progress::call)
                            .collect(Collectors.joining(", ")));
                } else if (turn.harnessFailure() == null) {
                    out.println(label + " toolsCalled: (none)");
                }
                if (verbosity > 1 && turn.response() != null) {
                    out.println(label + " response: " + json(turn.response()));
                }
            }
        }
    }

    private static String call(ToolCall call) {
        return call.name() + json(call.arguments());
    }

    private static String json(Object value) {
        try {
            return Secrets.shared().redact(Json.MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }

    /** Later lines of a multi-line text indented under the first. */
    private static String indented(String text) {
        return text.strip().replace("\r\n", "\n").replace("\n", "\n      ");
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }
}
