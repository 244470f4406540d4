package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code run} does once however many cases, turns and attempts there are: the providers
 * discovered (for the environment, the suites, the agent, the judge, the reports and the runner),
 * each distinct scorer spec validated by the loader and by the runner, and its scorer created (the
 * check before the first request and the run share it).
 */
class WorkDoneOnceCliTest {

    /** Three cases of two turns, every turn scored with the same spec. */
    private static String counted() {
        StringBuilder yaml = new StringBuilder("cases:\n");
        for (String id : List.of("first", "second", "third")) {
            yaml.append("  - id: ").append(id).append("\n    turns:\n");
            for (String input : List.of("Hi", "Again")) {
                yaml.append("      - input: ").append(input)
                        .append("\n        scorers: [{type: test_counted, word: hello}]\n");
            }
        }
        return yaml.toString();
    }

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void writeSuite() throws IOException {
        Files.writeString(dir.resolve("counted.yaml"), counted());
        TestScorers.Counted.reset();
    }

    private int run(String... args) {
        return AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));
    }

    @Test
    void run_should_discover_the_providers_once_and_create_a_shared_scorer_once_for_the_check_and_the_run() {
        int code = run("run", "counted.yaml", "--repeat", "2", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports");

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 cases: 3 passed");
        assertThat(TestScorers.Counted.DISCOVERED.get()).as("providers discovered").isEqualTo(1);
        assertThat(TestScorers.Counted.CREATED.get()).as("scorers created").isEqualTo(1);
        // Validated once by the loader, which reports a spec's problems at their lines, once by the
        // runner; parsed once more to create the scorer.
        assertThat(TestScorers.Counted.PARSED.get()).as("specs parsed").isEqualTo(3);
    }
}
