package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the distribution's integration tests share: where the build put things, and running them as a user would. */
final class Dist {

    static final Pattern LISTENING = Pattern.compile("listening at (http://127\\.0\\.0\\.1:\\d+/)");

    /** A suite the demo agent passes: a greeting, and a booking over two turns of one task. */
    static final String SUITE = """
            cases:
              - id: greeting
                turns:
                  - input: "Hi, what can you help me with?"
                    scorers:
                      - type: contains
                        values: [looking up assets]
              - id: booking
                turns:
                  - input: "Book a check-up"
                    scorers:
                      - type: contains
                        values: [Which day]
                  - input: "Tuesday"
                    scorers:
                      - type: contains
                        values: [Booked for Tuesday]
            """;

    private Dist() {
    }

    static String property(String name) {
        String value = System.getProperty(name);
        assertThat(value).as("system property " + name + " (set by failsafe in agent-eval-dist/pom.xml)").isNotBlank();
        return value;
    }

    static String version() {
        return property("agent-eval.project.version");
    }

    /** agent-eval-dist/target. */
    static Path target() {
        return Path.of(property("agent-eval.dist.target"));
    }

    /** The repository's root folder. */
    static Path repository() {
        return Path.of(property("agent-eval.repository")).toAbsolutePath().normalize();
    }

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A process's exit code and output (standard output and error together). */
    record Result(int code, String output) {
    }

    /**
     * Runs {@code command} in {@code dir} with JAVA_HOME set to this JVM, AGENT_EVAL_CDS_DIR in target/ and no
     * other AGENT_EVAL_* variable.
     */
    static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        return run(dir, Map.of(), command);
    }

    /** {@link #run(Path, List)} with the variables {@code env} added. */
    static Result run(Path dir, Map<String, String> env, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = builder(dir, command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(command + " finished").isTrue();
        return new Result(p.exitValue(), out);
    }

    static ProcessBuilder builder(Path dir, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("AGENT_EVAL_") || k.startsWith("AGENT_API_") || k.startsWith("OPIK_"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // The launcher's class-data-sharing archives go to target/, not to the user's cache.
        env.put("AGENT_EVAL_CDS_DIR", target().resolve("it-cds").toString());
        return builder;
    }

    /** {@code java -jar agent-eval.jar ARGS...}. */
    static List<String> jar(String... args) {
        List<String> command = new ArrayList<>(List.of(java().toString(), "-jar", target().resolve("agent-eval.jar").toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The demo agent, started with {@code java -jar agent-eval.jar demo-agent --port 0} as a child process. */
    static final class DemoAgentProcess implements AutoCloseable {
        final Process process;
        final String url;
        final Path log;

        DemoAgentProcess(Path dir) throws IOException {
            log = Files.createTempFile(dir, "demo-agent", ".log");
            process = builder(dir, jar("demo-agent", "--port", "0")).redirectError(log.toFile()).start();
            BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String found = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    found = m.group(1);
                    break;
                }
            }
            assertThat(found).as("the URL printed by demo-agent; its log: " + Files.readString(log)).isNotNull();
            url = found;
        }

        /** Stops the agent with SIGTERM and returns what it wrote to standard error. */
        @Override
        public void close() throws IOException {
            process.destroy();
            try {
                assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("demo-agent stopped on SIGTERM").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
