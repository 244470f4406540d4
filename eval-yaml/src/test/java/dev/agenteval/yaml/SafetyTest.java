package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading untrusted files: includes stay in the suite folder, no objects, bounded aliases and sizes. */
class SafetyTest {

    private static final String CASE = """
            cases:
              - id: %s
                turns:
                  - input: Hi
                    scorers:
                      - type: correctness
                        criteria: Greets.
            """;

    @TempDir
    Path dir;
    Path eval;

    @BeforeEach
    void setUp() throws IOException {
        eval = Files.createDirectories(dir.resolve("agent/eval"));
        Files.writeString(dir.resolve("agent/outside.yaml"), CASE.formatted("outside"));
    }

    private List<String> problems(SuiteLoader loader, Path path) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> loader.load(path));
        assertThat(e).as("loading %s must fail", path).isNotNull();
        return e.problems();
    }

    @Test
    void should_fail_when_an_include_leaves_the_suite_folder_unless_allowed() throws IOException {
        Files.writeString(eval.resolve("eval.yaml"), "include: [../outside.yaml]\n");

        assertThat(problems(SuiteLoader.defaults(), eval)).containsExactly(eval.resolve("eval.yaml")
                + ":1:11: include[0]: include '../outside.yaml' leaves the suite folder '" + eval + "'");
        Suite suite = SuiteLoader.builder().allowIncludesOutsideFolder(true).build().load(eval);
        assertThat(suite.cases()).extracting(c -> c.id()).containsExactly("outside");
    }

    @Test
    void should_fail_when_an_include_is_an_absolute_path_unless_allowed() throws IOException {
        Path outside = dir.resolve("agent/outside.yaml").toAbsolutePath();
        Files.writeString(eval.resolve("eval.yaml"), "include:\n  - " + outside + "\n");

        assertThat(problems(SuiteLoader.defaults(), eval)).containsExactly(eval.resolve("eval.yaml")
                + ":2:5: include[0]: include '" + outside + "' is an absolute path: includes are relative to the suite"
                + " folder '" + eval + "'");
        assertThat(SuiteLoader.builder().allowIncludesOutsideFolder(true).build().load(eval).cases()).hasSize(1);
    }

    @Test
    void should_fail_when_an_include_is_a_link_pointing_out_of_the_suite_folder() throws IOException {
        Files.createDirectories(eval.resolve("cases"));
        Files.createSymbolicLink(eval.resolve("cases/linked.yaml"), dir.resolve("agent/outside.yaml").toAbsolutePath());
        Files.writeString(eval.resolve("eval.yaml"), "include: [cases/linked.yaml]\n");

        assertThat(problems(SuiteLoader.defaults(), eval)).containsExactly(eval.resolve("eval.yaml")
                + ":1:11: include[0]: include 'cases/linked.yaml' is a link to '"
                + dir.resolve("agent/outside.yaml").toRealPath() + "', outside the suite folder '" + eval + "'");
    }

    @Test
    void should_report_an_include_of_the_root_file_as_a_cycle() throws IOException {
        Files.writeString(eval.resolve("eval.yaml"), "include: [./eval.yaml]\n" + CASE.formatted("root"));

        assertThat(problems(SuiteLoader.defaults(), eval)).containsExactly(eval.resolve("eval.yaml")
                + ":1:11: include[0]: include cycle: eval.yaml -> ./eval.yaml");
    }

    @Test
    void should_report_a_file_included_twice() throws IOException {
        Files.createDirectories(eval.resolve("cases"));
        Files.writeString(eval.resolve("cases/a.yaml"), CASE.formatted("a"));
        Files.writeString(eval.resolve("eval.yaml"), "include:\n  - cases/a.yaml\n  - cases/../cases/a.yaml\n");

        assertThat(problems(SuiteLoader.defaults(), eval)).containsExactly(eval.resolve("eval.yaml")
                + ":3:5: include[1]: 'cases/../cases/a.yaml' is already included at " + eval.resolve("eval.yaml") + ":2:5");
    }

    @Test
    void should_refuse_a_billion_laughs_alias_bomb() throws IOException {
        StringBuilder yaml = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int i = 1; i <= 9; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                yaml.append(j == 0 ? "" : ",").append("*a").append(i - 1);
            }
            yaml.append("]\n");
        }
        yaml.append("cases: *a9\n");
        Path file = Files.writeString(dir.resolve("bomb.yaml"), yaml);

        assertThat(problems(SuiteLoader.defaults(), file)).containsExactly(file + ": aliases expand this file to more"
                + " than 100000 values (an alias bomb?); the file was refused");
    }

    @Test
    void should_refuse_a_file_with_more_than_a_hundred_aliases_to_collections() throws IOException {
        StringBuilder yaml = new StringBuilder("a0: &a0 [x]\n");
        for (int i = 1; i <= 12; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                yaml.append(j == 0 ? "" : ",").append("*a").append(i - 1);
            }
            yaml.append("]\n");
        }
        Path file = Files.writeString(dir.resolve("aliases.yaml"), yaml);

        assertThat(problems(SuiteLoader.defaults(), file)).containsExactly(file + ": too many aliases: more than 100"
                + " aliases to lists or mappings (an alias bomb?); the file was refused");
    }

    @Test
    void should_refuse_an_alias_bomb_that_stays_under_the_alias_count() throws IOException {
        // 2 aliases per level, 40 levels: few aliases, but 2^40 values once expanded.
        StringBuilder yaml = new StringBuilder("l0: &l0 [x, x]\n");
        for (int i = 1; i <= 40; i++) {
            yaml.append("l").append(i).append(": &l").append(i).append(" [*l").append(i - 1).append(", *l")
                    .append(i - 1).append("]\n");
        }
        yaml.append("cases: *l40\n");
        Path file = Files.writeString(dir.resolve("bomb.yaml"), yaml);

        assertThat(problems(SuiteLoader.defaults(), file)).containsExactly(file + ": aliases expand this file to more"
                + " than 100000 values (an alias bomb?); the file was refused");
    }

    @Test
    void should_refuse_a_recursive_alias() throws IOException {
        Path file = Files.writeString(dir.resolve("loop.yaml"), "cases: &loop [*loop]\n");

        assertThat(problems(SuiteLoader.defaults(), file)).containsExactly(
                file + ":1:8: recursive alias: a list or mapping contains itself");
    }

    @Test
    void should_refuse_a_file_over_the_size_limit_without_parsing_it() throws IOException {
        Path file = Files.writeString(dir.resolve("big.yaml"), "cases: [" + "x".repeat(200));

        assertThat(problems(SuiteLoader.builder().maxFileSize(100).build(), file)).containsExactly(
                file + ": file is 208 bytes, over the limit of 100 bytes; it was not read");
    }

    @Test
    void should_never_instantiate_a_type_named_by_a_yaml_tag() throws IOException {
        Path file = Files.writeString(dir.resolve("tag.yaml"),
                "cases: !!" + Canary.class.getName() + " {}\nevil: !<tag:yaml.org,2002:" + Canary.class.getName() + "> x\n");

        List<String> problems = problems(SuiteLoader.defaults(), file);

        assertThat(Canary.created).isFalse();
        assertThat(problems).contains(file + ":1:8: cases: YAML tag '!!" + Canary.class.getName() + "' is not allowed"
                + " here: only plain strings, numbers, booleans, lists and mappings");
    }

    @Test
    void should_read_a_byte_order_mark_and_refuse_invalid_utf8() throws IOException {
        Path bom = dir.resolve("bom.yaml");
        Files.write(bom, ("\uFEFF" + CASE.formatted("bom")).getBytes(StandardCharsets.UTF_8));
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, CASE.formatted("caf\u00e9").getBytes(StandardCharsets.ISO_8859_1));

        assertThat(SuiteLoader.defaults().load(bom).cases().get(0).id()).isEqualTo("bom");
        assertThat(problems(SuiteLoader.defaults(), latin1)).containsExactly(latin1 + ":2:12: is not valid UTF-8:"
                + " byte 0xE9 cannot be decoded (save the file as UTF-8)");
    }

    @Test
    void should_support_anchors_aliases_and_merge_keys_with_explicit_keys_winning() throws IOException {
        Path file = Files.writeString(dir.resolve("merge.yaml"), """
                cases:
                  - id: a
                    turns:
                      - &scored
                        input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                  - id: b
                    turns:
                      - <<: *scored
                        input: Hello
                """);

        Suite suite = SuiteLoader.defaults().load(file);

        assertThat(suite.cases().get(1).turns().get(0).input().text()).isEqualTo("Hello");
        assertThat(suite.cases().get(1).turns().get(0).scorers()).isEqualTo(suite.cases().get(0).turns().get(0).scorers());
    }

    /** Must never be instantiated by loading a suite. */
    public static final class Canary {
        static volatile boolean created;

        public Canary() {
            created = true;
        }
    }
}
