package dev.agenteval.bench;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.mustInclude;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.report.Reports;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark behind BENCHMARKS.md. Modes: {@code yaml} (load N generated cases per dialect),
 * {@code overhead} (harness time per case against an in-process agent with zero latency and
 * deterministic scorers, reports included), {@code heap} (peak heap for N cases with reports),
 * {@code efficiency} (N cases at concurrency C against a loopback A2A agent with latency L, against
 * the ideal N·L/C; {@code --cases N --latency L --concurrency C} for one scenario), {@code capacity}
 * (the mock agent's own throughput at L=0), {@code serve} (the mock agent alone, {@code --latency L},
 * until killed), {@code postrun} (the time from the last finished case to the end of {@code run()} with
 * the CLI's default reports, results.json and results.md: the first run in the JVM, then warm), {@code jmh} (the scorer micro-benchmarks, JMH options after it), {@code all}
 * (yaml, overhead, heap, efficiency). Run with {@code eval-bench/run [mode] [options]}.
 */
public final class Bench {

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 && !args[0].startsWith("--") ? args[0] : "all";
        if (mode.equals("jmh")) {
            // The scorer micro-benchmarks: JMH's own command line (e.g. -f 1 -wi 3 -i 5).
            org.openjdk.jmh.Main.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        Integer casesOption = null;
        Double latency = null;
        Integer concurrency = null;
        for (int i = 0; i < args.length - 1; i++) {
            switch (args[i]) {
                case "--cases" -> casesOption = Integer.parseInt(args[i + 1]);
                case "--latency" -> latency = Double.parseDouble(args[i + 1]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[i + 1]);
                default -> {
                }
            }
        }
        int cases = casesOption == null ? 10_000 : casesOption;
        System.out.printf(Locale.ROOT, "# agent-eval benchmark: %s%n", args.length == 0 ? mode : String.join(" ", args));
        System.out.printf(Locale.ROOT, "# JVM %s %s, %d processors, max heap %d MB, os %s %s%n",
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("os.name"), System.getProperty("os.arch"));
        switch (mode) {
            case "yaml" -> yaml(cases);
            case "overhead" -> overhead(cases);
            case "heap" -> heap(cases);
            case "postrun" -> postrun(cases, concurrency == null ? 4 : concurrency);
            case "efficiency" -> Efficiency.run(casesOption, latency, concurrency);
            case "journal" -> Efficiency.journal(casesOption, latency, concurrency, Integer.getInteger("bench.reps", 5));
            case "capacity" -> Efficiency.capacity(cases, concurrency == null ? 64 : concurrency);
            case "serve" -> {
                // The mock agent alone, to profile a client in another process; stops when killed.
                MockA2aAgent agent = MockA2aAgent.start(latency == null ? 0 : latency);
                System.out.println("mock A2A agent at " + agent.url() + " (latency " + (latency == null ? 0 : latency) + " ms)");
                Thread.currentThread().join();
            }
            case "all" -> {
                yaml(cases);
                overhead(cases);
                heap(cases);
                Efficiency.run(casesOption, latency, concurrency);
            }
            default -> throw new IllegalArgumentException("unknown mode '" + mode
                    + "' (yaml, overhead, heap, postrun, efficiency, journal, capacity, serve, jmh, all)");
        }
    }

    // ---------------------------------------------------------------- yaml

    static void yaml(int cases) throws IOException {
        Path dir = Files.createTempDirectory("agent-eval-bench-yaml");
        Path harness = dir.resolve("harness.yaml");
        Path platform = dir.resolve("platform/eval/eval.yaml");
        Files.createDirectories(platform.getParent());
        Files.writeString(harness, harnessSuite(cases));
        Files.writeString(platform, platformSuite(cases));
        SuiteLoader loader = SuiteLoader.defaults();
        for (Path file : List.of(harness, platform)) {
            long[] nanos = new long[8];
            for (int i = 0; i < nanos.length; i++) {
                long t0 = System.nanoTime();
                Suite s = loader.load(file);
                nanos[i] = System.nanoTime() - t0;
                if (s.cases().size() != cases) {
                    throw new IllegalStateException("loaded " + s.cases().size() + " cases");
                }
            }
            long[] warm = Arrays.copyOfRange(nanos, 3, nanos.length);
            Arrays.sort(warm);
            System.out.printf(Locale.ROOT, "yaml-load %-8s %,d cases, %,d bytes: first %.0f ms, warm median %.0f ms, best %.0f ms%n",
                    file.equals(harness) ? "harness" : "platform", cases, Files.size(file), nanos[0] / 1e6,
                    warm[warm.length / 2] / 1e6, warm[0] / 1e6);
        }
    }

    static String harnessSuite(int cases) {
        StringBuilder sb = new StringBuilder("globals:\n  concurrency: 8\nevals:\n");
        for (int i = 0; i < cases; i++) {
            sb.append("  - name: case_").append(i).append('\n')
              .append("    agent:\n      name: Bench Agent\n      systemPrompt: You answer politely.\n")
              .append("    message:\n      message:\n        role: user\n        kind: message\n        parts:\n")
              .append("          - kind: text\n            text: \"Question number ").append(i).append("\"\n")
              .append("    expectations:\n      must_include:\n        - answer\n      max_duration_seconds: 30\n")
              .append("      jsonpath:\n        - { path: \"$.items\", length: 2 }\n");
        }
        return sb.toString();
    }

    static String platformSuite(int cases) {
        StringBuilder sb = new StringBuilder("cases:\n");
        for (int i = 0; i < cases; i++) {
            sb.append("  - id: case-").append(i).append('\n')
              .append("    tags: [bench]\n")
              .append("    turns:\n      - input: \"Question number ").append(i).append("\"\n")
              .append("        scorers:\n          - type: must_include\n            values: [answer]\n")
              .append("          - type: contains\n            values: [answer]\n");
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- runner

    private static final InProcessAgent AGENT = InProcessAgent.of((conversation, message) -> AgentResponse.builder()
            .part(Part.text("The answer to " + message.text()))
            .part(Part.data(Map.of("items", List.of(Map.of("type", "TEMP", "value", 38.5), Map.of("type", "SYS", "value", 120)))))
            .state(TaskState.COMPLETED)
            .build());

    static Suite runnerSuite(int cases) {
        Suite.Builder b = Suite.named("bench");
        for (int i = 0; i < cases; i++) {
            b.add(Case.id("case-" + i).tag("bench").turn(Turn.of("Question " + i).expect(
                    contains("answer"),
                    mustInclude("\"type\": \"TEMP\""),
                    jsonPath(JsonPathCheck.at("$.items").length(2)))));
        }
        return b.build();
    }

    static SuiteResult runWithReports(Suite suite, Path reports, int concurrency) {
        EvalRunner.Builder b = EvalRunner.builder().agent(AGENT).concurrency(concurrency);
        SuiteResult r = (reports == null ? b : b.sink(Reports.all(reports))).build().run(suite);
        if (!r.allPassed()) {
            throw new IllegalStateException("bench suite did not pass: " + r.summary());
        }
        return r;
    }

    static void overhead(int cases) throws IOException {
        Suite suite = runnerSuite(cases);
        Path reports = Files.createTempDirectory("agent-eval-bench-reports");
        for (int concurrency : new int[] {1, 4}) {
            for (boolean withReports : new boolean[] {true, false}) {
                Path dir = withReports ? reports : null;
                runWithReports(suite, dir, concurrency); // warm-up
                List<double[]> runs = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    long cpu0 = Efficiency.processCpuNanos();
                    long t0 = System.nanoTime();
                    runWithReports(suite, dir, concurrency);
                    runs.add(new double[] {(System.nanoTime() - t0) / 1e3 / cases, (Efficiency.processCpuNanos() - cpu0) / 1e3 / cases});
                }
                runs.sort((a, b) -> Double.compare(a[0], b[0]));
                System.out.printf(Locale.ROOT, "overhead concurrency %d: %,d cases with 3 scorers%s: median %.1f µs/case wall"
                                + " (%.1f µs/case process CPU), best %.1f µs/case (%,.0f cases/s)%n",
                        concurrency, cases, withReports ? " and the reports of Reports.all (JSON, Markdown, JUnit XML, HTML)" : ", no reports",
                        runs.get(2)[0], runs.get(2)[1], runs.get(0)[0], 1e6 / runs.get(2)[0]);
            }
        }
    }

    static void heap(int cases) throws IOException {
        // The bound is proven by running under it (JAVA_OPTS=-Xmx256m): a run needing more heap
        // fails with OutOfMemoryError. The pool peaks are printed for orientation only.
        Suite suite = runnerSuite(cases);
        Path reports = Files.createTempDirectory("agent-eval-bench-heap");
        System.gc();
        List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
        long before = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        SuiteResult r = runWithReports(suite, reports, 4);
        long oldGenPeak = heapPools.stream().filter(p -> p.getName().contains("Old") || p.getName().contains("Tenured"))
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.gc();
        long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() - before;
        System.out.printf(Locale.ROOT, "heap %,d cases with reports: completed within max heap %d MB; old-generation peak %d MB; "
                        + "results retained after GC %d MB; results.json %,d bytes%n",
                r.cases().size(), Runtime.getRuntime().maxMemory() >> 20, oldGenPeak >> 20, retained >> 20,
                Files.size(reports.resolve("results.json")));
    }

    // ---------------------------------------------------------------- postrun

    /** Records when the last case finished (the runner calls it as each case ends, from case threads). */
    private static final class LastCaseClock implements dev.agenteval.spi.ResultSink {
        final java.util.concurrent.atomic.AtomicLong last = new java.util.concurrent.atomic.AtomicLong();

        @Override
        public void caseFinished(dev.agenteval.api.CaseResult result) {
            last.accumulateAndGet(System.nanoTime(), Math::max);
        }

        @Override
        public void write(SuiteResult result) {
        }
    }

    /** Times the {@code write} of the sink it wraps. */
    private static final class TimedSink implements dev.agenteval.spi.ResultSink {
        final dev.agenteval.spi.ResultSink sink;
        long start;
        long end;

        TimedSink(dev.agenteval.spi.ResultSink sink) {
            this.sink = sink;
        }

        @Override
        public void caseFinished(dev.agenteval.api.CaseResult result) {
            sink.caseFinished(result);
        }

        @Override
        public void write(SuiteResult result) throws IOException {
            start = System.nanoTime();
            sink.write(result);
            end = System.nanoTime();
        }
    }

    /**
     * The post-run time: from the last {@code caseFinished} to the return of {@code run()}, with the
     * CLI's default report set (results.json and results.md), N cases against the in-process agent.
     * The first run in the JVM is the cold figure (what a CLI run sees); the next five, the warm ones.
     */
    static void postrun(int cases, int concurrency) throws IOException {
        Suite suite = runnerSuite(cases);
        Path reports = Files.createTempDirectory("agent-eval-bench-postrun");
        List<dev.agenteval.spi.ReportFormat> formats = List.of(Reports.format("json"), Reports.format("md"));
        List<double[]> warm = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            LastCaseClock clock = new LastCaseClock();
            TimedSink files = new TimedSink(Reports.folder(reports, formats));
            EvalRunner runner = EvalRunner.builder().agent(AGENT).concurrency(concurrency)
                    .sink(clock).sink(files).build();
            long t0 = System.nanoTime();
            SuiteResult r = runner.run(suite);
            long end = System.nanoTime();
            if (!r.allPassed()) {
                throw new IllegalStateException("bench suite did not pass: " + r.summary());
            }
            double post = (end - clock.last.get()) / 1e6;
            double total = (end - t0) / 1e6;
            double beforeWrite = (files.start - clock.last.get()) / 1e6;
            double write = (files.end - files.start) / 1e6;
            if (i == 0) {
                System.out.printf(Locale.ROOT, "postrun concurrency %d: %,d cases, results.json %,d bytes + results.md %,d bytes: "
                                + "cold (first run) post-run %.0f ms (runner before the report write %.0f ms, report write %.0f ms) "
                                + "of %.0f ms%n", concurrency, cases,
                        Files.size(reports.resolve("results.json")), Files.size(reports.resolve("results.md")), post,
                        beforeWrite, write, total);
            } else {
                warm.add(new double[] {post, total, beforeWrite, write});
            }
        }
        warm.sort((a, b) -> Double.compare(a[0], b[0]));
        System.out.printf(Locale.ROOT, "postrun concurrency %d: %,d cases: warm post-run median %.0f ms (best %.0f, worst %.0f; "
                        + "the median's runner before the report write %.0f ms, report write %.0f ms) of a run of %.0f ms%n",
                concurrency, cases, warm.get(2)[0], warm.get(0)[0], warm.get(warm.size() - 1)[0], warm.get(2)[2],
                warm.get(2)[3], warm.get(2)[1]);
    }
}
