package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built distribution, used as a user would, from a folder outside the repository: the runnable
 * jar ({@code java -jar agent-eval.jar}) and the zip's {@code bin/agent-eval}, each printing its
 * version and running a suite against the demo agent, itself started with
 * {@code java -jar agent-eval.jar demo-agent --port 0} and stopped with SIGTERM.
 */
class DistributionIT {

    @TempDir
    static Path dir;

    private static Dist.DemoAgentProcess agent;

    @BeforeAll
    static void startTheDemoAgent() throws IOException {
        assertThat(dir.toAbsolutePath().normalize().startsWith(Dist.repository()))
                .as("the tests' folder " + dir + " is inside the repository " + Dist.repository()).isFalse();
        Files.writeString(dir.resolve("suite.yaml"), Dist.SUITE);
        agent = new Dist.DemoAgentProcess(dir);
    }

    @AfterAll
    static void stopTheDemoAgent() throws IOException {
        agent.close();
        assertThat(Files.readString(agent.log)).as("the demo agent stops cleanly on SIGTERM").contains("Demo agent stopped.");
    }

    @Test
    void the_runnable_jar_prints_the_project_version() throws Exception {
        Dist.Result result = Dist.run(dir, Dist.jar("--version"));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(result.output().strip()).isEqualTo("agent-eval " + Dist.version());
    }

    @Test
    void the_runnable_jar_runs_a_suite_against_the_demo_agent() throws Exception {
        Path work = Files.createDirectory(dir.resolve("jar-run"));
        Files.copy(dir.resolve("suite.yaml"), work.resolve("suite.yaml"));

        Dist.Result result = Dist.run(work, Dist.jar("run", "suite.yaml", "--agent-url", agent.url, "--report-dir", "reports"));

        assertThat(result.code()).as(result.output()).isZero();
        assertThat(work.resolve("reports/results.json")).content().contains("\"greeting\"", "\"booking\"");
        assertThat(work.resolve("reports/report.html")).isRegularFile();
    }

