package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/agent-eval's JVM: the options it sets (-XX:TieredStopAtLevel=1, -XX:+UseSerialGC), which
 * AGENT_EVAL_JAVA_OPTS overrides and AGENT_EVAL_JVM_DEFAULTS=off leaves out, and the class-data-sharing
 * archive the first run of a command writes in AGENT_EVAL_CDS_DIR and the next ones load classes from,
 * silently, with the command's exit code passed on.
 */
class LauncherIT {

    /** A class the JVM loaded from the launcher's archive (-Xlog:class+load). */
    private static final String FROM_THE_ARCHIVE = "source: shared objects file (top)";
    private static final Pattern JVM_MESSAGE = Pattern.compile("(?m)^\\[[^\\]]*\\]\\[(warning|error)\\]|Unable to use shared archive");

    @TempDir
    Path dir;

    private static Path installed() {
        return Dist.target().resolve("agent-eval");
    }

    private static List<String> launcher(Path home, String... args) {
        return Stream.concat(Stream.of(home.resolve("bin/agent-eval").toString()), Stream.of(args)).toList();
    }

    /** The line of -XX:+PrintFlagsFinal about {@code flag}: its value, and whether the command line set it. */
    private record Flag(String value, boolean fromCommandLine) {
    }

    private static Flag flag(String output, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*\\S+\\s+" + name + "\\s+:?=\\s+(\\S+)(.*)$").matcher(output);
        assertThat(m.find()).as(name + " in the output of -XX:+PrintFlagsFinal").isTrue();
        return new Flag(m.group(1), m.group(2).contains("{command line}"));
    }

    private static int fromTheArchive(String output) {
        return (int) output.lines().filter(l -> l.contains(FROM_THE_ARCHIVE)).count();
    }

