package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.CaseResult;
import dev.agenteval.results.Journal;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --resume DIR [--retry-errored]} against a loopback A2A agent without a card (the
 * testkit's {@link FakeA2aAgent}) whose messages are counted per case: a child CLI killed with
 * SIGKILL mid-run, then resumed.
 */
class ResumeCliTest {

    private static final long WAIT_SECONDS = 120;
    private static final int CASES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern QUESTION = Pattern.compile("Question (\\d+)");

    @TempDir
    Path dir;

    private final FakeA2aAgent agent = FakeA2aAgent.start().withoutCard().otherwise(this::answer);
    private final String url = agent.url().toString();
    /** The agent's messages before this mark are forgotten by {@link #askedCounts()}. */
    private volatile int mark;
    /** Case numbers whose messages are held until {@link #release} (and then answered). */
    private volatile Predicate<Integer> held = n -> false;
    /** Case numbers answered with HTTP 500. */
    private volatile Predicate<Integer> failing = n -> false;
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch heldArrived = new CountDownLatch(2);

    private CommandResult last;

    @BeforeEach
    void start() throws Exception {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (int i = 0; i < CASES; i++) {
            yaml.append("  - id: case-").append(i).append('\n')
                    .append("    turns:\n")
                    .append("      - input: \"Question ").append(i).append("\"\n")
                    .append("        scorers:\n")
                    .append("          - type: contains\n")
                    .append("            values: [").append(i == 4 ? "goodbye" : "hello").append("]\n");
        }
        Files.writeString(dir.resolve("suite.yaml"), yaml.toString());
    }

    @AfterEach
    void stop() {
        release.countDown();
        agent.close();
    }

    private A2aReply answer(A2aRequest request) {
        int n = number(request);
        if (held.test(n)) {
            heldArrived.countDown();
            try {
                release.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return failing.test(n) ? A2aReply.httpStatus(500, "{\"error\":\"down\"}") : A2aReply.completed("hello " + n);
    }

    /** The case number a message asks about; -1 when it names none. */
    private static int number(A2aRequest request) {
        Matcher m = QUESTION.matcher(request.text());
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** Forgets the messages received so far. */
    private void forget() {
        mark = agent.requestCount();
    }

    private int run(String... args) {
        last = CommandRunner.in(dir).run(args);
        return last.exitCode();
    }

    private String err() {
        return last.err();
    }

    /** Messages received per case number since {@link #forget()}. */
    private Map<Integer, Integer> askedCounts() {
        Map<Integer, Integer> counts = new TreeMap<>();
        List<A2aRequest> all = agent.requests();
        all.subList(mark, all.size()).forEach(r -> counts.merge(number(r), 1, Integer::sum));
        return counts;
    }

    private static Set<String> ids(List<CaseResult> results) {
        return results.stream().map(CaseResult::id).collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    private static int number(String id) {
        return Integer.parseInt(id.substring("case-".length()));
    }

    /** The ids and statuses of results.json's cases, in its order. */
    private Map<String, String> reported(String folder) throws IOException {
        JsonNode report = JSON.readTree(dir.resolve(folder).resolve("results.json").toFile());
        Map<String, String> statuses = new java.util.LinkedHashMap<>();
        report.get("cases").forEach(c -> statuses.put(c.get("id").asText(), c.get("status").asText()));
        return statuses;
    }

    /** Waits (for file events, never a fixed time) until {@code file}'s journal holds {@code cases} cases. */
    private static Journal.Contents awaitJournal(Path file, int cases) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            file.getParent().register(watch, StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_CREATE);
            while (System.nanoTime() < deadline) {
                if (Files.exists(file)) {
                    Journal.Contents read = Journal.read(file);
                    if (read.results().size() >= cases) {
                        return read;
                    }
                }
                var key = watch.poll(1, TimeUnit.SECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
        throw new AssertionError("the journal never held " + cases + " cases");
    }

    /** The header and fingerprint lines of a journal and its first {@code cases} case lines (as a run stopped then left it). */
    private static List<String> keep(List<String> lines, int cases) {
        List<String> kept = new ArrayList<>(lines.subList(0, 1));
        int n = 0;
        for (String line : lines.subList(1, lines.size())) {
            if (line.startsWith("{\"fingerprint\"") || line.startsWith("{\"case\"") && n++ < cases) {
                kept.add(line);
            }
        }
        return kept;
    }

    @Test
    void a_run_killed_with_sigkill_resumes_with_only_what_its_journal_lacks() throws Exception {
        held = n -> n >= 6; // cases 0-5 end; 6 and 7 are in flight when the run is killed; 8 and 9 never start
        Path reports = dir.resolve("reports");
        Files.createDirectories(reports);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process child = new ProcessBuilder(java, "-cp", cp, "dev.agenteval.cli.AgentEvalCli", "run", "suite.yaml",
                "--agent-url", url, "--concurrency", "2", "--report-dir", "reports")
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("child.out").toFile())
                .redirectError(dir.resolve("child.err").toFile())
                .start();
        Journal.Contents atKill;
        try {
            assertThat(heldArrived.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("two cases in flight").isTrue();
            awaitJournal(reports.resolve(Journal.FILE_NAME), 6);
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no report
            assertThat(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
        assertThat(child.exitValue()).as("killed").isEqualTo(137);
        assertThat(reports.resolve("results.json")).doesNotExist();
        atKill = Journal.read(reports.resolve(Journal.FILE_NAME));
        assertThat(ids(atKill.results())).containsExactly("case-0", "case-1", "case-2", "case-3", "case-4", "case-5");
        assertThat(atKill.fingerprint()).isNotNull();
        Map<Integer, Integer> before = askedCounts();
        assertThat(before.keySet()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);

        held = n -> false;
        release.countDown();
        forget();
        int code = run("run", "suite.yaml", "--agent-url", url, "--concurrency", "2", "--resume", "reports");

        assertThat(code).as(err()).isEqualTo(1); // case-4 fails its check, as it did before
        assertThat(err()).contains("Resuming from reports/journal.jsonl: 6 finished cases kept.");
        assertThat(askedCounts()).as("only the cases the journal lacked were sent")
                .isEqualTo(Map.of(6, 1, 7, 1, 8, 1, 9, 1));
        Map<String, String> statuses = reported("reports");
        assertThat(statuses.keySet()).containsExactly("case-0", "case-1", "case-2", "case-3", "case-4", "case-5",
                "case-6", "case-7", "case-8", "case-9");
        assertThat(statuses.get("case-4")).isEqualTo("failed");
        assertThat(statuses.values().stream().filter("passed"::equals).count()).isEqualTo(9);
        Journal.Contents after = Journal.read(reports.resolve(Journal.FILE_NAME));
        assertThat(after.results()).hasSize(CASES);
        assertThat(after.fingerprint()).isEqualTo(atKill.fingerprint());
        assertThat(Files.readAllLines(reports.resolve(Journal.FILE_NAME))).as("header, fingerprint, one line per case")
                .hasSize(2 + CASES);

        // Resumed again: everything is in the journal, nothing is sent, the reports are the same.
        forget();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).isEqualTo(1);
        assertThat(askedCounts()).isEmpty();
        assertThat(reported("reports")).isEqualTo(statuses);
    }

    @Test
    void errored_cases_run_again_only_with_retry_errored() throws Exception {
        failing = n -> n == 2 || n == 7;
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        assertThat(reported("reports")).containsEntry("case-2", "errored").containsEntry("case-7", "errored");

        failing = n -> false;
        forget();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "-q")).isEqualTo(1);
        assertThat(askedCounts()).as("an errored case is finished: not sent again without --retry-errored").isEmpty();
        assertThat(reported("reports")).containsEntry("case-2", "errored");

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "--retry-errored"))
                .as(err()).isEqualTo(1);
        assertThat(askedCounts()).isEqualTo(Map.of(2, 1, 7, 1));
        assertThat(err()).contains("Resuming from reports/journal.jsonl: 8 finished cases kept, 2 errored to run again.");
        Map<String, String> statuses = reported("reports");
        assertThat(statuses).containsEntry("case-2", "passed").containsEntry("case-7", "passed").hasSize(CASES);
        assertThat(Journal.read(dir.resolve("reports").resolve(Journal.FILE_NAME)).results())
                .filteredOn(r -> r.id().equals("case-2")).singleElement()
                .satisfies(r -> assertThat(r.passed()).as("the later line wins").isTrue());
    }

    @Test
    void a_journal_of_another_suite_agent_or_shard_is_refused_before_anything_is_sent() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        Path journal = dir.resolve("reports").resolve(Journal.FILE_NAME);
        Files.write(journal, keep(Files.readAllLines(journal), 3));
        forget();

        Files.writeString(dir.resolve("suite.yaml"), Files.readString(dir.resolve("suite.yaml"))
                .replace("Question 9", "Question nine"));
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).isEqualTo(2);
        assertThat(err()).contains("error: --resume: " + journal + " is of another run of suite 'suite': the suite (")
                .contains("Nothing was sent");
        Files.writeString(dir.resolve("suite.yaml"), Files.readString(dir.resolve("suite.yaml"))
                .replace("Question nine", "Question 9"));

        assertThat(run("run", "suite.yaml", "--agent-url", url.replace("127.0.0.1", "localhost"), "--resume", "reports"))
                .isEqualTo(2);
        assertThat(err()).contains("the agent ('a2a " + url + "' then");

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "--shard", "1/2")).isEqualTo(2);
        assertThat(err()).contains("is the journal of an unsharded run, and this run is shard 1/2");

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "elsewhere")).isEqualTo(2);
        assertThat(err()).contains("--resume: " + dir.resolve("elsewhere").resolve(Journal.FILE_NAME) + ": no such file");

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--retry-errored")).isEqualTo(2);
        assertThat(err()).contains("--retry-errored needs --resume DIR");

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "--report-dir", "other"))
                .isEqualTo(2);
        assertThat(err()).contains("--resume reports writes the reports to the folder it resumes");
        assertThat(askedCounts()).as("nothing was sent by a refused resume").isEmpty();

        Set<Integer> lacking = new java.util.TreeSet<>(java.util.stream.IntStream.range(0, CASES).boxed().toList());
        Journal.read(journal).results().forEach(r -> lacking.remove(number(r.id())));
        assertThat(lacking).hasSize(CASES - 3);
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "-q")).isEqualTo(1);
        assertThat(askedCounts().keySet()).containsExactlyElementsOf(lacking);
    }

    @Test
    void resumed_shards_merge() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--shard", "1/2", "--report-dir", "s1", "-q"))
                .isIn(0, 1);
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--shard", "2/2", "--report-dir", "s2", "-q"))
                .isIn(0, 1);
        Path journal = dir.resolve("s2").resolve(Journal.FILE_NAME);
        List<String> lines = Files.readAllLines(journal);
        int kept = 1;
        Files.write(journal, keep(lines, kept));
        Files.delete(dir.resolve("s2").resolve("results.json"));
        forget();

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--shard", "2/2", "--resume", "s2", "-q")).isIn(0, 1);
        assertThat(askedCounts().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(lines.size() - 2 - kept);

        assertThat(run("merge", "s1/results.json", "s2/results.json", "--output", "all.json")).as(err()).isIn(0, 1);
        JsonNode merged = JSON.readTree(dir.resolve("all.json").toFile());
        List<Integer> numbers = new ArrayList<>();
        merged.get("cases").forEach(c -> numbers.add(number(c.get("id").asText())));
        assertThat(numbers).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(merged.get("complete").asBoolean()).isTrue();
    }

    /** The journal a SIGKILL leaves when it comes before the runner knew the fingerprint: the header only. */
    @Test
    void a_journal_killed_before_its_fingerprint_resumes_and_one_with_cases_but_no_fingerprint_is_refused() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        Path journal = dir.resolve("reports").resolve(Journal.FILE_NAME);
        List<String> lines = Files.readAllLines(journal);
        assertThat(lines.get(1)).as("the fingerprint before the first case").startsWith("{\"fingerprint\"");
        Files.delete(dir.resolve("reports").resolve("results.json"));

        Files.write(journal, lines.subList(0, 1));
        forget();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).as(err()).isEqualTo(1);
        assertThat(err()).contains("Resuming from reports/journal.jsonl: 0 finished cases kept.");
        assertThat(askedCounts().keySet()).hasSize(CASES);
        assertThat(Journal.read(journal).fingerprint()).as("written by the resumed run").isNotNull();

        // As a version that wrote cases before the fingerprint left it: the cases cannot be checked.
        List<String> casesOnly = new ArrayList<>(lines.subList(0, 1));
        casesOnly.addAll(lines.subList(2, 4));
        Files.write(journal, casesOnly);
        forget();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).isEqualTo(2);
        assertThat(err()).contains("--resume: " + journal + " holds 2 finished cases but no fingerprint");
        assertThat(askedCounts()).isEmpty();
    }

    @Test
    void a_journal_of_an_agent_that_was_down_says_its_configuration_was_unknown_then() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        Path journal = dir.resolve("reports").resolve(Journal.FILE_NAME);
        List<String> lines = new ArrayList<>(Files.readAllLines(journal));
        // What the run records when the agent could not be asked for its card at the start.
        JsonNode line = JSON.readTree(lines.get(1));
        ((com.fasterxml.jackson.databind.node.ObjectNode) line.get("fingerprint"))
                .put("agent", line.get("fingerprint").get("agent").asText() + " configuration unknown").put("value", "other");
        lines.set(1, JSON.writeValueAsString(line));
        Files.write(journal, lines);
        forget();

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports", "--retry-errored")).isEqualTo(2);
        assertThat(err()).contains("is of another run of suite 'suite': the agent's configuration (unknown then, since"
                + " the agent could not be asked for it when that run started; none reported now)")
                .doesNotContain("the agent ('");

        // Another target too, given with credentials: named without them.
        String withSecrets = url.replace("127.0.0.1", "user:s3cret@localhost") + "?token=t0ken";
        assertThat(run("run", "suite.yaml", "--agent-url", withSecrets, "--resume", "reports")).isEqualTo(2);
        assertThat(err()).contains("the agent ('a2a " + url + "' then, 'a2a " + url.replace("127.0.0.1", "localhost")
                + "' now), the agent's configuration (unknown then").doesNotContain("s3cret").doesNotContain("t0ken");
        assertThat(askedCounts()).isEmpty();
    }

    @Test
    void only_the_suites_cases_are_kept_and_a_stranger_is_named() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        Path journal = dir.resolve("reports").resolve(Journal.FILE_NAME);
        List<String> lines = new ArrayList<>(keep(Files.readAllLines(journal), 3));
        lines.add(lines.get(2).replaceFirst("\"id\":\"case-\\d+\"", "\"id\":\"not-in-suite\""));
        lines.add("   ");
        Files.write(journal, lines);
        forget();

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).as(err()).isEqualTo(1);
        assertThat(err()).contains("warning: reports/journal.jsonl: 1 finished case is not in suite 'suite' and ignored:"
                + " 'not-in-suite'").contains("Resuming from reports/journal.jsonl: 3 finished cases kept.");
        assertThat(askedCounts().keySet()).hasSize(CASES - 3);
        assertThat(reported("reports")).hasSize(CASES).doesNotContainKey("not-in-suite");
    }

    @Test
    void a_journal_or_report_that_is_a_symbolic_link_is_refused_and_its_target_left_alone() throws Exception {
        Path reports = Files.createDirectories(dir.resolve("reports"));
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path journal = Files.createSymbolicLink(reports.resolve(Journal.FILE_NAME), precious);

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports")).isEqualTo(2);
        assertThat(err()).contains(journal + " is a symbolic link; agent-eval does not write through a link it did not"
                + " create");
        assertThat(Files.readString(precious)).isEqualTo("keep me");
        assertThat(askedCounts()).as("nothing sent").isEmpty();

        Files.delete(journal);
        Path results = Files.createSymbolicLink(reports.resolve("results.json"), precious);
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports")).isEqualTo(2);
        assertThat(err()).contains(results + " is a symbolic link");
        Files.delete(results);
        Path output = Files.createSymbolicLink(dir.resolve("out.md"), precious);
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--output", "out.json")).isEqualTo(2);
        assertThat(err()).contains("--output: " + output + " is a symbolic link");
        Files.delete(output);

        // Merged results: the same rule where they are written.
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        forget();
        Path merged = Files.createSymbolicLink(dir.resolve("all.json"), precious);
        assertThat(run("merge", "reports/results.json", "--output", "all.json")).isNotZero();
        assertThat(err()).contains(merged + ": a symbolic link; agent-eval does not write through a link");
        assertThat(Files.isSymbolicLink(merged)).isTrue();
        assertThat(Files.readString(precious)).isEqualTo("keep me");
        assertThat(askedCounts()).as("nothing sent").isEmpty();
    }

    @Test
    void an_unreadable_or_read_only_journal_says_permission_denied_and_exits_2() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        Path journal = dir.resolve("reports").resolve(Journal.FILE_NAME);
        assertThat(journal.toFile().setWritable(false, false)).isTrue();
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(journal), "root ignores permissions");
        forget();

        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).isEqualTo(2);
        assertThat(err()).contains(journal + ": permission denied");
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports")).isEqualTo(2);
        assertThat(err()).contains(journal + ": permission denied");

        assertThat(journal.toFile().setReadable(false, false)).isTrue();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--resume", "reports")).isEqualTo(2);
        assertThat(err()).contains(journal + ": cannot read the journal: permission denied");

        assertThat(dir.resolve("reports").toFile().setWritable(false, false)).isTrue();
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports")).isEqualTo(2);
        assertThat(err()).contains("report folder '" + dir.resolve("reports") + "' is not writable");
        assertThat(askedCounts()).as("nothing sent").isEmpty();
    }

    @Test
    void a_journal_given_for_a_results_file_is_named_so_by_merge_record_and_calibrate() throws Exception {
        assertThat(run("run", "suite.yaml", "--agent-url", url, "--report-dir", "reports", "-q")).isEqualTo(1);
        String expected = " is a journal, not a results file; use `agent-eval run SUITE --resume DIR`";

        assertThat(run("merge", "reports/journal.jsonl", "reports/results.json", "--output", "all.json")).isEqualTo(2);
        assertThat(err()).contains("journal.jsonl" + expected).doesNotContain("startedAt");
        assertThat(run("record", "--from", "reports/journal.jsonl", "--case", "case-1", "--to", "recorded.yaml"))
                .isEqualTo(2);
        assertThat(err()).contains("reports/journal.jsonl" + expected).doesNotContain("startedAt");
        assertThat(run("calibrate", "reports/journal.jsonl")).isEqualTo(2);
        assertThat(err()).contains(dir.resolve("reports").resolve(Journal.FILE_NAME) + expected);
    }
}