    @Test
    void the_runnable_jar_keeps_every_service_provider_and_no_module_descriptor() throws IOException {
        Map<String, List<String>> expected = new TreeMap<>();
        try (Stream<Path> libs = Files.list(Dist.target().resolve("agent-eval/lib"))) {
            for (Path lib : libs.toList()) {
                try (JarFile jar = new JarFile(lib.toFile())) {
                    for (JarEntryName e : services(jar)) {
                        expected.computeIfAbsent(e.name, k -> new ArrayList<>()).addAll(e.providers);
                    }
                }
            }
        }
        assertThat(expected).containsKeys("META-INF/services/dev.agenteval.spi.AgentClientProvider",
                "META-INF/services/dev.agenteval.spi.ScorerFactory", "META-INF/services/dev.agenteval.spi.ReportFormat");

        try (JarFile shaded = new JarFile(Dist.target().resolve("agent-eval.jar").toFile())) {
            Map<String, List<String>> merged = new TreeMap<>();
            for (JarEntryName e : services(shaded)) {
                merged.put(e.name, e.providers);
            }
            expected.forEach((file, providers) ->
                    assertThat(merged.get(file)).as(file).containsExactlyInAnyOrderElementsOf(providers));
            assertThat(shaded.getEntry("module-info.class")).isNull();
            assertThat(Collections.list(shaded.entries())).map(ZipEntry::getName)
                    .noneMatch(n -> n.endsWith("module-info.class"))
                    .noneMatch(n -> n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
            assertThat(shaded.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo("dev.agenteval.cli.AgentEvalCli");
        }
    }

    @Test
    void the_zip_unpacked_runs_bin_agent_eval() throws Exception {
        Path unpacked = Files.createDirectory(dir.resolve("zip"));
        unzip(Dist.target().resolve(Dist.property("agent-eval.dist.name") + ".zip"), unpacked);
        Path home = unpacked.resolve(Dist.property("agent-eval.dist.name"));
        Path launcher = home.resolve("bin/agent-eval");
        assertThat(launcher).isExecutable();
        assertThat(home.resolve("bin/agent-eval.bat")).content(StandardCharsets.UTF_8)
                .contains("\r\n", "dev.agenteval.cli.AgentEvalCli", "\\lib\\*");
        assertThat(home.resolve("lib")).isDirectoryContaining("glob:**/eval-cli-" + Dist.version() + ".jar");
        assertThat(home.resolve("LICENSE")).isRegularFile();

        Dist.Result version = Dist.run(dir, List.of(launcher.toString(), "--version"));
        assertThat(version.code()).as(version.output()).isZero();
        assertThat(version.output().strip()).isEqualTo("agent-eval " + Dist.version());

        Path work = Files.createDirectory(dir.resolve("zip-run"));
        Files.copy(dir.resolve("suite.yaml"), work.resolve("suite.yaml"));
        Dist.Result run = Dist.run(work, List.of(launcher.toString(), "run", "suite.yaml", "--agent-url", agent.url,
                "--report-dir", "reports"));
        assertThat(run.code()).as(run.output()).isZero();
        assertThat(work.resolve("reports/results.json")).isRegularFile();
    }

    @Test
    void the_tar_gz_holds_the_same_files_with_the_same_modes_as_the_zip() throws IOException {
        String name = Dist.property("agent-eval.dist.name");

        Map<String, Integer> zip = zipModes(Dist.target().resolve(name + ".zip"));
        Map<String, Integer> tar = tarModes(Dist.target().resolve(name + ".tar.gz"));

        assertThat(zip).containsEntry(name + "/bin/agent-eval", 0755).containsEntry(name + "/bin/agent-eval.bat", 0644);
        assertThat(tar).isEqualTo(zip);
    }

    // ---------------------------------------------------------------- archives, read with the JDK only

    private record JarEntryName(String name, List<String> providers) {
    }

    private static List<JarEntryName> services(JarFile jar) throws IOException {
        List<JarEntryName> found = new ArrayList<>();
        for (ZipEntry e : Collections.list(jar.entries())) {
            if (e.getName().startsWith("META-INF/services/") && !e.isDirectory()) {
                try (InputStream in = jar.getInputStream(e)) {
                    List<String> providers = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                            .map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty()).toList();
                    found.add(new JarEntryName(e.getName(), providers));
                }
            }
        }
        return found;
    }

    /** Unpacks {@code zip} into {@code into} with the Unix modes the zip records, as {@code unzip} does. */
    private static void unzip(Path zip, Path into) throws IOException {
        Map<String, Integer> modes = zipModes(zip);
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry e : Collections.list(file.entries())) {
                Path to = into.resolve(e.getName()).normalize();
                assertThat(to.startsWith(into)).as(e.getName() + " stays inside the folder").isTrue();
                if (e.isDirectory()) {
                    Files.createDirectories(to);
                    continue;
                }
                Files.createDirectories(to.getParent());
                try (InputStream in = file.getInputStream(e)) {
                    Files.copy(in, to);
                }
                Files.setPosixFilePermissions(to, PosixFilePermissions.fromString(permissions(modes.get(e.getName()))));
            }
        }
    }

    private static String permissions(int mode) {
        StringBuilder s = new StringBuilder();
        String rwx = "rwx";
        for (int bit = 8; bit >= 0; bit--) {
            s.append((mode & (1 << bit)) != 0 ? rwx.charAt(2 - bit % 3) : '-');
        }
        return s.toString();
    }

    /** File name to Unix mode, from the zip's central directory (external attributes, high 16 bits). */
    private static Map<String, Integer> zipModes(Path zip) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(zip)).order(ByteOrder.LITTLE_ENDIAN);
        int end = b.limit() - 22;
        while (b.getInt(end) != 0x06054b50) {
            end--;
        }
        int entries = Short.toUnsignedInt(b.getShort(end + 10));
        int at = b.getInt(end + 16);
        Map<String, Integer> modes = new TreeMap<>();
        for (int i = 0; i < entries; i++) {
            assertThat(b.getInt(at)).isEqualTo(0x02014b50);
            int nameLength = Short.toUnsignedInt(b.getShort(at + 28));
            int extraLength = Short.toUnsignedInt(b.getShort(at + 30));
            int commentLength = Short.toUnsignedInt(b.getShort(at + 32));
            int mode = (b.getInt(at + 38) >>> 16) & 0777;
            String name = new String(b.array(), at + 46, nameLength, StandardCharsets.UTF_8);
            if (!name.endsWith("/")) {
                modes.put(name, mode);
            }
            at += 46 + nameLength + extraLength + commentLength;
        }
        return modes;
    }

    /** File name to Unix mode, from the ustar headers of a gzipped tar (regular files only). */
    private static Map<String, Integer> tarModes(Path tarGz) throws IOException {
        Map<String, Integer> modes = new TreeMap<>();
        try (InputStream in = new BufferedInputStream(new GZIPInputStream(Files.newInputStream(tarGz)))) {
            byte[] header = new byte[512];
            String longName = null;
            while (in.readNBytes(header, 0, 512) == 512 && header[0] != 0) {
                String name = field(header, 0, 100);
                String prefix = field(header, 345, 155);
                long size = Long.parseLong(field(header, 124, 12).strip(), 8);
                char type = (char) header[156];
                byte[] body = in.readNBytes((int) size);
                in.skipNBytes((512 - size % 512) % 512);
                if (type == 'x') {
                    longName = new String(body, StandardCharsets.UTF_8).lines().filter(l -> l.matches("\\d+ path=.*"))
                            .map(l -> l.substring(l.indexOf("path=") + 5)).findFirst().orElse(null);
                    continue;
                }
                String full = longName != null ? longName : prefix.isEmpty() ? name : prefix + "/" + name;
                longName = null;
                if (type == '0' || type == 0) {
                    modes.put(full, Integer.parseInt(field(header, 100, 8).strip(), 8) & 0777);
                }
            }
        }
        return modes;
    }

    private static String field(byte[] header, int offset, int length) {
        int end = offset;
        while (end < offset + length && header[end] != 0) {
            end++;
        }
        return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
    }
}
