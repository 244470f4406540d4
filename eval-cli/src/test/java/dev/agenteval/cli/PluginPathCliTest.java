package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --plugin-path DIR} (and {@code AGENT_EVAL_PLUGIN_PATH}): the README's plugin example,
 * compiled into a jar at test time, works from YAML, {@code --protocol} and {@code --format}
 * with the jar's folder given, and not without it. The plugin classes are on no class path of
 * this JVM: only the folder gives them.
 */
class PluginPathCliTest {

    @TempDir
    static Path build;

    static Path plugins;
    static ReadmePlugins.EchoAgent agent;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildThePlugin() throws IOException {
        plugins = ReadmePlugins.jar(build, System.getProperty("java.class.path")).getParent();
        agent = new ReadmePlugins.EchoAgent();
    }

    @AfterAll
    static void stopTheAgent() {
        agent.close();
    }

    @BeforeEach
    void suite() throws IOException {
        ReadmePlugins.suite(dir);
    }

    private CommandResult run(Map<String, String> env, String... args) {
        return CommandRunner.in(dir).withEnvironment(env).run(args);
    }

    private CommandResult runShouting(Map<String, String> env, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "shouting.yaml", "--protocol", "echo",
                "--agent-url", agent.url().toString(), "--report-dir", "out", "--format", "json,csv"));
        args.addAll(List.of(more));
        return run(env, args.toArray(String[]::new));
    }

    private void assertTheScorersVerdicts(CommandResult o) throws IOException {
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.CASES_FAILED);
        JsonNode results = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        assertThat(results.at("/summary/passed").asInt()).as(o.toString()).isEqualTo(1);
        assertThat(results.at("/summary/failed").asInt()).isEqualTo(1);
        assertThat(results.toString()).contains("not shouting").contains("upper case");
        String csv = Files.readString(dir.resolve("out/results.csv"));
        assertThat(csv).startsWith("id,status\n").contains("loud,").contains("quiet,");
    }

    @Test
    void should_run_the_readme_plugins_from_the_folder_plugin_path_names() throws IOException {
        CommandResult o = runShouting(Map.of(), "--plugin-path", plugins.toString());

        assertTheScorersVerdicts(o);
        assertThat(o.toString()).contains("not shouting");
    }

    @Test
    void should_choose_the_plugin_format_by_id_and_name_it_for_a_typo() {
        CommandResult typo = run(Map.of(), "run", "shouting.yaml", "--plugin-path", plugins.toString(), "--protocol", "echo",
                "--agent-url", agent.url().toString(), "--report-dir", "out", "--format", "json,cvs");

        assertThat(typo.exitCode()).as(typo.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(typo.err()).contains("--format: unknown report format 'cvs'; known: console, csv, harness, html, json,"
                + " junit, md, tally — did you mean 'csv'?");
        assertThat(dir.resolve("out/results.json")).as("nothing is run").doesNotExist();
    }

    @Test
    void should_list_the_report_formats_in_help_with_the_plugins_of_the_command() {
        CommandResult help = run(Map.of(), "run", "--help", "--plugin-path", plugins.toString());

        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.out()).contains("Report formats (--format ID):")
                .containsPattern("\\n  csv +results\\.csv: example\\.CsvFormat\\n")
                .containsPattern("\\n  json +results\\.json \\(default\\): the JSON report")
                .containsPattern("\\n  harness +harness\\.json: ");
        assertThat(run(Map.of(), "validate", "--help").out()).contains("Report formats (--format ID):")
                .doesNotContain("results.csv");
    }

    @Test
    void should_not_know_the_plugin_scorer_without_plugin_path() {
        CommandResult o = runShouting(Map.of());

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains("unknown scorer type 'shouting'");
    }

    @Test
    void should_read_a_path_list_of_folders_from_the_variable_and_prefer_the_option() throws IOException {
        Path other = Files.createDirectories(dir.resolve("other"));
        emptyJar(other.resolve("empty.jar"));
        String list = other + File.pathSeparator + plugins;

        assertTheScorersVerdicts(runShouting(Map.of("AGENT_EVAL_PLUGIN_PATH", list)));

        CommandResult optionWins = runShouting(Map.of("AGENT_EVAL_PLUGIN_PATH", list), "--plugin-path", "other");
        assertThat(optionWins.exitCode()).as(optionWins.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(optionWins.err()).contains("unknown scorer type 'shouting'");

        CommandResult repeated = runShouting(Map.of(), "--plugin-path", "other", "--plugin-path", plugins.toString());
        assertThat(repeated.exitCode()).as(repeated.toString()).isEqualTo(AgentEvalCli.CASES_FAILED);
    }

    @Test
    void should_find_the_plugins_in_validate_and_show() {
        CommandResult validate = run(Map.of(), "validate", "shouting.yaml", "--plugin-path", plugins.toString(),
                "--format", "csv", "--report-dir", "out");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        assertThat(validate.out()).contains("OK shouting: 2 cases");

        CommandResult show = run(Map.of(), "show", "shouting.yaml", "--plugin-path", plugins.toString());
        assertThat(show.exitCode()).as(show.toString()).isZero();
        assertThat(show.out()).contains("scorers: shouting");

        CommandResult without = run(Map.of(), "show", "shouting.yaml");
        assertThat(without.exitCode()).as(without.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(without.err()).contains("unknown scorer type 'shouting'");
    }

    @Test
    void should_refuse_a_missing_folder_and_a_folder_without_jars_naming_them() throws IOException {
        CommandResult missing = runShouting(Map.of(), "--plugin-path", "no-such-folder");
        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(missing.err()).contains("--plugin-path: " + dir.resolve("no-such-folder") + " does not exist");

        Files.createDirectories(dir.resolve("empty"));
        CommandResult empty = runShouting(Map.of("AGENT_EVAL_PLUGIN_PATH", "empty"));
        assertThat(empty.exitCode()).as(empty.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(empty.err()).contains("AGENT_EVAL_PLUGIN_PATH: " + dir.resolve("empty") + " holds no jar");
    }

    @Test
    void should_refuse_a_jar_that_cannot_be_opened_naming_it() throws IOException {
        Path bad = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(bad.resolve("broken.jar"), "not a zip");

        CommandResult o = runShouting(Map.of(), "--plugin-path", "bad");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains("plugin jar " + bad.resolve("broken.jar") + " cannot be opened");
    }

    @Test
    void should_name_the_jar_and_the_class_of_a_provider_that_cannot_be_loaded() throws IOException {
        Path bad = Files.createDirectories(dir.resolve("bad"));
        Path jar = bad.resolve("missing-class.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/dev.agenteval.spi.ScorerFactory"));
            out.write("example.NoSuchScorerFactory\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }

        CommandResult o = runShouting(Map.of(), "--plugin-path", "bad");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(o.err()).contains("provider example.NoSuchScorerFactory of plugin jar " + jar + " cannot be loaded");
    }

    @Test
    void should_list_the_variables_in_help_with_the_plugins_of_the_command_or_say_why_not() {
        CommandResult help = run(Map.of(), "run", "--help", "--plugin-path", plugins.toString());
        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.out()).contains("--plugin-path=DIR").contains("  AGENT_EVAL_PLUGIN_PATH\n")
                .doesNotContain("Plugins not loaded");

        CommandResult broken = run(Map.of(), "run", "--help", "--plugin-path", "no-such-folder");
        assertThat(broken.exitCode()).as(broken.toString()).isZero();
        assertThat(broken.out()).contains("  AGENT_EVAL_AGENT_URL\n")
                .contains("Plugins not loaded, their variables not listed: --plugin-path: " + dir.resolve("no-such-folder"));
    }

    private static void emptyJar(Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), new java.util.jar.Manifest())) {
            out.flush();
        }
    }
}
