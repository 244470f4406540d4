package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's Dockerfile, checked without Docker after {@code package}: its base image (Java 25,
 * running jars compiled for 17), that every file it copies exists (and is not left out of the build
 * context by {@code .dockerignore}), that its entrypoint is the distribution's launcher, which runs, and
 * that its RUN writes the launcher's class-data-sharing archives, on this JVM and on a JDK 25 when one
 * is installed.
 */
class DockerContextIT {

    private static final Pattern COPY = Pattern.compile("(?m)^COPY\\s+(\\S+)\\s+(\\S+)\\s*$");
    private static final Pattern ENTRYPOINT = Pattern.compile("(?m)^ENTRYPOINT\\s+\\[\"([^\"]+)\"");

    @TempDir
    Path dir;

    /** The Dockerfile's instructions, without its comment lines. */
    private static String dockerfile() throws IOException {
        return Files.readString(Dist.repository().resolve("Dockerfile")).replaceAll("(?m)^#.*\\n", "");
    }

    private record Copy(String source, String destination) {
    }

    private static List<Copy> copies() throws IOException {
        List<Copy> copies = new ArrayList<>();
        Matcher m = COPY.matcher(dockerfile());
        while (m.find()) {
            copies.add(new Copy(m.group(1), m.group(2)));
        }
        return copies;
    }

    /** The JDK 25 the image's runtime stands for here: {@code -Dagent-eval.it.java25=PATH}, else Temurin's usual folder. */
    private static Path java25() {
        return Path.of(System.getProperty("agent-eval.it.java25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    }

    @Test
    void should_build_on_the_eclipse_temurin_25_jre_and_work_in_slash_work() throws IOException {
        assertThat(dockerfile()).containsPattern("(?m)^FROM eclipse-temurin:25-jre$")
                .containsPattern("(?m)^WORKDIR /work$")
                .doesNotContain("ADD ", "git clone", "mvnw");
    }

    @Test
    void should_copy_only_files_the_build_wrote_and_the_context_keeps() throws IOException {
        List<String> dockerignore = Files.readAllLines(Dist.repository().resolve(".dockerignore"));

        assertThat(copies()).isNotEmpty().allSatisfy(copy -> {
            Path source = Dist.repository().resolve(copy.source());
            assertThat(source).as("COPY " + copy.source()).exists();
            assertThat(source.normalize()).as("COPY " + copy.source()).startsWith(Dist.target());
            assertThat(dockerignore).as(".dockerignore keeps " + copy.source() + " in the build context").contains("!" + copy.source());
        });
    }

    /** The image runs Java 25, but the jars it runs are compiled for 17 (class files of major version 61), as published. */
    @Test
    void should_copy_jars_compiled_for_java_17() throws IOException {
        Path jar = Dist.target().resolve("agent-eval/lib/eval-cli-" + Dist.version() + ".jar");
        try (var zip = new java.util.zip.ZipFile(jar.toFile())) {
            var entry = zip.getEntry("dev/agenteval/cli/AgentEvalCli.class");
            try (var in = new java.io.DataInputStream(zip.getInputStream(entry))) {
                assertThat(in.readInt()).isEqualTo(0xCAFEBABE);
                in.readUnsignedShort();
                assertThat(in.readUnsignedShort()).as("class file major version of " + entry + " in " + jar).isEqualTo(61);
            }
        }
    }

    @Test
    void should_write_the_launchers_archives_at_build_time_offline() throws Exception {
        archivesWrittenByTheRun(Path.of(System.getProperty("java.home")));
    }

    /** The RUN on the image's Java: the distribution, compiled for 17, runs on 25 and writes its archives there. */
    @Test
    void should_write_the_launchers_archives_on_java_25_when_it_is_installed() throws Exception {
        assumeThat(java25().resolve("bin/java")).as("a JDK 25 (-Dagent-eval.it.java25=PATH)").isExecutable();

        archivesWrittenByTheRun(java25());
    }

    private void archivesWrittenByTheRun(Path javaHome) throws Exception {
        List<String> lines = dockerfile().lines().toList();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("RUN ")) {
                String line = lines.get(i).substring(4);
                while (line.endsWith("\\")) {
                    run.append(line, 0, line.length() - 1); // as Docker joins them
                    line = lines.get(++i);
                }
                run.append(line).append('\n');
            }
        }
        assertThat(run).as("a RUN that writes the archives").contains("AGENT_EVAL_CDS_DIR");
        assertThat(dockerfile()).containsPattern("(?m)^ENV AGENT_EVAL_CDS_DIR=/opt/agent-eval/cds$");

        // The RUN on the distribution the image copies, with agent-eval on the PATH as ENV PATH puts it.
        Path cds = dir.resolve("cds");
        ProcessBuilder builder = Dist.builder(dir, List.of("sh", "-c", run.toString())).redirectErrorStream(true);
        builder.environment().put("PATH", Dist.target().resolve("agent-eval/bin") + ":" + System.getenv("PATH"));
        builder.environment().put("AGENT_EVAL_CDS_DIR", cds.toString());
        builder.environment().put("JAVA_HOME", javaHome.toString());
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        try (Stream<Path> files = Files.list(cds)) {
            assertThat(files.map(f -> f.getFileName().toString()).map(n -> n.replaceAll("^\\d+-", "")))
                    .as(output).containsExactlyInAnyOrder("run.jsa", "validate.jsa", "show.jsa");
        }
    }

    @Test
    void should_enter_the_distributions_launcher_which_runs() throws Exception {
        Matcher entry = ENTRYPOINT.matcher(dockerfile());
        assertThat(entry.find()).as("an ENTRYPOINT in exec form").isTrue();
        String entrypoint = entry.group(1);
        Copy copy = copies().stream().filter(c -> entrypoint.startsWith(c.destination())).findFirst().orElseThrow(() ->
                new AssertionError("no COPY puts " + entrypoint + " in the image"));
        Path launcher = Dist.repository().resolve(copy.source()).resolve(entrypoint.substring(copy.destination().length()));

        assertThat(launcher).isExecutable();
        assertThat(launcher).hasSameTextualContentAs(Dist.target().resolve("../src/bin/agent-eval"));
        assertThat(launcher.getParent().resolveSibling("lib")).isDirectoryContaining("glob:**/eval-cli-" + Dist.version() + ".jar");
        Dist.Result result = Dist.run(dir, List.of(launcher.toString(), "--version"));
        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output().strip()).isEqualTo("agent-eval " + Dist.version());
    }

    @Test
    void should_run_the_distribution_on_java_25_when_it_is_installed() throws Exception {
        assumeThat(java25().resolve("bin/java")).as("a JDK 25 (-Dagent-eval.it.java25=PATH)").isExecutable();

        Dist.Result result = Dist.run(dir, Map.of("JAVA_HOME", java25().toString(), "AGENT_EVAL_JAVA_OPTS", "-XshowSettings:properties"),
                List.of(Dist.target().resolve("agent-eval/bin/agent-eval").toString(), "--version"));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output()).contains("java.specification.version = 25").contains("agent-eval " + Dist.version());
    }
}
