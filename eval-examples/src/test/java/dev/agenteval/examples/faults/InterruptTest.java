package dev.agenteval.examples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM in the middle of a CLI run: the child JVM still writes its reports, holding every case
 * that finished and marked {@code "complete": false}. "The middle" is fixed by the agent, not by
 * time: it answers the first case, then holds the second case's request until the test has seen
 * the first case's progress line on the child's stderr and the second request has arrived.
 */
class InterruptTest {

    private static final String SUITE = """
            cases:
              - id: first
                turns:
                  - input: first question
                    scorers:
                      - type: contains
                        values: [ok]
              - id: second
                turns:
                  - input: second question
                    scorers:
                      - type: contains
                        values: [ok]
              - id: third
                turns:
                  - input: third question
                    scorers:
                      - type: contains
                        values: [ok]
            """;

    @StartStop
    private final MockWebServer agent = new MockWebServer();

    @TempDir
    Path dir;

    private final CountDownLatch secondArrived = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final Set<String> asked = ConcurrentHashMap.newKeySet();

    private final Dispatcher holdingTheSecondCase = new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
            if (!"POST".equals(request.getMethod())) {
                return new MockResponse.Builder().code(404).build(); // no agent card: A2A 0.3 at the URL
            }
            JsonNode body = FaultyServers.tree(request.getBody().utf8());
            String text = body.path("params").path("message").path("parts").path(0).path("text").asText();
            asked.add(text);
            if (text.startsWith("second")) {
                secondArrived.countDown();
                release.await(ChildCli.WAIT_SECONDS, TimeUnit.SECONDS);
            }
            return FaultyServers.json(200, FaultyServers.task(body.path("id").asLong(), "ok: " + text));
        }
    };

    @Test
    void should_write_reports_with_the_finished_case_and_complete_false_when_sigterm_arrives_mid_run()
            throws IOException, InterruptedException {
        agent.setDispatcher(holdingTheSecondCase);
        Path suite = Files.writeString(dir.resolve("suite.yaml"), SUITE);
        Path reports = dir.resolve("reports");
        int exit;
        try (ChildCli cli = ChildCli.start(dir, Map.of(), List.of("run", suite.toString(), "--agent-url",
                agent.url("/").toString(), "--concurrency", "1", "--report-dir", reports.toString(), "-v"))) {
            String line = cli.awaitStderrLine(l -> l.startsWith("[1/3]"));
            assertThat(line).contains("PASSED", "first");
            assertThat(secondArrived.await(ChildCli.WAIT_SECONDS, TimeUnit.SECONDS)).as("the second case reached the agent").isTrue();

            cli.terminate();
            exit = cli.awaitExit();

            assertThat(cli.stderr()).contains("Interrupted: reports hold the cases that finished (\"complete\": false).");
        } finally {
            release.countDown();
        }

        assertThat(exit).as("an interrupted run exits 130 (interrupted), also after a SIGTERM").isEqualTo(130);
        JsonNode json = FaultyServers.tree(Files.readString(reports.resolve("results.json")));
        assertThat(json.path("complete").isBoolean()).isTrue();
        assertThat(json.path("complete").asBoolean()).isFalse();
        JsonNode cases = json.path("cases");
        assertThat(cases).hasSize(3);
        assertThat(cases.get(0).path("id").asText()).isEqualTo("first");
        assertThat(cases.get(0).path("status").asText()).isEqualTo("passed");
        assertThat(cases.get(0).path("turns").get(0).path("answer").asText()).isEqualTo("ok: first question");
        for (int i = 1; i < 3; i++) {
            assertThat(cases.get(i).path("status").asText()).as(cases.get(i).path("id").asText()).isEqualTo("skipped");
            assertThat(cases.get(i).path("reason").asText()).contains("interrupted");
        }
        assertThat(json.path("summary").path("passed").asInt()).isEqualTo(1);
        assertThat(Files.readString(reports.resolve("results.md"))).contains("first");
        assertThat(Files.readString(reports.resolve("junit.xml"))).contains("first");
        assertThat(asked).as("the third case never started").containsExactlyInAnyOrder("first question", "second question");
    }
}
