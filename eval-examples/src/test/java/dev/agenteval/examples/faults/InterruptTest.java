package dev.agenteval.examples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
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

    private final FakeA2aAgent agent = FakeA2aAgent.start().when(r -> r.text().startsWith("second"), this::held)
            .otherwise(r -> A2aReply.completed("ok: " + r.text()));

    @TempDir
    Path dir;

    private final CountDownLatch secondArrived = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    /** The second case's answer, once the test releases it. */
    private A2aReply held(A2aRequest request) {
        secondArrived.countDown();
        try {
            release.await(ChildCli.WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return A2aReply.completed("ok: " + request.text());
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void should_write_reports_with_the_finished_case_and_complete_false_when_sigterm_arrives_mid_run()
            throws IOException, InterruptedException {
        Path suite = Files.writeString(dir.resolve("suite.yaml"), SUITE);
        Path reports = dir.resolve("reports");
        int exit;
        try (ChildCli cli = ChildCli.start(dir, Map.of(), List.of("run", suite.toString(), "--agent-url",
                agent.url().toString(), "--concurrency", "1", "--report-dir", reports.toString(), "-v"))) {
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
        JsonNode json = new ObjectMapper().readTree(Files.readString(reports.resolve("results.json")));
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
        assertThat(agent.requests()).extracting(A2aRequest::text).as("the third case never started").containsExactlyInAnyOrder("first question", "second question");
    }
}
