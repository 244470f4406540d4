package dev.agenteval.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command itself is run by eval-cli's tests (eval-cli is not on this module's class path). */
class CommandRunnerTest {

    @TempDir
    Path dir;

    @Test
    void should_say_how_to_get_the_command_when_eval_cli_is_not_on_the_class_path() {
        assertThatThrownBy(() -> CommandRunner.in(dir).run("--version"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("add dev.agenteval:eval-cli as a test dependency");
    }

    @Test
    void should_show_the_exit_code_and_both_streams_in_the_result_description() {
        assertThat(new CommandResult(2, "o", "e")).hasToString("exit 2\nstdout:\no\nstderr:\ne");
    }
}
