package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite with tool mocks against an agent reached over A2A, which runs its tools remotely: both
 * {@code run} and {@code validate} refuse it before any message is sent, naming the case, the tool
 * and why; the suite itself is valid.
 */
class ToolMocksCliTest {

    @TempDir
    Path dir;

    private Path suite() throws IOException {
        return Files.writeString(dir.resolve("mocked.yaml"), """
                cases:
                  - id: plain
                    turns:
                      - input: Hi
                        scorers: [{type: contains, values: [hello]}]
                  - id: booking
                    turns:
                      - input: Book monday
                        mocks:
                          - tool: book
                            when: {day: monday}
                            throws: monday is full
                        scorers: [{type: contains, values: [full]}]
                """);
    }

    @Test
    void should_refuse_mocks_for_a_remote_agent_before_sending_anything() throws IOException {
        Path suite = suite();
        try (FakeA2aAgent agent = FakeA2aAgent.start().otherwise(A2aReply.completed("hello, monday is full"))) {
            String reason = "case 'booking' mocks tool 'book' but the agent (a2a " + agent.url()
                    + ") runs its tools remotely and cannot honour mocks";

            CommandResult run = CommandRunner.in(dir).run("run", suite.toString(), "--protocol", "a2a",
                    "--agent-url", agent.url().toString(), "--report-dir", dir.resolve("reports").toString());
            CommandResult validate = CommandRunner.in(dir).run("validate", suite.toString(), "--protocol", "a2a",
                    "--agent-url", agent.url().toString());

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID.code());
            assertThat(run.toString()).contains(reason).doesNotContain("case 'plain'");
            assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(ExitCode.INVALID.code());
            assertThat(validate.toString()).contains(reason);
            assertThat(agent.requestCount()).isZero();
        }
        CommandResult alone = CommandRunner.in(dir).run("validate", suite.toString());
        assertThat(alone.exitCode()).as(alone.toString()).isZero();
    }
}
