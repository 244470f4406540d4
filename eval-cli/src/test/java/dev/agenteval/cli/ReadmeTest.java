package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's tables come from the same declarations the code reads. */
class ReadmeTest {

    private static String readme() throws IOException {
        return Files.readString(Path.of("..", "README.md"));
    }

    @Test
    void should_list_every_declared_environment_variable_in_the_readme_table() throws IOException {
        String readme = readme();
        String table = readme.substring(readme.indexOf("## Environment variables"), readme.indexOf("## Plugins"));

        for (String name : EnvironmentHelp.all().keySet()) {
            if (!name.startsWith("TEST_")) {
                assertThat(table).as("README lists " + name).contains("| `" + name + "` |");
            }
        }
    }

    @Test
    void should_document_every_exit_code_the_command_uses() throws IOException {
        String readme = readme();

        for (int code : new int[] {AgentEvalCli.OK, AgentEvalCli.CASES_FAILED, AgentEvalCli.INVALID, AgentEvalCli.NOT_CARRIED_OUT}) {
            assertThat(readme).contains("| " + code + " |");
        }
    }
}
