package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    private CommandResult last;

    @BeforeEach
    void writeSuite() throws IOException {
        Files.writeString(dir.resolve("counted.yaml"), counted());
        TestScorers.Counted.reset();
    }

    private int run(String... args) {
        last = CommandRunner.in(dir).run(args);
        return last.exitCode();
    }

    @Test
    void run_should_discover_the_providers_once_and_create_a_shared_scorer_once_for_the_check_and_the_run() {
        int code = run("run", "counted.yaml", "--repeat", "2", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports");

        assertThat(code).as(last.err()).isZero();
        assertThat(last.out()).contains("3 cases: 3 passed");
        assertThat(TestScorers.Counted.DISCOVERED.get()).as("providers discovered").isEqualTo(1);
        assertThat(TestScorers.Counted.CREATED.get()).as("scorers created").isEqualTo(1);
        // Validated once by the loader, which reports a spec's problems at their lines, once by the
        // runner; parsed once more to create the scorer.
        assertThat(TestScorers.Counted.PARSED.get()).as("specs parsed").isEqualTo(3);
    }
}
