package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code agent-eval completion}: picocli's bash/zsh script, naming every subcommand and their options. */
class CompletionCliTest {

    @Test
    void should_print_a_completion_script_with_every_subcommand_and_their_options() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = AgentEvalCli.execute(new String[] {"completion"}, AgentEvalCli.Context.of(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), Path.of("")));

        String script = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(script).startsWith("#!/usr/bin/env bash")
                .contains("complete -F _complete_agent-eval", "bashcompinit")
                .contains("--agent-url", "--report-dir", "--shard", "--port", "--dialect", "--from");
        for (String sub : new String[] {"run", "show", "validate", "schema", "merge", "record", "token", "demo-agent", "completion"}) {
            assertThat(script).as(sub).containsPattern("\\b" + java.util.regex.Pattern.quote(sub) + "\\b");
        }
    }
}
