package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault corpus's bad input (issue 8): a 20 MB file, alias bombs and includes that leave the
 * suite folder are refused with a message saying so, and refusing them costs a bounded amount of
 * memory, measured as the bytes the loading thread allocated (not as time). The invalid fixtures'
 * located errors are {@link InvalidSuitesTest}; the smaller safety cases are {@link SafetyTest}.
 */
class BadInputTest {

    private static final long MB = 1024 * 1024;
    private static final String CASE = """
              - id: case-%d
                turns:
                  - input: Hello number %d, please answer with something long enough to fill the file
                    scorers:
                      - type: contains
                        values: [answer]
            """;

    @TempDir
    Path dir;
    Path eval;

    @BeforeEach
    void setUp() throws IOException {
        eval = Files.createDirectories(dir.resolve("agent/eval"));
        Files.writeString(dir.resolve("agent/outside.yaml"), "cases:\n" + CASE.formatted(0, 0));
    }

    /** A syntactically valid platform suite of about {@code bytes} bytes. */
    private static Path bigSuite(Path file, long bytes) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("cases:\n");
            long written = 7;
            for (int i = 0; written < bytes; i++) {
                String c = CASE.formatted(i, i);
                out.write(c);
                written += c.length();
            }
        }
        return file;
    }

    private static List<String> problems(Supplier<Object> load) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, load::get);
        assertThat(e).as("loading must fail").isNotNull();
        return e.problems();
    }

    /**
     * Bytes allocated on this thread while {@code action} ran (HotSpot counts them exactly; GC does
     * not reset them). Reflective because the test is compiled into the module, which does not
     * read java.management; the tests run on the class path, where it is readable.
     */
    private static long allocatedBy(Runnable action) {
        try {
            Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Method allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
            long id = Thread.currentThread().getId();
            long before = (long) allocated.invoke(threads, id);
            action.run();
            return (long) allocated.invoke(threads, id) - before;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this test needs HotSpot's per-thread allocation counter", e);
        }
    }

    @Test
    void should_refuse_a_20_mb_suite_with_the_default_limit_without_reading_it() throws IOException {
        Path file = bigSuite(dir.resolve("big.yaml"), 20 * MB);
        long size = Files.size(file);
        assertThat(size).isGreaterThanOrEqualTo(20 * MB);
        List<List<String>> seen = new java.util.ArrayList<>();

        long allocated = allocatedBy(() -> seen.add(problems(() -> SuiteLoader.defaults().load(file))));

        assertThat(seen.get(0)).containsExactly(file + ": file is " + size + " bytes, over the limit of "
                + SuiteLoader.DEFAULT_MAX_FILE_SIZE + " bytes; it was not read");
        // Reading the file alone would allocate its 20 MB (twice, as bytes and as text).
        assertThat(allocated).as("bytes allocated refusing a 20 MB file").isLessThan(2 * MB);
    }

    @Test
    void should_refuse_a_20_mb_included_file_naming_the_include() throws IOException {
        Files.createDirectories(eval.resolve("cases"));
        Path big = bigSuite(eval.resolve("cases/big.yaml"), 20 * MB);
        Files.writeString(eval.resolve("eval.yaml"), "include: [cases/big.yaml]\n");

        long size = Files.size(big);
        long allocated = allocatedBy(() -> assertThat(problems(() -> SuiteLoader.defaults().load(eval)))
                .containsExactly(big + ": file is " + size + " bytes, over the limit of "
                        + SuiteLoader.DEFAULT_MAX_FILE_SIZE + " bytes; it was not read"));

        assertThat(allocated).as("bytes allocated refusing a 20 MB include").isLessThan(2 * MB);
    }

    @Test
    void should_refuse_a_20_mb_file_in_a_folder_run_and_name_it() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("suites"));
        Files.writeString(folder.resolve("small.yaml"), "cases:\n" + CASE.formatted(1, 1));
        Path big = bigSuite(folder.resolve("big.yaml"), 20 * MB);

        assertThat(problems(() -> SuiteLoader.defaults().loadAll(folder))).contains(big + ": file is "
                + Files.size(big) + " bytes, over the limit of " + SuiteLoader.DEFAULT_MAX_FILE_SIZE + " bytes; it was not read");
    }

    /** Nine levels of nine aliases: 9^9 (387 million) strings once expanded, under 1 KB on disk. */
    private static String billionLaughs(String rootKey) {
        StringBuilder yaml = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int i = 1; i <= 9; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                yaml.append(j == 0 ? "" : ",").append("*a").append(i - 1);
            }
            yaml.append("]\n");
        }
        return yaml.append(rootKey).append(": *a9\n").toString();
    }

    @Test
    void should_refuse_an_alias_bomb_in_either_dialect_with_bounded_memory() throws IOException {
        Path platform = Files.writeString(dir.resolve("platform-bomb.yaml"), billionLaughs("cases"));
        Path harness = Files.writeString(dir.resolve("harness-bomb.yaml"), billionLaughs("evals"));

        for (Path file : List.of(platform, harness)) {
            List<List<String>> seen = new java.util.ArrayList<>();
            long allocated = allocatedBy(() -> seen.add(problems(() -> SuiteLoader.defaults().load(file))));

            assertThat(seen.get(0)).as(file.toString()).containsExactly(file + ": aliases expand this file to more"
                    + " than 100000 values (an alias bomb?); the file was refused");
            // Expanded, the bomb would be 387 million strings (gigabytes); the refusal stops at the budget.
            assertThat(allocated).as("bytes allocated refusing %s", file).isLessThan(64 * MB);
        }
    }

    @Test
    void should_refuse_an_alias_bomb_in_an_included_file_naming_that_file() throws IOException {
        Files.createDirectories(eval.resolve("cases"));
        Path bomb = Files.writeString(eval.resolve("cases/bomb.yaml"), billionLaughs("cases"));
        Files.writeString(eval.resolve("eval.yaml"), "include: [cases/bomb.yaml]\n");

        long allocated = allocatedBy(() -> assertThat(problems(() -> SuiteLoader.defaults().load(eval)))
                .containsExactly(bomb + ": aliases expand this file to more than 100000 values (an alias bomb?);"
                        + " the file was refused"));

        assertThat(allocated).as("bytes allocated refusing an included bomb").isLessThan(64 * MB);
    }

    @Test
    void should_refuse_an_include_that_climbs_out_through_a_subfolder() throws IOException {
        Files.createDirectories(eval.resolve("cases"));
        Files.writeString(eval.resolve("eval.yaml"), "include:\n  - cases/../../outside.yaml\n");

        assertThat(problems(() -> SuiteLoader.defaults().load(eval))).containsExactly(eval.resolve("eval.yaml")
                + ":2:5: include[0]: include 'cases/../../outside.yaml' leaves the suite folder '" + eval + "'");
    }

    @Test
    void should_refuse_an_include_through_a_linked_folder_pointing_out_of_the_suite_folder() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("cases.yaml"), "cases:\n" + CASE.formatted(2, 2));
        Files.createSymbolicLink(eval.resolve("linked"), elsewhere.toAbsolutePath());
        Files.writeString(eval.resolve("eval.yaml"), "include: [linked/cases.yaml]\n");

        assertThat(problems(() -> SuiteLoader.defaults().load(eval))).containsExactly(eval.resolve("eval.yaml")
                + ":1:11: include[0]: include 'linked/cases.yaml' is a link to '"
                + elsewhere.resolve("cases.yaml").toRealPath() + "', outside the suite folder '" + eval + "'");
    }

    @Test
    void should_not_read_the_target_of_an_include_that_leaves_the_folder() throws IOException {
        // The escaping include points at a 20 MB file: refusing it must not read it.
        bigSuite(dir.resolve("agent/huge.yaml"), 20 * MB);
        Files.writeString(eval.resolve("eval.yaml"), "include: [../huge.yaml]\n");

        long allocated = allocatedBy(() -> assertThat(problems(() -> SuiteLoader.defaults().load(eval)))
                .containsExactly(eval.resolve("eval.yaml") + ":1:11: include[0]: include '../huge.yaml' leaves the"
                        + " suite folder '" + eval + "'"));

        assertThat(allocated).as("bytes allocated refusing the include").isLessThan(2 * MB);
    }
}
