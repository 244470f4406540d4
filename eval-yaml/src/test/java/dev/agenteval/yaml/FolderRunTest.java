package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folder runs load every suite file recursively, skipping {@code _local.yaml} variants, {@code _}
 * fragments, agent files and included files; a folder holding eval.yaml is one platform suite.
 */
class FolderRunTest {

    @Test
    void should_load_every_suite_and_skip_local_variants_fragments_agent_files_and_includes() {
        List<Suite> suites = TestScorers.loader().loadAll(Fixtures.path("folder-run"));

        assertThat(suites).extracting(Suite::name).containsExactly("hello", "deeper", "support-agent");
        assertThat(suites.get(2).cases()).extracting(Case::id).containsExactly("greeting", "extra");
    }

    @Test
    void should_skip_a_file_another_suite_includes_from_outside_its_folder_when_allowed(@TempDir Path dir)
            throws IOException {
        String oneCase = """
                cases:
                  - id: %s
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                """;
        Files.createDirectories(dir.resolve("agent/eval"));
        Files.writeString(dir.resolve("agent/eval/eval.yaml"), "include: [../../shared.yaml]\n");
        Files.writeString(dir.resolve("shared.yaml"), oneCase.formatted("shared"));
        Files.writeString(dir.resolve("other.yaml"), oneCase.formatted("other"));

        List<Suite> suites = SuiteLoader.builder().allowIncludesOutsideFolder(true).build().loadAll(dir);

        assertThat(suites).extracting(Suite::name).containsExactly("agent", "other");
        assertThat(suites.get(0).cases()).extracting(Case::id).containsExactly("shared");
    }

    @Test
    void should_report_the_problems_of_every_file_of_a_folder_together(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "evals: []\n");
        Files.writeString(dir.resolve("b.yaml"), "evalz: []\n");

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().loadAll(dir));

        assertThat(e.problems()).containsExactly(
                dir.resolve("a.yaml") + ":1:8: evals: must list at least one eval",
                dir.resolve("b.yaml") + ":1:1: evalz: unknown key 'evalz' — did you mean 'evals'?");
    }

    @Test
    void should_return_no_suite_for_a_folder_without_suite_files(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("_defaults.yaml"), "globals: {concurrency: 2}\n");

        assertThat(SuiteLoader.defaults().loadAll(dir)).isEmpty();
    }
}
