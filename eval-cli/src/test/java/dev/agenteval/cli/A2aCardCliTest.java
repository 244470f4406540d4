package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agenteval.testkit.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A2A agent card is read once per run, with its own short timeout, whatever comes of it: a
 * card endpoint that hangs (or fails) is asked once, not once per case, and does not serialise
 * the cases behind it.
 */
class A2aCardCliTest {

    private static final int CASES = 32;

    @TempDir
    Path dir;

    private final AtomicInteger cardRequests = new AtomicInteger();
    private final AtomicInteger rpcRequests = new AtomicInteger();
    /** Holds the hanging card requests until the test ends (never opened during a run). */
    private final CountDownLatch endOfTest = new CountDownLatch(1);
    private final ExecutorService pool = Executors.newCachedThreadPool();
    private HttpServer agent;

    private enum Card { HANGS, BREAKS_OFF }

    @BeforeEach
    void suite() throws IOException {
        StringBuilder yaml = new StringBuilder("evals:\n");
        for (int i = 0; i < CASES; i++) {
            yaml.append("  - name: case_").append(i).append('\n')
                    .append("    message: {message: {parts: [{kind: text, text: \"hi ").append(i).append("\"}]}}\n")
                    .append("    expectations: {must_include: [hello]}\n");
        }
        Files.writeString(dir.resolve("many.yaml"), yaml);
    }

    @AfterEach
    void stop() {
        endOfTest.countDown();
        if (agent != null) {
            agent.stop(0);
        }
        pool.shutdownNow();
    }

    /** A 0.3 agent answering every POST at its URL, whose card endpoints hang or break off mid-answer. */
    private String start(Card card) throws IOException {
        agent = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        agent.setExecutor(pool); // a hanging handler must not block the others
        agent.createContext("/.well-known/", x -> {
            cardRequests.incrementAndGet();
            try (x) {
                if (card == Card.HANGS) {
                    endOfTest.await();
                } else {
                    // A body cut short: the connection ends mid-answer, a network error (no answer at
                    // all would be retried once by the JDK client itself).
                    x.sendResponseHeaders(200, 1000);
                    x.getResponseBody().write("{\"name\":".getBytes(StandardCharsets.UTF_8));
                    x.getResponseBody().flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // closing a short body fails: that is the point
            }
        });
        agent.createContext("/", x -> {
            x.getRequestBody().readAllBytes();
            rpcRequests.incrementAndGet();
            reply(x, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"task\",\"id\":\"t\",\"contextId\":\"c\","
                    + "\"status\":{\"state\":\"completed\",\"message\":{\"kind\":\"message\",\"role\":\"agent\","
                    + "\"messageId\":\"m\",\"parts\":[{\"kind\":\"text\",\"text\":\"hello\"}]}}}}");
        });
        agent.start();
        return "http://127.0.0.1:" + agent.getAddress().getPort() + "/";
    }

    private int run(String url, String settings, ByteArrayOutputStream err) throws IOException {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), "targets:\n  local:\n    protocol: a2a\n    url: " + url
                + "\n    settings: {" + settings + "}\n");
        return CommandRunner.in(dir).run(new String[] {"run", "many.yaml", "--env", "local", "--concurrency", "16",
                "--report-dir", "reports"}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void should_ask_a_hanging_card_endpoint_once_then_speak_0_3_at_the_url_for_every_case() throws IOException {
        String url = start(Card.HANGS);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        // The card's default timeout is the smaller of 5 s and the request timeout.
        int code = run(url, "requestTimeoutSeconds: \"1\"", err);

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(cardRequests.get()).as("card requests").isEqualTo(1);
        assertThat(rpcRequests.get()).as("message/send requests").isEqualTo(CASES);
        JsonNode results = new ObjectMapper().readTree(dir.resolve("reports/results.json").toFile());
        assertThat(results.at("/summary/passed").asInt()).isEqualTo(CASES);
    }

    @Test
    void should_ask_a_card_endpoint_that_breaks_off_once_and_fail_every_case_with_that_network_error() throws IOException {
        String url = start(Card.BREAKS_OFF);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = run(url, "maxAttempts: \"1\"", err);

        assertThat(code).isEqualTo(3);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("network_error").contains(".well-known/agent-card.json");
        assertThat(cardRequests.get()).as("card requests").isEqualTo(1);
        assertThat(rpcRequests.get()).as("message/send requests").isZero();
        JsonNode results = new ObjectMapper().readTree(dir.resolve("reports/results.json").toFile());
        assertThat(results.at("/summary/errored").asInt()).isEqualTo(CASES);
    }

    private static void reply(HttpExchange x, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(200, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }
}
