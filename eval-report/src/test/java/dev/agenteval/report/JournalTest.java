package dev.agenteval.report;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.results.Journal;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.report.internal.SampleResults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {

    @TempDir
    Path dir;

    private static final Fingerprint PRINT = new Fingerprint("suite-hash", 5, "agent x", Fingerprint.NO_JUDGE, "value-1");

    @Test
    void everyCaseReadsBackAsItsReportHasIt() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        SuiteResult original = SampleResults.mixed();
        CaseResult withIds = withIds(SampleResults.greet(), "agent-7", "ctx-42");
        try (Journal journal = Journal.start(file, "pharmacy", Shard.of(2, 3))) {
            for (CaseResult c : original.cases()) {
                journal.caseFinished(c);
            }
            journal.caseFinished(withIds);
            journal.fingerprintKnown(PRINT);
        }
        Journal.Contents read = Journal.read(file);
        assertThat(read.suite()).isEqualTo("pharmacy");
        assertThat(read.shard()).isEqualTo(Shard.of(2, 3));
        assertThat(read.fingerprint()).isEqualTo(PRINT);
        assertThat(read.torn()).isFalse();
        assertThat(read.length()).isEqualTo(Files.size(file));
        // 'later' was not run: not journaled. 'greet' came twice: the later line wins.
        assertThat(read.results()).extracting(CaseResult::id).containsExactly("lookup", "slow", "flaky", "greet");
        assertThat(read.results().get(3).turns().get(0).agentId()).isEqualTo("agent-7");
        assertThat(read.results().get(3).turns().get(0).contextId()).isEqualTo("ctx-42");
        assertThat(read.results().subList(0, 3)).containsExactlyElementsOf(
                original.cases().stream().filter(c -> c.status() != CaseStatus.SKIPPED && !c.id().equals("greet")).toList());

        List<CaseResult> reordered = List.of(read.results().get(3), read.results().get(0), read.results().get(1),
                read.results().get(2));
        SuiteResult again = new SuiteResult(original.suite(), original.startedAt(), original.duration(), original.complete(),
                reordered);
        SuiteResult expected = new SuiteResult(original.suite(), original.startedAt(), original.duration(),
                original.complete(), List.of(withIds, SampleResults.lookup(), SampleResults.slow(), SampleResults.flaky()));
        assertThat(Reports.render("json", again)).isEqualTo(Reports.render("json", expected));
        assertThat(Reports.render("harness", again)).isEqualTo(Reports.render("harness", expected));
    }

    @Test
    void eachRecordIsOneLineWhateverTheTextHolds() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        try (Journal journal = Journal.start(file, "s\nuite", null)) {
            journal.caseFinished(SampleResults.lookup()); // an answer with newlines and a code fence
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).isEqualTo("{\"journal\":1,\"suite\":\"s\\nuite\",\"shard\":null}");
        assertThat(lines.get(1)).startsWith("{\"case\":{\"id\":\"lookup\"");
        assertThat(Journal.read(file).fingerprint()).isNull();
    }

    @Test
    void aTornLastLineIsLeftOutAndCutOffWhenResumed() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        try (Journal journal = Journal.start(file, "pharmacy", null)) {
            journal.fingerprintKnown(PRINT);
            journal.caseFinished(SampleResults.greet());
        }
        long whole = Files.size(file);
        Files.writeString(file, "{\"case\":{\"id\":\"lookup\",\"ta", StandardOpenOption.APPEND);

        Journal.Contents read = Journal.read(file);
        assertThat(read.torn()).isTrue();
        assertThat(read.length()).isEqualTo(whole);
        assertThat(read.results()).extracting(CaseResult::id).containsExactly("greet");

        try (Journal journal = Journal.resume(read)) {
            journal.caseFinished(read.results().get(0)); // from the journal: not written again
            journal.fingerprintKnown(PRINT);             // the journal has it: not written again
            journal.caseFinished(SampleResults.lookup());
        }
        Journal.Contents after = Journal.read(file);
        assertThat(after.torn()).isFalse();
        assertThat(after.results()).extracting(CaseResult::id).containsExactly("greet", "lookup");
        assertThat(Files.readAllLines(file)).hasSize(4);
    }

    @Test
    void aBrokenLineBeforeTheLastIsAnErrorNamingTheFileAndLine() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        try (Journal journal = Journal.start(file, "pharmacy", null)) {
            journal.caseFinished(SampleResults.greet());
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.add(1, "{\"case\": {\"id\": 12}}");
        Files.write(file, lines);
        assertThatThrownBy(() -> Journal.read(file)).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith(file + ":2: ").hasMessageContaining("id");

        lines.set(1, "not json");
        Files.write(file, lines);
        assertThatThrownBy(() -> Journal.read(file)).isInstanceOf(ConfigurationException.class)
                .hasMessage(file + ":2: not a journal line (a JSON object on one line)");

        Files.writeString(file, "{\"suite\":\"x\",\"cases\":[]}\n");
        assertThatThrownBy(() -> Journal.read(file)).hasMessageStartingWith(file + ":1: not an agent-eval journal");

        Files.writeString(file, "{\"journal\":9,\"suite\":\"x\"}\n");
        assertThatThrownBy(() -> Journal.read(file)).hasMessage(file + ":1: journal format 9 is not known (this version"
                + " reads format 1)");

        assertThatThrownBy(() -> Journal.read(dir.resolve("none.jsonl"))).hasMessageContaining("no such file");
    }

    @Test
    void casesEndingTogetherAreEachWrittenOnce() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        int threads = 8;
        int each = 300;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (Journal journal = Journal.start(file, "many", null)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * each;
                done.add(pool.submit(() -> IntStream.range(base, base + each)
                        .forEach(i -> journal.caseFinished(passed("c" + i)))));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Journal.Contents read = Journal.read(file);
        assertThat(read.results()).hasSize(threads * each);
        assertThat(read.results().stream().map(CaseResult::id).distinct().count()).isEqualTo(threads * each);
        assertThat(Files.readAllLines(file)).hasSize(threads * each + 1);
    }

    /** The runner's part: a resumed run asks only for the cases the journal lacks, and reports all. */
    @Test
    void aResumedRunSendsOnlyWhatTheJournalLacks() throws Exception {
        Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
        InProcessAgent agent = InProcessAgent.replying(text -> {
            asked.computeIfAbsent(text, k -> new AtomicInteger()).incrementAndGet();
            return text.equals("c3") ? "no" : "ok " + text;
        });
        Suite.Builder sb = Suite.named("five");
        for (int i = 1; i <= 5; i++) {
            sb.add(Case.id("case-" + i).turn("c" + i, contains("ok")));
        }
        Suite suite = sb.build();
        EvalRunner runner = EvalRunner.builder().agent(agent).concurrency(2).build();
        Path file = dir.resolve(Journal.FILE_NAME);

        // A first run stopped after two cases: the journal holds case-2 and case-3 (failed).
        SuiteResult first = runner.toBuilder().caseId("case-2", "case-3").build().run(suite);
        try (Journal journal = Journal.start(file, suite.name(), null)) {
            first.cases().forEach(journal::caseFinished);
            journal.fingerprintKnown(runner.fingerprint(suite));
        }
        asked.clear();

        Journal.Contents earlier = Journal.read(file);
        assertThat(earlier.fingerprint()).isEqualTo(runner.fingerprint(suite));
        List<String> seen = new ArrayList<>();
        SuiteResult resumed;
        try (Journal journal = Journal.resume(earlier)) {
            resumed = runner.toBuilder().resume(earlier.results()).sink(journal).listener(new dev.agenteval.spi.RunListener() {
                @Override
                public synchronized void caseFinished(CaseResult result) {
                    seen.add(result.id());
                }
            }).build().run(suite);
        }
        assertThat(asked.keySet()).containsExactlyInAnyOrder("c1", "c4", "c5");
        assertThat(asked.values()).allMatch(n -> n.get() == 1);
        assertThat(resumed.cases()).extracting(CaseResult::id)
                .containsExactly("case-1", "case-2", "case-3", "case-4", "case-5");
        assertThat(resumed.cases().get(2).status()).isEqualTo(CaseStatus.FAILED);
        assertThat(resumed.cases().get(1)).isSameAs(earlier.results().get(0));
        assertThat(resumed.complete()).isTrue();
        assertThat(seen.subList(0, 2)).containsExactly("case-2", "case-3");
        assertThat(seen).hasSize(5);

        Journal.Contents after = Journal.read(file);
        assertThat(after.results()).extracting(CaseResult::id)
                .containsExactlyInAnyOrder("case-1", "case-2", "case-3", "case-4", "case-5");
        assertThat(Files.readAllLines(file)).hasSize(2 + 5);
    }

    /**
     * The runner tells the journal its fingerprint before any case that ran, even when every case
     * ends before the agent has answered for its configuration: a journal cut short anywhere after
     * its first case line knows its run.
     */
    @Test
    void theFingerprintLineComesBeforeTheFirstCaseLineWhenTheCasesEndFirst() throws Exception {
        int cases = 3;
        // One case ends before the agent answers for its configuration (waiting for every case would
        // wait for a case that cannot start while the first one waits for the fingerprint).
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        dev.agenteval.spi.AgentClient agent = new dev.agenteval.spi.AgentClient() {
            @Override
            public dev.agenteval.spi.AgentSession openSession(dev.agenteval.spi.SessionRequest request) {
                return message -> dev.agenteval.api.AgentResponse.builder().text("ok").build();
            }

            @Override
            public Map<String, Object> configuration() throws InterruptedException {
                // Answers only after a case ended (as a slow agent card or a large suite's hash would).
                ended.await();
                return Map.of("version", "1.0");
            }
        };
        Suite.Builder sb = Suite.named("fast");
        for (int i = 1; i <= cases; i++) {
            sb.add(Case.id("case-" + i).turn("c" + i, contains("ok")));
        }
        Suite suite = sb.build();
        Path file = dir.resolve(Journal.FILE_NAME);
        try (Journal journal = Journal.start(file, suite.name(), null)) {
            EvalRunner.builder().agent(agent).agentDescription("a2a http://x/").concurrency(cases).sink(journal)
                    .listener(new dev.agenteval.spi.RunListener() {
                        @Override
                        public void caseFinished(CaseResult result) {
                            ended.countDown();
                        }
                    }).build().run(suite);
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2 + cases);
        assertThat(lines.get(1)).as("the line after the header").startsWith("{\"fingerprint\"");
        // Cut after its first case line (a SIGKILL then): it still knows its run.
        Files.write(file, lines.subList(0, 3));
        Journal.Contents cut = Journal.read(file);
        assertThat(cut.fingerprint()).isNotNull();
        assertThat(cut.fingerprint().agent()).startsWith("a2a http://x/ configuration ");
        assertThat(cut.results()).hasSize(1);
    }

    @Test
    void blankLinesAreSkippedWhetherEmptyOrWhitespace() throws Exception {
        Path file = dir.resolve(Journal.FILE_NAME);
        try (Journal journal = Journal.start(file, "pharmacy", null)) {
            journal.fingerprintKnown(PRINT);
            journal.caseFinished(SampleResults.greet());
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.add(2, "");
        lines.add(3, "   \t ");
        lines.add("\r");
        Files.write(file, lines);
        Files.writeString(file, "  ", StandardOpenOption.APPEND); // a blank tail without its newline

        Journal.Contents read = Journal.read(file);
        assertThat(read.results()).extracting(CaseResult::id).containsExactly("greet");
        assertThat(read.fingerprint()).isEqualTo(PRINT);
        assertThat(read.torn()).isFalse();
    }

    @Test
    void aResumedResultOfACaseThatWasNotRunIsIgnored() {
        Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
        InProcessAgent agent = InProcessAgent.replying(text -> {
            asked.computeIfAbsent(text, k -> new AtomicInteger()).incrementAndGet();
            return "ok";
        });
        Suite suite = Suite.named("two").add(Case.id("a").turn("a", contains("ok")))
                .add(Case.id("b").turn("b", contains("ok"))).build();
        CaseResult notRun = CaseResult.skipped(suite.cases().get(0), "not run: run interrupted");
        SuiteResult r = EvalRunner.builder().agent(agent).resume(List.of(passed("b"), notRun)).build().run(suite);
        assertThat(asked.keySet()).containsExactly("a");
        assertThat(r.cases()).extracting(CaseResult::status).containsExactly(CaseStatus.PASSED, CaseStatus.PASSED);
    }

    private static CaseResult passed(String id) {
        TurnResult turn = new TurnResult(1, null, id, null, null, "ok", TaskState.COMPLETED, List.of(),
                Duration.ofMillis(3), null, null, List.of(ScoreResult.ofChecks("contains",
                dev.agenteval.api.Check.pass("ok"))));
        return new CaseResult(id, List.of(), true, CaseStatus.PASSED, "", Duration.ofMillis(3), null,
                List.of(new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ofMillis(3), null, List.of(turn))));
    }

    private static CaseResult withIds(CaseResult c, String agentId, String contextId) {
        TurnResult t = c.turns().get(0);
        TurnResult withIds = new TurnResult(t.index(), t.name(), t.input(), t.request(), t.response(), t.answer(),
                t.state(), t.toolCalls(), t.duration(), t.usage(), t.harnessFailure(), t.scores(), agentId, contextId,
                t.traceUrl());
        CaseAttempt a = c.attempts().get(0);
        return new CaseResult(c.id(), c.tags(), c.expectPass(), c.status(), c.reason(), c.duration(), c.usage(),
                List.of(new CaseAttempt(a.attempt(), a.status(), a.reason(), a.duration(), a.usage(), List.of(withIds))),
                c.passThreshold());
    }
}
