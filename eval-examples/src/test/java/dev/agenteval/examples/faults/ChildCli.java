package dev.agenteval.examples.faults;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code agent-eval} in a child JVM on this test's class path ({@code java -cp ...
 * dev.agenteval.cli.AgentEvalCli ...}), as a user runs it: its own environment, signals, stdout
 * to a file and stderr read line by line, so a test can act when a given line appears.
 */
final class ChildCli implements AutoCloseable {

    /** The bound on each wait; a healthy run needs a small fraction of it. It is a safety net, not a sleep. */
    static final long WAIT_SECONDS = 120;

    private final Process process;
    private final Path stdout;
    private final BufferedReader stderr;
    private final ByteArrayOutputStream stderrBytes = new ByteArrayOutputStream();
    private final List<String> stderrLines = new ArrayList<>();

    private ChildCli(Process process, Path stdout) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = new BufferedReader(new InputStreamReader(new TeeInputStream(process.getErrorStream(), stderrBytes),
                StandardCharsets.UTF_8));
    }

    /** Starts {@code agent-eval args} in {@code workDir} with exactly {@code environment} (plus PATH). */
    static ChildCli start(Path workDir, Map<String, String> environment, List<String> args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", testClassPath(), "dev.agenteval.cli.AgentEvalCli"));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().putAll(environment);
        Path out = Files.createTempFile(workDir, "stdout", ".txt");
        pb.redirectOutput(out.toFile());
        return new ChildCli(pb.start(), out);
    }

    /** Surefire runs tests from a manifest-only jar and names the real class path in this property. */
    private static String testClassPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
    }

    /** Reads stderr until a line matches; fails when stderr ends first. */
    String awaitStderrLine(Predicate<String> wanted) throws IOException {
        for (String line = stderr.readLine(); line != null; line = stderr.readLine()) {
            stderrLines.add(line);
            if (wanted.test(line)) {
                return line;
            }
        }
        throw new AssertionError("the child's stderr ended before the expected line; it printed:\n"
                + String.join("\n", stderrLines));
    }

    /**
     * Sends SIGTERM, as {@link Process#destroy()} does on Linux, but through the process handle,
     * which leaves the pipes open so the rest of stderr can still be read.
     */
    void terminate() {
        if (!process.toHandle().destroy()) {
            throw new AssertionError("could not send SIGTERM to the child");
        }
    }

    /** Waits for the exit, draining stderr; returns the exit code. */
    int awaitExit() throws IOException, InterruptedException {
        for (String line = stderr.readLine(); line != null; line = stderr.readLine()) {
            stderrLines.add(line);
        }
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the child did not exit within " + WAIT_SECONDS + " s");
        }
        return process.exitValue();
    }

    String stderr() {
        return String.join("\n", stderrLines);
    }

    byte[] stderrBytes() {
        synchronized (stderrBytes) {
            return stderrBytes.toByteArray();
        }
    }

    byte[] stdoutBytes() {
        try {
            return Files.readAllBytes(stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    /** Keeps a copy of every byte read, so a test can search the raw output. */
    private static final class TeeInputStream extends InputStream {
        private final InputStream in;
        private final ByteArrayOutputStream copy;

        TeeInputStream(InputStream in, ByteArrayOutputStream copy) {
            this.in = in;
            this.copy = copy;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                synchronized (copy) {
                    copy.write(b);
                }
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = in.read(buf, off, len);
            if (n > 0) {
                synchronized (copy) {
                    copy.write(buf, off, n);
                }
            }
            return n;
        }
    }
}
