package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent-eval demo-agent}: started in-process on port 0, a suite run against it, stopped by interruption. */
class DemoAgentCliTest {

    static final Pattern LISTENING = Pattern.compile("listening at (http://127\\.0\\.0\\.1:(\\d+)/)");

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

    @TempDir
    Path dir;

    @Test
    void should_serve_the_demo_agent_on_loopback_until_interrupted() throws Exception {
        CompletableFuture<String> url = new CompletableFuture<>();
        ByteArrayOutputStream agentErr = new ByteArrayOutputStream();
        OutputStream agentOut = new OutputStream() {
            private final StringBuilder seen = new StringBuilder();

            @Override
            public synchronized void write(int b) {
                seen.append((char) b);
                Matcher m = LISTENING.matcher(seen);
                if (m.find()) {
                    url.complete(m.group(1));
                }
            }
        };
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        Thread server = new Thread(() -> exit.complete(CommandRunner.in(dir).run(new String[] {"demo-agent", "--port", "0"},
                new PrintStream(agentOut, true, StandardCharsets.UTF_8), new PrintStream(agentErr, true, StandardCharsets.UTF_8))),
                "demo-agent-under-test");
        server.start();
        try {
            String agentUrl = url.get(30, TimeUnit.SECONDS);
            Path suite = Files.writeString(dir.resolve("demo.yaml"), SUITE);
            CommandResult r = CommandRunner.in(dir).run("run", suite.toString(), "--agent-url", agentUrl,
                    "--report-dir", dir.resolve("reports").toString());

            assertThat(r.exitCode()).as(r.toString()).isZero();
            assertThat(Files.readString(dir.resolve("reports/results.json"))).contains("\"greeting\"", "\"booking\"");
            assertThat(exit).isNotDone();
        } finally {
            server.interrupt();
        }
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(agentErr.toString(StandardCharsets.UTF_8)).contains("--agent-url http://127.0.0.1:", "Demo agent stopped.");
    }

    @Test
    void should_refuse_a_port_in_use_naming_it() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CommandResult r = CommandRunner.in(dir).run("demo-agent", "--port", String.valueOf(taken.getLocalPort()));
            int code = r.exitCode();

            assertThat(code).isEqualTo(AgentEvalCli.INVALID);
            assertThat(r.err()).contains("--port " + taken.getLocalPort());
            assertThat(r.out()).doesNotContain("listening");
        }
    }
}
