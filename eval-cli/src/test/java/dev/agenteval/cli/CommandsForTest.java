package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line builds the model of the command it runs, and of all of them only when it must. */
class CommandsForTest {

    @Test
    void should_build_only_the_named_command() {
        assertThat(AgentEvalCli.commandsFor(new String[] {"run", "suite.yaml"})).containsExactly(RunCommand.class);
        assertThat(AgentEvalCli.commandsFor(new String[] {"validate"})).containsExactly(ValidateCommand.class);
    }

    @Test
    void should_build_no_command_for_the_version() {
        assertThat(AgentEvalCli.commandsFor(new String[] {"--version"})).isEmpty();
        assertThat(AgentEvalCli.commandsFor(new String[] {"-V"})).isEmpty();
    }

    @Test
    void should_build_every_command_for_help_completion_options_first_or_an_unknown_command() {
        for (String[] args : new String[][] {{}, {"--help"}, {"help", "run"}, {"completion"}, {"-v", "run"}, {"rnu"}}) {
            assertThat(AgentEvalCli.commandsFor(args)).as(String.join(" ", args))
                    .contains(RunCommand.class, CompletionCommand.class, CommandLine.HelpCommand.class).hasSize(12);
        }
    }
}
