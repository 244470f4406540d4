package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.judge.OverlapJudge;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo end to end: agent started, three suites run over A2A, reports written, exit code 0. */
class DemoTest {

    @Test
    void should_run_every_suite_green_and_write_a_report_folder_per_suite(@TempDir Path reports) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        int exit = Demo.run(reports, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        assertThat(out).contains("Demo agent (A2A 0.3, JSON-RPC) listening at http://127.0.0.1:")
                .contains("Judge: " + OverlapJudge.NAME)
                .contains("7 cases: 7 passed", "5 cases: 5 passed")
                .contains("Every case met its expectation.");
        for (String suite : DemoSuites.all().keySet()) {
            Path dir = reports.resolve(suite);
            assertThat(dir.resolve("results.md")).isRegularFile();
            assertThat(Files.readString(dir.resolve("junit.xml"))).contains("<testsuite");
            JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
            assertThat(json.path("summary").path("failed").asInt()).as(suite).isZero();
            assertThat(json.path("summary").path("passed").asInt()).as(suite).isEqualTo(json.path("cases").size());
        }
    }

}
