package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = AgentEvalCli.execute(new String[] {"--version"}, AgentEvalCli.Context.of(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                Map.of(), Path.of("")));

        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("agent-eval " + projectVersion())
                .doesNotContain("development")
                .doesNotContain("${");
    }
}
