package dev.agenteval.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.demo.DemoAgent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plugin as a user's build meets it: each project under {@code src/it} (a pom using the
 * plugin, suites under {@code src/test/agent-eval}, an {@code invoker.properties} with the goals
 * and the expected build result) is copied to {@code target/it/<name>} with
 * {@code @project.version@} replaced, and built by the Maven that runs this build with
 * {@code target/it-repo} as its local repository (where maven-invoker-plugin's {@code install} put
 * the plugin and its dependencies), this build's local repository as its only remote one (a
 * {@code file:} mirror of everything: the imported BOMs of the plugin's parent pom, read only, no
 * network), and {@code -Dagent-eval.agent-url} naming the demo agent started here on 127.0.0.1.
 * Then each project's outcome is checked here.
 */
class MavenPluginIT {

    static DemoAgent agent;

    @BeforeAll
    static void startAgent() {
        agent = DemoAgent.start();
    }

    @AfterAll
    static void stopAgent() {
        agent.close();
    }

    @Test
    void a_met_threshold_passes_the_build_and_writes_the_reports_under_target_agent_eval() throws Exception {
        Build build = build("passes");

        assertThat(build.log()).contains("BUILD SUCCESS", "--- agent-eval:" + property("plugin-version") + ":run (default) @ passes ---",
                "gate met: pass rate 66.7% (2 of 3 cases passed) meets the threshold 60%");
        Path reports = build.dir().resolve("target/agent-eval");
        assertThat(reports.resolve("results.json")).content().contains("\"suite\": \"support\"", "\"passed\": 2");
        // -Dagent-eval.formats=json,md: a list parameter from a comma-separated user property.
        assertThat(reports).isDirectoryContaining("glob:**/results.md").isDirectoryNotContaining("glob:**/junit.xml")
                .isDirectoryNotContaining("glob:**/report.html");
    }

    @Test
    void a_threshold_not_met_fails_the_build_with_the_summary() throws Exception {
        Build build = build("threshold-fails");

        assertThat(build.log()).contains("BUILD FAILURE",
                "agent-eval: suite 'support': 2 of 3 cases passed (1 failed, 0 errored, 0 skipped); gate not met: pass"
                        + " rate 66.7% (2 of 3 cases passed) is below the threshold 90%");
        assertThat(build.dir().resolve("target/agent-eval/results.json")).exists();
        assertThat(build.log()).contains("[WARNING] agent-eval: -Dagent-eval.threshold=60 is not used: the pom's <configuration>"
                + " sets <threshold>, which Maven lets win over a user property");
    }

    @Test
    void a_threshold_set_in_the_poms_properties_is_overridden_on_the_command_line() throws Exception {
        Build build = build("user-property");

        assertThat(build.log()).contains("BUILD SUCCESS", "gate met: pass rate 66.7% (2 of 3 cases passed) meets the threshold 60%")
                .doesNotContain("[WARNING] agent-eval:");
    }

    @Test
    void skip_runs_nothing() throws Exception {
        Build build = build("skipped");

        assertThat(build.log()).contains("BUILD SUCCESS", "agent-eval: skipped (agent-eval.skip)");
        assertThat(build.dir().resolve("target/agent-eval")).doesNotExist();
    }

    record Build(Path dir, String log) {
    }

    /** Copies and builds one project; its exit code must be what its invoker.properties expects. */
    private static Build build(String name) throws IOException, InterruptedException {
        Path source = Path.of(property("projects")).resolve(name);
        Path dir = Path.of(property("work")).resolve(name);
        copy(source, dir);
        // Ends Maven's search for the project's .mvn folder here, not in this repository's.
        Files.createDirectories(dir.resolve(".mvn"));
        Properties invoker = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("invoker.properties"))) {
            invoker.load(in);
        }
        boolean windows = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("win");
        Path mvn = Path.of(property("maven-home"), "bin", windows ? "mvn.cmd" : "mvn");
        List<String> command = new ArrayList<>(List.of(mvn.toString(), "-B", "-ntp", "-s", settings().toString(),
                "-Dmaven.repo.local=" + Path.of(property("repo")).toAbsolutePath(),
                "-Dagent-eval.agent-url=" + agent.url()));
        command.addAll(Arrays.asList(invoker.getProperty("invoker.goals", "verify").trim().split("\\s+")));
        Path logFile = dir.resolve("build.log");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(logFile.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("MAVEN_ARGS");
        pb.environment().remove("MAVEN_OPTS");
        Process process = pb.start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(name + ": the build did not end within 3 minutes; see " + logFile);
        }
        String log = Files.readString(logFile, StandardCharsets.UTF_8);
        boolean failureExpected = "failure".equals(invoker.getProperty("invoker.buildResult", "success").trim());
        assertThat(process.exitValue() != 0).as(name + " build failed (expected: " + failureExpected + "); log:\n" + log)
                .isEqualTo(failureExpected);
        return new Build(dir, log);
    }

    /** Settings whose one mirror, of every repository, is this build's local repository. */
    private static Path settings() throws IOException {
        Path file = Path.of(property("work")).resolve("settings.xml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>outer-local-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(Path.of(property("outer-repo")).toAbsolutePath().toUri()));
        return file;
    }

    private static void copy(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> old = Files.walk(to)) {
                for (Path p : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (p.getFileName().toString().equals("pom.xml")) {
                    Files.writeString(target, Files.readString(p).replace("@project.version@", property("plugin-version")));
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static String property(String name) {
        String value = System.getProperty("agent-eval.it." + name);
        assertThat(value).as("system property agent-eval.it." + name + " (set by the failsafe configuration)").isNotBlank();
        return value;
    }
}
