package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.Objects;

/**
 * What one in-process {@code agent-eval} command did: its exit code and everything it wrote.
 *
 * <pre>{@code
 * CommandResult r = CommandRunner.in(dir).run("validate", "suite.yaml");
 * assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
 * assertThat(r.err()).contains("suite.yaml:3:5");
 * }</pre>
 *
 * @param exitCode the exit code the command would end the process with (0 ok, 1 cases failed,
 *                 2 invalid, 3 not carried out, ...)
 * @param out      what it wrote to standard output
 * @param err      what it wrote to standard error
 */
@API(status = EXPERIMENTAL)
public record CommandResult(int exitCode, String out, String err) {

    /** Validates. */
    public CommandResult {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
    }

    /** The exit code, then both streams: the description an assertion on the result should carry. */
    @Override
    public String toString() {
        return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
}
