package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code agent-eval --version} run from classes, as in an IDE; JarManifestIT runs the built jar. */
class VersionCliTest {

    /** The pom's version, passed by surefire. */
    static String projectVersion() {
        String v = System.getProperty("agent-eval.project.version");
        assertThat(v).as("system property agent-eval.project.version (set by surefire and failsafe)").isNotBlank();
        return v;
    }

    @Test
    void should_print_the_project_version_not_development() {
        CommandResult r = CommandRunner.in(Path.of("")).run("--version");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out().strip())
                .isEqualTo("agent-eval " + projectVersion())
                .doesNotContain("development")
                .doesNotContain("${");
    }
}
