package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code agent-eval completion}: picocli's bash/zsh script, naming every subcommand and their options. */
class CompletionCliTest {

    @Test
    void should_print_a_completion_script_with_every_subcommand_and_their_options() {

        CommandResult result = CommandRunner.in(Path.of("")).run(new String[] {"completion"});
        int code = result.exitCode();

        String script = result.out();
        assertThat(code).as(result.err()).isZero();
        assertThat(script).startsWith("#!/usr/bin/env bash")
                .contains("complete -F _complete_agent-eval", "bashcompinit")
                .contains("--agent-url", "--report-dir", "--shard", "--port", "--dialect", "--from");
        for (String sub : new String[] {"run", "show", "validate", "schema", "merge", "record", "token", "demo-agent", "completion"}) {
            assertThat(script).as(sub).containsPattern("\\b" + java.util.regex.Pattern.quote(sub) + "\\b");
        }
    }
}
