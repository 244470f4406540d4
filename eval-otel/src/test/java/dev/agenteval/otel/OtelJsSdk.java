package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs {@code src/test/otel-js/export.mjs}, the scenario of {@link GenAiScenario} made and exported
 * with the official OpenTelemetry JS SDK, in a {@code node} process. As eval-agents'
 * {@code A2aJsSdkServer} does for the A2A JS SDK: {@code npm ci} first when {@code node_modules} is
 * missing or older than the lock file (under a file lock); without node or npm on the PATH the test
 * fails when {@code CI} is set ({@code .ci/run} installs them) and is skipped otherwise. Every wait
 * is bounded; the script's end is its exit, never a sleep.
 */
final class OtelJsSdk {

    private static final Path DIR = Path.of("src", "test", "otel-js");
    private static final long NPM_CI_TIMEOUT_SECONDS = 300;
    private static final long RUN_TIMEOUT_SECONDS = 60;
    private static final Pattern EXPORTED = Pattern.compile("(?m)^EXPORTED ([0-9a-f]{32}) ([0-9a-f]{16})$");

    /** What the script exported: the trace and the agent span's id. */
    record Exported(String traceId, String agentSpanId) {
    }

    private OtelJsSdk() {
    }

    /** Exports the scenario to {@code tracesUrl} with {@code protocol} ({@code proto} or {@code json}). */
    static Exported export(URI tracesUrl, String protocol, String traceparent) throws IOException, InterruptedException {
        String missing = executable("node") == null ? "node" : executable("npm") == null ? "npm" : null;
        if (missing != null) {
            String message = missing + " not found on the PATH; the OpenTelemetry JS SDK tests need Node.js 20+ and npm"
                    + " (apt-get install -y nodejs npm)";
            if (System.getenv("CI") != null) {
                fail(message + " (.ci/run installs them when missing)");
            }
            Assumptions.abort(message + "; skipped because CI is unset");
        }
        Path dir = DIR.toAbsolutePath();
        install(dir);
        Path log = Files.createTempFile("otel-js-export", ".log");
        try {
            Process node = new ProcessBuilder(executable("node"), "export.mjs", tracesUrl.toString(), protocol, traceparent)
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!node.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail("node export.mjs did not finish within " + RUN_TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
            }
            String output = Files.readString(log);
            Matcher m = EXPORTED.matcher(output);
            if (node.exitValue() != 0 || !m.find()) {
                fail("node export.mjs " + protocol + " exited " + node.exitValue() + ":\n" + output);
            }
            return new Exported(m.group(1), m.group(2));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** {@code npm ci} when node_modules is missing or older than package-lock.json, under a file lock. */
    private static void install(Path dir) throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(dir.resolve(".npm-ci.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            Path installed = dir.resolve("node_modules").resolve(".package-lock.json");
            if (Files.exists(installed) && Files.getLastModifiedTime(installed)
                    .compareTo(Files.getLastModifiedTime(dir.resolve("package-lock.json"))) >= 0) {
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
    private static String executable(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            Path p = d.isEmpty() ? null : Path.of(d, name);
            if (p != null && Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
