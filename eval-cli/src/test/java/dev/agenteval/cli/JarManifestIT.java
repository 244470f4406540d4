package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The packaged eval-cli jar (failsafe, after {@code package}): its manifest and its {@code --version}. */
class JarManifestIT {

    private static Path jar() {
        Path jar = Path.of(System.getProperty("agent-eval.cli.jar", "missing"));
        assertThat(jar).as("the eval-cli jar (system property agent-eval.cli.jar, set by failsafe)").isRegularFile();
        return jar;
    }

    @Test
    void should_name_the_automatic_module_and_carry_the_project_version() throws Exception {
        try (JarFile jar = new JarFile(jar().toFile())) {
            Attributes main = jar.getManifest().getMainAttributes();

            assertThat(main.getValue("Automatic-Module-Name")).isEqualTo("dev.agenteval.cli");
            assertThat(main.getValue("Implementation-Version")).isEqualTo(VersionCliTest.projectVersion());
        }
    }

    @Test
    void should_print_the_manifest_version_when_run_from_the_jar() throws Exception {
        String classPath = jar() + File.pathSeparator + Path.of(System.getProperty("agent-eval.cli.lib")).resolve("*");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", classPath, AgentEvalCli.class.getName(), "--version")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).isEqualTo("agent-eval " + VersionCliTest.projectVersion());
    }
}
