package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report folder is checked before the first request, and held for the run: a second run
 * into it (in this JVM or another process) is refused, naming the folder and the holder.
 */
class ReportFolderCliTest {

    /** The bound on each wait: a safety net, not a sleep; a healthy run needs a fraction of it. */
    private static final long WAIT_SECONDS = 120;

    @TempDir
    Path dir;

    private final ExecutorService background = Executors.newCachedThreadPool();

    @BeforeEach
    void suites() throws IOException {
        Files.copy(Path.of("src/test/resources/suites/greetings.yaml"), dir.resolve("greetings.yaml"));
        TestAgents.Counting.reset();
        TestAgents.Holding.reset();
    }

    private CommandResult run(String... args) {
        return CommandRunner.in(dir).run(args);
    }

    private static String[] args(String reportDir, String protocol) {
        return new String[] {"run", "greetings.yaml", "--protocol", protocol, "--agent-url", "http://127.0.0.1:1",
                "--concurrency", "1", "--report-dir", reportDir};
    }

    @Test
    void should_refuse_two_suites_of_one_name_naming_their_files_before_sending_anything() throws IOException {
        Files.createDirectory(dir.resolve("copy"));
        Files.copy(dir.resolve("greetings.yaml"), dir.resolve("copy/greetings.yaml"));

        CommandResult o = run("run", "greetings.yaml", "copy/greetings.yaml", "--protocol", "test-count",
                "--agent-url", "http://127.0.0.1:1", "--report-dir", "reports");

        assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).contains("suites 'greetings' (" + dir.resolve("greetings.yaml") + "), 'greetings' ("
                + dir.resolve("copy/greetings.yaml") + ") would write their reports to the same place ("
                + dir.resolve("reports").resolve("greetings") + "): rename one, or run them separately");
        assertThat(TestAgents.Counting.SENT.get()).as("messages sent").isZero();
    }

    @Test
    void should_refuse_a_report_folder_it_cannot_write_before_sending_anything() throws IOException {
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        boolean posix = readOnly.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (posix) {
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        }
        try {
            // As root (or without POSIX permissions) the folder stays writable: a folder below a
            // regular file can never be created, whoever runs.
            Path target = posix && !writable(readOnly) ? readOnly
                    : Files.writeString(dir.resolve("somefile"), "x").resolve("reports");

            CommandResult o = run(args(target.toString(), "test-count"));

            assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
            assertThat(o.err()).contains("report folder '" + target + "'");
            assertThat(TestAgents.Counting.SENT.get()).as("messages sent").isZero();
        } finally {
            if (posix) {
                Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    @Test
    void should_refuse_a_second_run_into_a_folder_a_run_in_this_process_holds() throws Exception {
        Future<CommandResult> first = background.submit(() -> run(args("reports", "test-hold")));
        try {
            assertThat(TestAgents.Holding.ENTERED.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("the first run is sending").isTrue();

            CommandResult second = run(args("reports", "test-count"));

            assertThat(second.exitCode()).as(second.err()).isEqualTo(2);
            assertThat(second.err()).contains("report folder '" + dir.resolve("reports") + "' is in use by another run (pid "
                    + ProcessHandle.current().pid()).contains("agent-eval run greetings.yaml");
            assertThat(TestAgents.Counting.SENT.get()).as("messages the second run sent").isZero();
        } finally {
            TestAgents.Holding.RELEASE.countDown();
        }
        CommandResult firstDone = first.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(firstDone.exitCode()).as(firstDone.out() + firstDone.err()).isZero();

        CommandResult third = run(args("reports", "test-count"));

        assertThat(third.exitCode()).as(third.err()).isZero();
        assertThat(dir.resolve("reports/.agent-eval.lock")).isEmptyFile();
    }

    @Test
    void should_release_the_folder_when_the_run_is_interrupted_as_by_sigterm() throws Exception {
        List<Thread> runner = new ArrayList<>();
        Future<CommandResult> first = background.submit(() -> {
            synchronized (runner) {
                runner.add(Thread.currentThread());
            }
            return run(args("reports", "test-hold"));
        });
        assertThat(TestAgents.Holding.ENTERED.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        synchronized (runner) {
            runner.get(0).interrupt(); // what the SIGTERM hook does (Interruption)
        }

        CommandResult interrupted = first.get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(interrupted.exitCode()).isEqualTo(AgentEvalCli.INTERRUPTED).isEqualTo(130);
        assertThat(Files.readString(dir.resolve("reports/results.json"))).contains("\"complete\": false");
        assertThat(dir.resolve("reports/.agent-eval.lock")).as("released and emptied by the run itself").isEmptyFile();
        assertThat(run(args("reports", "test-count")).exitCode()).isZero();
    }

    @Test
    void should_refuse_a_run_into_a_folder_another_process_holds_until_sigterm_ends_that_run() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        FakeA2aAgent agent = FakeA2aAgent.start().otherwise(r -> {
            arrived.countDown();
            try {
                release.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return A2aReply.completed("hello");
        });
        String url = agent.url().toString();
        Process child = null;
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            child = new ProcessBuilder(java, "-cp", cp, "dev.agenteval.cli.AgentEvalCli", "run", "greetings.yaml",
                    "--agent-url", url, "--concurrency", "1", "--report-dir", "reports")
                    .directory(dir.toFile())
                    .redirectOutput(dir.resolve("child.out").toFile())
                    .redirectError(dir.resolve("child.err").toFile())
                    .start();
            assertThat(arrived.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("the other process is sending").isTrue();

            CommandResult refused = run(args("reports", "test-count"));

            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
            assertThat(refused.err()).contains("report folder '" + dir.resolve("reports") + "' is in use by another run (pid "
                    + child.pid()).contains("agent-eval run greetings.yaml");
            assertThat(TestAgents.Counting.SENT.get()).as("messages the refused run sent").isZero();

            child.destroy(); // SIGTERM: the child writes the reports of what finished and lets the folder go
            assertThat(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as("interrupted, not the JVM's 143 for SIGTERM").isEqualTo(130);
            assertThat(Files.readString(dir.resolve("child.err"))).contains("Interrupted");
            assertThat(dir.resolve("reports/.agent-eval.lock")).as("emptied by the child on its way out").isEmptyFile();
        } finally {
            release.countDown();
            if (child != null) {
                child.destroyForcibly();
            }
            agent.close();
        }

        CommandResult after = run(args("reports", "test-count"));

        assertThat(after.exitCode()).as(after.err()).isZero();
        assertThat(agent.requestCount()).isEqualTo(1);
    }

    private static boolean writable(Path folder) {
        try {
            Files.delete(Files.createTempFile(folder, "probe", ".tmp"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
