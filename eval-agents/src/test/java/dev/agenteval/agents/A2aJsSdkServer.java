package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The agents of {@code src/test/a2a-js/server.mjs}, built with the official A2A JS SDK, in a
 * {@code node} process on 127.0.0.1. {@code npm ci} runs first when {@code node_modules} is missing
 * or older than the lock file. Without node or npm on the PATH the test fails when the variable
 * {@code CI} is set ({@code .ci/run} installs them) and is skipped otherwise. Every wait is bounded;
 * the server's readiness is its {@code PORT <n>} line, never a sleep.
 */
public final class A2aJsSdkServer implements AutoCloseable {

    /** The Node project, relative to the module (Maven runs tests there). */
    static final Path DIR = Files.isDirectory(Path.of("src", "test", "a2a-js")) ? Path.of("src", "test", "a2a-js")
            : Path.of("..", "eval-agents", "src", "test", "a2a-js"); // from a sibling module's tests (eval-cli)

    private static final long NPM_CI_TIMEOUT_SECONDS = 300;
    private static final long START_TIMEOUT_SECONDS = 60;
    private static final Pattern PORT = Pattern.compile("PORT (\\d+)");
    private static final Object EOF = new Object();

    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final int port;

    private A2aJsSdkServer(Path dir, String script, String... args) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(executable("node"), script));
        command.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        process = pb.start();
        LinkedBlockingQueue<Object> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    output.append(line).append('\n');
                    lines.add(line);
                }
            } catch (IOException e) {
                output.append("(reading the server's output failed: ").append(e).append(")\n");
            } finally {
                lines.add(EOF);
            }
        }, "a2a-js-sdk-server-output");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        int found = -1;
        while (found < 0) {
            Object line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null || line == EOF) {
                close();
                fail("the A2A JS SDK server did not print its port within " + START_TIMEOUT_SECONDS + " s ("
                        + (line == null ? "timed out" : "it exited") + "); its output:\n" + output);
            }
            Matcher m = PORT.matcher((String) line);
            if (m.matches()) {
                found = Integer.parseInt(m.group(1));
            }
        }
        port = found;
    }

    /** Installs the SDK when needed and starts the server; aborts or fails the test without node/npm. */
    public static A2aJsSdkServer start() throws IOException, InterruptedException {
        return start(DIR, "server.mjs");
    }

    /**
     * Another Node project's server (e.g. eval-otel's {@code src/test/otel-js/agent.mjs}, an agent
     * instrumented with the OpenTelemetry JS SDK): {@code node script args...} in {@code project},
     * installed as this one is, ready once it prints {@code PORT <n>}.
     */
    public static A2aJsSdkServer start(Path project, String script, String... args)
            throws IOException, InterruptedException {
        String missing = executable("node") == null ? "node" : executable("npm") == null ? "npm" : null;
        if (missing != null) {
            String message = missing + " not found on the PATH; the A2A JS SDK tests need Node.js 20+ and npm"
                    + " (apt-get install -y nodejs npm)";
            if (System.getenv("CI") != null) {
                fail(message + " (.ci/run installs them when missing)");
            }
            Assumptions.abort(message + "; skipped because CI is unset");
        }
        Path dir = project.toAbsolutePath();
        install(dir);
        return new A2aJsSdkServer(dir, script, args);
    }

    /** {@code npm ci} when node_modules is missing or older than package-lock.json, under a file lock. */
    private static void install(Path dir) throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(dir.resolve(".npm-ci.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            Path installed = dir.resolve("node_modules").resolve(".package-lock.json");
            Path lockFile = dir.resolve("package-lock.json");
            if (Files.exists(installed)
                    && Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lockFile)) >= 0) {
                return;
            }
            Path log = Files.createTempFile("npm-ci", ".log");
            try {
                Process npm = new ProcessBuilder(executable("npm"), "ci", "--no-audit", "--no-fund", "--loglevel=error")
                        .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                if (!npm.waitFor(NPM_CI_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    npm.destroyForcibly();
                    fail("npm ci in " + dir + " did not finish within " + NPM_CI_TIMEOUT_SECONDS + " s:\n"
                            + Files.readString(log));
                }
                if (npm.exitValue() != 0) {
                    fail("npm ci in " + dir + " exited " + npm.exitValue() + ":\n" + Files.readString(log));
                }
            } finally {
                Files.deleteIfExists(log);
            }
        }
    }

    /** The executable's path on the PATH; null when it is not there. */
    static String executable(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** The base URL of an agent: {@code v1/}, {@code compat/} or {@code v03/}. */
    public URI url(String agent) {
        return URI.create("http://127.0.0.1:" + port + "/" + agent);
    }

    /** What the server printed so far, for failure messages. */
    public String output() {
        return output.toString();
    }

    /** Closes the server's standard input (it exits then), and kills it if it has not exited in 10 s. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
