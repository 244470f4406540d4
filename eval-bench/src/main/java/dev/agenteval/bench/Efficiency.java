package dev.agenteval.bench;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.jsonPath;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.RunListener;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Wall time of N one-turn cases at concurrency C against the loopback A2A agent with latency L,
 * through the real a2a client and HTTP, compared with the ideal N·L/C; and what the agent itself
 * can serve, measured without the runner, so that a limit of the mock is not taken for one of the
 * runner. With {@code -Dbench.threads=true}, each scenario also prints the CPU time of every live
 * thread (grouped by name) and the collectors' counts, to see where the CPU went.
 */
final class Efficiency {

    private Efficiency() {
    }

    /** The scenarios of BENCHMARKS.md, or one scenario when all three numbers are given. */
    static void run(Integer cases, Double latencyMillis, Integer concurrency) throws Exception {
        System.out.printf(Locale.ROOT, "# JVM started %.2f s before the first benchmark step (excluded from every figure below)%n",
                ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0);
        warmUp();
        if (cases != null && latencyMillis != null && concurrency != null) {
            scenario(cases, latencyMillis, concurrency);
            return;
        }
        scenario(cases != null ? cases : 10_000, 50, 64);
        scenario(1_000, 20, 64);
        scenario(cases != null ? cases : 10_000, 0, 64);
        capacity(cases != null ? cases : 10_000, 64);
    }

    /**
     * JIT warm-up of the client, the runner and the mock, not reported: 8 x 2,000 cases at L=0
     * (the per-case CPU keeps falling for about 15,000 cases as C2 compiles the request path).
     */
    private static void warmUp() throws Exception {
        try (MockA2aAgent agent = MockA2aAgent.start(0)) {
            EvalRunner runner = runner(agent, 16);
            Suite suite = suite(2_000);
            for (int i = 0; i < 8; i++) {
                runner.run(suite);
            }
        }
    }

    static Suite suite(int cases) {
        Suite.Builder b = Suite.named("efficiency");
        for (int i = 0; i < cases; i++) {
            b.add(Case.id("case-" + i).turn(Turn.of("Question " + i).expect(
                    contains("answer"), jsonPath(JsonPathCheck.at("$.items").length(2)))));
        }
        return b.build();
    }

    private static EvalRunner runner(MockA2aAgent agent, int concurrency) {
        AgentClient client = AgentClients.create("a2a", agent.url(), Map.of("version", "0.3",
                "requestTimeoutSeconds", "60", "maxAttempts", "1"), name -> null);
        return EvalRunner.builder().agent(client).environment(name -> null).concurrency(concurrency).build();
    }

    static void scenario(int cases, double latencyMillis, int concurrency) throws Exception {
        scenario(cases, latencyMillis, concurrency, false);
    }

    /**
     * The cost of the journal ({@code journal.jsonl}, every case forced to disk as it ends): the
     * scenario N, L, C run {@code reps} times with the journal and {@code reps} times without,
     * alternately (after the warm-up), the journal first; the medians of run() and their ratio.
     */
    static void journal(Integer cases, Double latencyMillis, Integer concurrency, int reps) throws Exception {
        warmUp();
        int n = cases != null ? cases : 10_000;
        double l = latencyMillis != null ? latencyMillis : 50;
        int c = concurrency != null ? concurrency : 64;
        double[] with = new double[reps];
        double[] without = new double[reps];
        for (int i = 0; i < reps; i++) {
            with[i] = scenario(n, l, c, true);
            without[i] = scenario(n, l, c, false);
        }
        java.util.Arrays.sort(with);
        java.util.Arrays.sort(without);
        double w = with[reps / 2];
        double wo = without[reps / 2];
        System.out.printf(Locale.ROOT, "journal N=%,d L=%s ms C=%d, %d runs each: run() median %.3f s with the journal,"
                + " %.3f s without: %+.1f %%%n", n, fmt(l), c, reps, w, wo, (w / wo - 1) * 100);
    }