    private static List<Path> archives(Path cds) throws IOException {
        if (!Files.isDirectory(cds)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cds)) {
            return files.sorted().toList();
        }
    }

    private Map<String, String> cdsIn(Path cds, String javaOptions) {
        return Map.of("AGENT_EVAL_CDS_DIR", cds.toString(), "AGENT_EVAL_JAVA_OPTS", javaOptions);
    }

    private Path suite() throws IOException {
        Path suite = dir.resolve("suite.yaml");
        if (!Files.exists(suite)) {
            Files.writeString(suite, Dist.SUITE);
        }
        return suite;
    }

    // ---------------------------------------------------------------- JVM options

    @Test
    void the_jvm_gets_the_c1_compiler_only_and_the_serial_collector() throws Exception {
        Dist.Result result = Dist.run(dir, Map.of("AGENT_EVAL_JAVA_OPTS", "-XX:+PrintFlagsFinal"),
                launcher(installed(), "--version"));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output()).contains("agent-eval " + Dist.version());
        assertThat(flag(result.output(), "TieredStopAtLevel")).isEqualTo(new Flag("1", true));
        assertThat(flag(result.output(), "UseSerialGC")).isEqualTo(new Flag("true", true));
    }

    @Test
    void agent_eval_java_opts_override_the_defaults_and_may_name_another_collector() throws Exception {
        Dist.Result result = Dist.run(dir,
                Map.of("AGENT_EVAL_JAVA_OPTS", "-XX:+PrintFlagsFinal -XX:TieredStopAtLevel=4 -XX:+UseG1GC"),
                launcher(installed(), "--version"));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output()).contains("agent-eval " + Dist.version());
        assertThat(flag(result.output(), "TieredStopAtLevel")).isEqualTo(new Flag("4", true));
        assertThat(flag(result.output(), "UseG1GC")).isEqualTo(new Flag("true", true));
        assertThat(flag(result.output(), "UseSerialGC").value()).isEqualTo("false");
    }

    @Test
    void agent_eval_jvm_defaults_off_gives_the_bare_jvm() throws Exception {
        Path cds = dir.resolve("cds");
        Dist.Result result = Dist.run(dir, Map.of("AGENT_EVAL_JAVA_OPTS", "-XX:+PrintFlagsFinal",
                "AGENT_EVAL_JVM_DEFAULTS", "off", "AGENT_EVAL_CDS_DIR", cds.toString()),
                launcher(installed(), "validate", suite().toString()));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(flag(result.output(), "TieredStopAtLevel").fromCommandLine()).isFalse();
        assertThat(flag(result.output(), "UseSerialGC").fromCommandLine()).isFalse();
        assertThat(archives(cds)).isEmpty();
    }

    // ---------------------------------------------------------------- the class-data-sharing archive

    @Test
    void the_first_run_of_a_command_writes_one_archive_and_the_next_runs_load_classes_from_it() throws Exception {
        Path cds = dir.resolve("cds");
        Map<String, String> env = cdsIn(cds, "-Xlog:class+load");

        Dist.Result first = Dist.run(dir, env, launcher(installed(), "validate", suite().toString()));
        assertThat(first.code()).as(first.output()).isZero();
        assertThat(fromTheArchive(first.output())).isZero();
        assertThat(first.output()).doesNotContainPattern(JVM_MESSAGE);
        List<Path> written = archives(cds);
        assertThat(written).hasSize(1);
        assertThat(written.get(0).getFileName().toString()).endsWith("-validate.jsa");

        Dist.Result second = Dist.run(dir, env, launcher(installed(), "validate", suite().toString()));
        assertThat(second.code()).as(second.output()).isZero();
        assertThat(second.output()).contains("OK").doesNotContainPattern(JVM_MESSAGE);
        assertThat(fromTheArchive(second.output())).as("classes loaded from the archive").isGreaterThan(100);
        assertThat(archives(cds)).isEqualTo(written);
    }

    @Test
    void no_archive_for_version_help_or_with_agent_eval_cds_off() throws Exception {
        Path cds = dir.resolve("cds");

        for (List<String> command : List.of(launcher(installed(), "--version"), launcher(installed(), "validate", "--help"))) {
            Dist.Result result = Dist.run(dir, cdsIn(cds, ""), command);
            assertThat(result.code()).as(result.output()).isZero();
        }
        Map<String, String> off = Map.of("AGENT_EVAL_CDS_DIR", cds.toString(), "AGENT_EVAL_CDS", "off");
        Dist.Result result = Dist.run(dir, off, launcher(installed(), "validate", suite().toString()));
        assertThat(result.code()).as(result.output()).isZero();

        assertThat(archives(cds)).isEmpty();
    }

    @Test
    void a_cache_folder_that_cannot_be_made_means_no_archive_and_no_message() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");

        Dist.Result result = Dist.run(dir, cdsIn(file.resolve("cds"), ""), launcher(installed(), "validate", suite().toString()));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output().strip()).isEqualTo("OK suite: 2 cases");
    }

    @Test
    void a_copied_installation_writes_its_own_archive_and_never_prints_a_jvm_warning() throws Exception {
        Path cds = dir.resolve("cds");
        Map<String, String> env = cdsIn(cds, "-Xlog:class+load");
        Dist.Result original = Dist.run(dir, env, launcher(installed(), "validate", suite().toString()));
        assertThat(original.code()).as(original.output()).isZero();
        List<Path> originals = archives(cds);
        assertThat(originals).hasSize(1);

        // The same jars, with the same dates, in another folder: the JVM would refuse the first archive.
        Path copy = copy(installed(), dir.resolve("copy"));
        Dist.Result first = Dist.run(dir, env, launcher(copy, "validate", suite().toString()));
        assertThat(first.code()).as(first.output()).isZero();
        assertThat(first.output()).doesNotContainPattern(JVM_MESSAGE);
        assertThat(fromTheArchive(first.output())).isZero();
        assertThat(archives(cds)).hasSize(2).containsAll(originals);

        Dist.Result second = Dist.run(dir, env, launcher(copy, "validate", suite().toString()));
        assertThat(second.code()).as(second.output()).isZero();
        assertThat(fromTheArchive(second.output())).isGreaterThan(100);

        // An archive the JVM refuses (the original installation's, under the copy's name): no message either.
        Path copys = archives(cds).stream().filter(p -> !originals.contains(p)).findFirst().orElseThrow();
        Files.copy(originals.get(0), copys, StandardCopyOption.REPLACE_EXISTING);
        Dist.Result refused = Dist.run(dir, env, launcher(copy, "validate", suite().toString()));
        assertThat(refused.code()).as(refused.output()).isZero();
        assertThat(refused.output()).contains("OK").doesNotContainPattern(JVM_MESSAGE);
        assertThat(fromTheArchive(refused.output())).isZero();
    }

    // ---------------------------------------------------------------- exit codes and signals

    @Test
    void exit_codes_pass_through_the_run_that_writes_the_archive_and_the_runs_that_load_it() throws Exception {
        Path cds = dir.resolve("cds");
        Map<String, String> env = cdsIn(cds, "");

        Dist.Result usage = Dist.run(dir, env, launcher(installed(), "run", "--no-such-option"));
        assertThat(usage.code()).as(usage.output()).isEqualTo(2);
        assertThat(archives(cds)).as("no archive from a mistyped command line").isEmpty();

        // Nobody listens on the port: the run cannot be carried out.
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        List<String> unreachable = launcher(installed(), "run", suite().toString(), "--agent-url",
                "http://127.0.0.1:" + port + "/", "--report-dir", dir.resolve("reports").toString());
        Dist.Result bare = Dist.run(dir, Map.of("AGENT_EVAL_JVM_DEFAULTS", "off"), unreachable);
        Dist.Result dumping = Dist.run(dir, env, unreachable);
        assertThat(bare.code()).as(bare.output()).isGreaterThan(1);
        assertThat(dumping.code()).as(dumping.output()).isEqualTo(bare.code());
        assertThat(archives(cds)).as("no archive from a run that was not carried out").isEmpty();

        Dist.Result valid = Dist.run(dir, env, launcher(installed(), "validate", suite().toString()));
        assertThat(valid.code()).as(valid.output()).isZero();
        assertThat(archives(cds)).hasSize(1);
        Dist.Result invalid = Dist.run(dir, env, launcher(installed(), "validate", dir.resolve("missing.yaml").toString()));
        assertThat(invalid.code()).as(invalid.output()).isEqualTo(2);
        assertThat(archives(cds)).hasSize(1);
    }

    @Test
    void sigterm_stops_the_run_that_writes_the_archive_with_exit_code_130_and_no_archive() throws Exception {
        Path cds = dir.resolve("cds");
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Process p = startAgainst(silent, cds);
            p.destroy();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the launcher stopped on SIGTERM").isTrue();
            assertThat(p.exitValue()).as("interrupted (Ctrl-C or SIGTERM)").isEqualTo(130);
        }
        assertThat(archives(cds)).as("neither an archive nor a partial one").isEmpty();
        assertThat(dir.resolve("reports/results.json")).content().contains("\"complete\": false");
    }

    @Test
    void sigint_stops_the_run_that_writes_the_archive_with_exit_code_130() throws Exception {
        String ignored = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .findFirst().map(l -> l.substring(7).strip()).orElse("0");
        assumeThat(Long.parseLong(ignored, 16) & 2).as("SIGINT is not ignored by this JVM, nor by its children").isZero();
        Path cds = dir.resolve("cds");
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Process p = startAgainst(silent, cds);
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertThat(kill.waitFor()).isZero();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the launcher stopped on SIGINT").isTrue();
            assertThat(p.exitValue()).isEqualTo(130);
        }
        assertThat(archives(cds)).isEmpty();
        assertThat(dir.resolve("reports/results.json")).content().contains("\"complete\": false");
    }

    /** The launcher running the suite against an agent that never answers, once it says the run began. */
    private Process startAgainst(ServerSocket silent, Path cds) throws IOException {
        List<String> command = launcher(installed(), "run", suite().toString(), "--agent-url",
                "http://127.0.0.1:" + silent.getLocalPort() + "/", "--report-dir", dir.resolve("reports").toString());
        ProcessBuilder builder = Dist.builder(dir, command).redirectErrorStream(true);
        builder.environment().put("AGENT_EVAL_CDS_DIR", cds.toString());
        Process p = builder.start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            seen.append(line).append('\n');
            if (line.startsWith("Running suite")) {
                // Keep reading what follows, so that the process never blocks on a full pipe.
                Thread drain = new Thread(() -> {
                    try {
                        lines.transferTo(Writer.nullWriter());
                    } catch (IOException e) {
                        // the process ended
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return p;
            }
        }
        throw new AssertionError("the run never began: " + seen);
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }
}
