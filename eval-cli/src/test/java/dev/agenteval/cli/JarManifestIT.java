package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The packaged eval-cli jar (failsafe, after {@code package}): its descriptor and manifest, and its {@code --version} from the class path and the module path. */
class JarManifestIT {

    private static Path jar() {
        Path jar = Path.of(System.getProperty("agent-eval.cli.jar", "missing"));
        assertThat(jar).as("the eval-cli jar (system property agent-eval.cli.jar, set by failsafe)").isRegularFile();
        return jar;
    }

    @Test
    void should_hold_the_module_descriptor_and_carry_the_project_version() throws Exception {
        try (JarFile jar = new JarFile(jar().toFile())) {
            Attributes main = jar.getManifest().getMainAttributes();

            assertThat(jar.getEntry("module-info.class")).isNotNull();
            try (java.io.InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
                assertThat(java.lang.module.ModuleDescriptor.read(in).name()).isEqualTo("dev.agenteval.cli");
            }
            assertThat(main.getValue("Automatic-Module-Name")).isNull();
            assertThat(main.getValue("Implementation-Version")).isEqualTo(VersionCliTest.projectVersion());
        }
    }

    @Test
    void should_print_the_manifest_version_when_run_from_the_jar() throws Exception {
        String classPath = jar() + File.pathSeparator + lib().resolve("*");

        assertThat(java("-cp", classPath, AgentEvalCli.class.getName(), "--version"))
                .isEqualTo("agent-eval " + VersionCliTest.projectVersion());
    }

    @Test
    void should_run_from_the_module_path() throws Exception {
        String modulePath = jar() + File.pathSeparator + lib();

        assertThat(java("-p", modulePath, "-m", "dev.agenteval.cli/" + AgentEvalCli.class.getName(), "--version"))
                .isEqualTo("agent-eval " + VersionCliTest.projectVersion());
        // Every command's options read by picocli; the providers' variables found as services.
        assertThat(java("-p", modulePath, "-m", "dev.agenteval.cli/" + AgentEvalCli.class.getName(), "run", "--help"))
                .contains("--agent-url").contains("AGENT_EVAL_JUDGE_API_KEY");
    }

    private static Path lib() {
        return Path.of(System.getProperty("agent-eval.cli.lib"));
    }

    /** The standard output and error of {@code java args...}, which must exit 0. */
    private static String java(String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(
                java.util.List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.strip();
    }
}
