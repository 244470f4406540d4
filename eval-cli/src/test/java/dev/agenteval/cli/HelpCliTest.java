package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a new user meets it: help lists exactly the README's variables and exit
 * codes, every command takes -v/-q, an unknown command or option is an error naming it, and the
 * usage hint names the command once.
 */
class HelpCliTest {

    @TempDir
    Path work;

    private CommandResult last;

    private int run(String... args) {
        last = CommandRunner.in(work).run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
    }

    private static String readmeSection(String heading) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("\n" + heading + "\n");
        assertThat(start).as(heading).isNotNegative();
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    /** The names in the first column of the README's "Environment variables" table. */
    private static Set<String> readmeVariables() throws IOException {
        Set<String> names = new TreeSet<>();
        for (String line : readmeSection("## Environment variables").split("\n")) {
            if (line.startsWith("| `")) {
                Matcher m = Pattern.compile("`([A-Z][A-Z0-9_]*(?:<NAME>)?)`").matcher(line.substring(0, line.indexOf(" |", 2)));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }

    /** The variables a help text lists: each on a line of its own, indented by two. */
    private static Set<String> helpVariables(String help) {
        return Arrays.stream(help.split("\\R")).filter(l -> l.matches("  [A-Z][A-Z0-9_]*(<NAME>)?"))
                .map(String::strip).filter(n -> !n.startsWith("TEST_")).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void should_list_in_help_exactly_the_variables_of_the_readme_table() throws IOException {
        Set<String> readme = readmeVariables();
        assertThat(readme).contains("AGENT_EVAL_AGENT_URL", "AGENT_EVAL_PROTOCOL", "AGENT_EVAL_TARGET",
                "AGENT_EVAL_EXTERNAL_ID", "JUDGE_API_KEY", "AGENT_API_URL_<NAME>");

        for (String[] help : List.of(new String[] {"run", "--help"}, new String[] {"--help"})) {
            assertThat(run(help)).isZero();
            assertThat(helpVariables(out())).as(String.join(" ", help) + " lists the README's variables, no more")
                    .containsExactlyElementsOf(readme);
        }
    }

    @Test
    void should_list_every_exit_code_of_the_readme_table_in_help() throws IOException {
        Set<Integer> readme = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| (\\d+) \\|").matcher(readmeSection("## Command line"));
        while (m.find()) {
            readme.add(Integer.parseInt(m.group(1)));
        }
        assertThat(readme).as("the README's exit codes are the declared ones")
                .containsExactlyElementsOf(Stream.of(ExitCode.values()).map(ExitCode::code).sorted().toList())
                .contains(130);

        for (String[] help : List.of(new String[] {"--help"}, new String[] {"run", "--help"})) {
            assertThat(run(help)).isZero();
            String text = out().replaceAll("\\s+", " ");
            assertThat(text).contains("Exit codes:");
            for (ExitCode c : ExitCode.values()) {
                assertThat(text).as(String.join(" ", help)).contains(c.code() + " " + c.meaning());
            }
        }
    }

    /** Every command's name, as the top command's help lists them. */
    private List<String> commands() {
        assertThat(run("--help")).isZero();
        String help = out();
        String section = help.substring(help.indexOf("Commands:"), help.indexOf("Exit codes:"));
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  ([a-z-]+)\\b").matcher(section);
        while (m.find()) {
            names.add(m.group(1));
        }
        assertThat(names).contains("run", "show", "validate", "schema", "merge", "record", "token");
        return names;
    }

    @Test
    void every_help_text_should_format_without_a_warning() {
        // picocli formats descriptions with String.format: a bare '%' (e.g. "95% Wilson") spoils the text and warns on System.err.
        PrintStream systemErr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (String command : commands()) {
                run(command, "--help");
                assertThat(out()).as(command + " --help").doesNotContain("%n").doesNotContain("% W");
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).doesNotContain("Could not format");
    }

    @Test
    void should_accept_v_and_q_on_every_command() {
        for (String command : commands()) {
            if (command.equals("help")) {
                continue;
            }
            for (String flag : new String[] {"-v", "-vv", "-q", "--verbose", "--quiet"}) {
                if (command.equals("demo-agent")) {
                    // it would serve until interrupted: an invalid port ends it once the options are parsed
                    assertThat(run(command, flag, "--port", "-1")).as(command + " " + flag).isEqualTo(AgentEvalCli.INVALID);
                } else {
                    run(command, flag);
                }
                assertThat(err()).as(command + " " + flag).doesNotContain("Unknown option").doesNotContain("Unmatched");
            }
        }
        assertThat(run("-q", "schema", "--dialect", "harness")).isZero();
        assertThat(run("schema", "-v", "--dialect", "harness")).isZero();
    }

    @Test
    void should_refuse_an_unknown_command_naming_it_also_with_help() {
        for (String[] args : List.of(new String[] {"valdate", "--help"}, new String[] {"valdate"},
                new String[] {"help", "valdate"}, new String[] {"-v", "valdate", "-h"})) {
            assertThat(run(args)).as(String.join(" ", args)).isEqualTo(AgentEvalCli.INVALID);
            assertThat(err()).as(String.join(" ", args)).contains("error: unknown command 'valdate' — did you mean 'validate'?")
                    .contains("Commands: run, show, validate, schema, merge, record, calibrate, token, sample-size")
                    .contains("See 'agent-eval --help' for usage.");
            assertThat(out()).as("no top-level help").doesNotContain("Usage:");
        }
        assertThat(run("nosuch")).isEqualTo(AgentEvalCli.INVALID);
        assertThat(err()).contains("error: unknown command 'nosuch'").doesNotContain("did you mean");
    }

    @Test
    void should_name_the_command_once_in_the_usage_hint_of_every_command() {
        assertThat(run("--bogus")).isEqualTo(AgentEvalCli.INVALID);
        assertThat(err()).contains("Unknown option: '--bogus'").contains("See 'agent-eval --help' for usage.");
        for (String command : commands()) {
            if (command.equals("help")) {
                continue;
            }
            // (a command with a required parameter reports that one first)
            assertThat(run(command, "--bogus")).as(command).isEqualTo(AgentEvalCli.INVALID);
            assertThat(err()).as(command).contains("See 'agent-eval " + command + " --help' for usage.")
                    .doesNotContain("agent-eval agent-eval");
        }
        assertThat(run("run", "--bogus")).isEqualTo(AgentEvalCli.INVALID);
        assertThat(err()).contains("Unknown option: '--bogus'").contains("See 'agent-eval run --help' for usage.");
        assertThat(run("run", "--report-dri", "x")).isEqualTo(AgentEvalCli.INVALID);
        assertThat(err()).contains("Unknown option: '--report-dri' — did you mean '--report-dir'?");
    }
}