    /** One scenario; returns run()'s wall time in seconds. With {@code journal}, a {@link dev.agenteval.results.Journal} is the first sink. */
    static double scenario(int cases, double latencyMillis, int concurrency, boolean journal) throws Exception {
        Suite suite = suite(cases);
        // On the disk the repository is on (not a tmpfs /tmp, where forcing a file costs nothing).
        Path parent = Path.of(System.getProperty("bench.dir", "eval-bench/target"));
        Files.createDirectories(parent);
        Path reports = Files.createTempDirectory(parent, "agent-eval-bench-efficiency");
        AtomicLong lastResult = new AtomicLong();
        AtomicInteger finished = new AtomicInteger();
        RunListener lastResultClock = new RunListener() {
            @Override
            public void caseFinished(CaseResult result) {
                lastResult.accumulateAndGet(System.nanoTime(), Math::max);
                finished.incrementAndGet();
            }
        };
        try (MockA2aAgent agent = MockA2aAgent.start(latencyMillis)) {
            EvalRunner.Builder b = runner(agent, concurrency).toBuilder().listener(lastResultClock);
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            dev.agenteval.results.Journal written = journal
                    ? dev.agenteval.results.Journal.start(reports.resolve(dev.agenteval.results.Journal.FILE_NAME), suite.name(), null)
                    : null;
            if (written != null) {
                b.sink(written);
            }
            EvalRunner runner = b.sink(Reports.sink("json", reports.resolve("results.json"))).build();
            SuiteResult r = runner.run(suite);
            long total = System.nanoTime() - t0;
            long cpu = processCpuNanos() - cpu0;
            if (Boolean.getBoolean("bench.threads")) {
                printThreadCpu();
            }
            if (written != null && dev.agenteval.results.Journal.read(written.file()).results().size() != cases) {
                throw new IllegalStateException("the journal does not hold every case");
            }
            if (!r.allPassed() || finished.get() != cases) {
                throw new IllegalStateException("efficiency suite did not pass: " + r.summary());
            }
            MockA2aAgent.Stats s = agent.stats();
            if (s.requests() != cases) {
                throw new IllegalStateException("the agent saw " + s.requests() + " requests for " + cases + " cases");
            }
            double wall = (lastResult.get() - s.firstStartNanos()) / 1e9;
            double ideal = cases * latencyMillis / 1000.0 / concurrency;
            System.out.printf(Locale.ROOT, "efficiency N=%,d L=%s ms C=%d%s: first request to last result %.3f s",
                    cases, fmt(latencyMillis), concurrency, journal ? " with the journal" : "", wall);
            if (latencyMillis > 0) {
                System.out.printf(Locale.ROOT, ", ideal N·L/C %.3f s, %+.1f %% over ideal", ideal, (wall / ideal - 1) * 100);
            }
            System.out.printf(Locale.ROOT, "; %,.0f cases/s; agent: %,d requests, max in flight %d, average in flight %.1f"
                            + " (per tenth of the run: %s); run() incl. preparation and results.json %.3f s;"
                            + " process CPU (runner, HTTP client and mock) %.0f µs per case%n",
                    cases / wall, s.requests(), s.maxInFlight(), s.averageInFlight(), s.decileText(), total / 1e9,
                    cpu / 1e3 / cases);
            return total / 1e9;
        } finally {
            try (var files = Files.list(reports)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(reports);
        }
    }

    /**
     * The mock's own capacity at L=0: {@code concurrency} threads, each with one keep-alive socket,
     * sending a prepared A2A request and reading the answer in a loop; no runner, no HTTP client
     * library, no scorers, no reports. The load generator shares the CPU with the mock, so this is
     * a lower bound of what the mock can serve.
     */
    static void capacity(int requests, int concurrency) throws Exception {
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":{\"kind\":\"message\","
                + "\"role\":\"user\",\"messageId\":\"m\",\"parts\":[{\"kind\":\"text\",\"text\":\"Question\"}]},"
                + "\"configuration\":{\"blocking\":true}}}").getBytes(StandardCharsets.UTF_8);
        try (MockA2aAgent agent = MockA2aAgent.start(0)) {
            byte[] head = ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
            byte[] request = new byte[head.length + body.length];
            System.arraycopy(head, 0, request, 0, head.length);
            System.arraycopy(body, 0, request, head.length, body.length);
            int port = agent.url().getPort();
            for (int round = 0; round < 2; round++) {
                agent.reset();
                AtomicInteger issued = new AtomicInteger();
                Thread[] loops = new Thread[concurrency];
                Exception[] failure = new Exception[1];
                long t0 = System.nanoTime();
                for (int i = 0; i < concurrency; i++) {
                    loops[i] = new Thread(() -> {
                        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                            socket.setTcpNoDelay(true);
                            OutputStream out = socket.getOutputStream();
                            InputStream in = new BufferedInputStream(socket.getInputStream());
                            while (issued.incrementAndGet() <= requests) {
                                out.write(request);
                                out.flush();
                                readResponse(in);
                            }
                        } catch (IOException e) {
                            synchronized (failure) {
                                failure[0] = e;
                            }
                        }
                    });
                    loops[i].start();
                }
                for (Thread t : loops) {
                    t.join();
                }
                double wall = (System.nanoTime() - t0) / 1e9;
                if (failure[0] != null) {
                    throw failure[0];
                }
                MockA2aAgent.Stats s = agent.stats();
                if (round == 1) {
                    System.out.printf(Locale.ROOT, "capacity of the mock agent at L=0 (%d threads on keep-alive sockets, no runner,"
                                    + " no HTTP library): %,d requests in %.3f s, %,.0f requests/s%n",
                            concurrency, s.requests(), wall, requests / wall);
                }
            }
        }
    }

    /** Reads one HTTP response with a Content-Length body; fails on a status other than 200. */
    private static void readResponse(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int length = -1;
        boolean first = true;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed");
            }
            if (b == '\n') {
                String l = line.toString().strip();
                line.setLength(0);
                if (first) {
                    if (!l.startsWith("HTTP/1.1 200")) {
                        throw new IOException("unexpected status line: " + l);
                    }
                    first = false;
                } else if (l.isEmpty()) {
                    break;
                } else if (l.regionMatches(true, 0, "content-length:", 0, 15)) {
                    length = Integer.parseInt(l.substring(15).trim());
                }
            } else {
                line.append((char) b);
            }
        }
        if (in.readNBytes(length).length != length) {
            throw new IOException("short body");
        }
    }

    /** CPU time of each live thread, grouped by name with digits masked, and the collectors' work. */
    private static void printThreadCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> byGroup = new TreeMap<>();
        for (long id : threads.getAllThreadIds()) {
            ThreadInfo info = threads.getThreadInfo(id);
            long cpu = threads.getThreadCpuTime(id);
            if (info != null && cpu > 0) {
                byGroup.merge(info.getThreadName().replaceAll("[0-9]+", "#"), cpu, Long::sum);
            }
        }
        byGroup.forEach((name, cpu) -> System.out.printf(Locale.ROOT, "  thread %-40s %8.0f ms%n", name, cpu / 1e6));
        ManagementFactory.getGarbageCollectorMXBeans().forEach(g -> System.out.printf(Locale.ROOT,
                "  gc %s: %d collections, %d ms%n", g.getName(), g.getCollectionCount(), g.getCollectionTime()));
    }

    /** CPU time of the whole process (all threads), in nanoseconds. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String fmt(double millis) {
        return millis == Math.rint(millis) ? Long.toString((long) millis) : Double.toString(millis);
    }
}
