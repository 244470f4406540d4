package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --plugin-path} in a child JVM with the class path the launcher gives the command (the
 * packaged eval-cli jar and its {@code lib/} folder; failsafe, after {@code package}): the
 * README's plugin example, compiled into a jar against that class path, is found through the
 * option and only through it.
 */
class PluginPathIT {

    @TempDir
    Path dir;

    private static String launcherClassPath() {
        Path jar = Path.of(System.getProperty("agent-eval.cli.jar", "missing"));
        assertThat(jar).as("the eval-cli jar (system property agent-eval.cli.jar, set by failsafe)").isRegularFile();
        return jar + File.pathSeparator + Path.of(System.getProperty("agent-eval.cli.lib")).resolve("*");
    }

    private static String libJars() throws IOException {
        try (Stream<Path> lib = Files.list(Path.of(System.getProperty("agent-eval.cli.lib")))) {
            return lib.map(Path::toString).sorted().collect(Collectors.joining(File.pathSeparator));
        }
    }

    private record Outcome(int code, String output) {
    }

    private Outcome cli(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", launcherClassPath(), AgentEvalCli.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Outcome(p.exitValue(), out);
    }

    @Test
    void should_run_the_readme_plugin_through_plugin_path_with_the_launchers_class_path() throws Exception {
        Path plugins = ReadmePlugins.jar(dir.resolve("build"), libJars()).getParent();
        ReadmePlugins.suite(dir);
        try (ReadmePlugins.EchoAgent agent = new ReadmePlugins.EchoAgent()) {
            String[] run = {"run", "shouting.yaml", "--protocol", "echo", "--agent-url", agent.url().toString(),
                    "--report-dir", "out", "--format", "json,csv"};

            Outcome without = cli(run);
            assertThat(without.code()).as(without.output()).isEqualTo(AgentEvalCli.INVALID);
            assertThat(without.output()).contains("unknown scorer type 'shouting'");

            List<String> with = new ArrayList<>(List.of(run));
            with.addAll(List.of("--plugin-path", plugins.toString()));
            Outcome o = cli(with.toArray(String[]::new));
            assertThat(o.code()).as(o.output()).isEqualTo(AgentEvalCli.CASES_FAILED);
            assertThat(o.output()).contains("not shouting");
            assertThat(Files.readString(dir.resolve("out/results.csv"))).startsWith("id,status\n")
                    .contains("loud,").contains("quiet,");
        }
    }
}
