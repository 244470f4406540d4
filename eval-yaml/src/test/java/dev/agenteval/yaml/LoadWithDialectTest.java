package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One read of a suite file gives the suite and its dialect, as load and dialect give them apart. */
class LoadWithDialectTest {

    @TempDir
    Path dir;

    @Test
    void should_tell_the_dialect_of_the_file_it_loads() throws Exception {
        Path harness = Files.writeString(dir.resolve("h.yaml"),
                "evals:\n  - name: a\n    message: {message: {role: user, parts: [{kind: text, text: hi}]}}\n");
        Path platform = Files.writeString(dir.resolve("p.yaml"), "cases:\n  - id: a\n    turns:\n      - input: hi\n        scorers: [{type: contains, values: [hi]}]\n");
        Files.createDirectories(dir.resolve("project/eval"));
        Files.writeString(dir.resolve("project/eval/eval.yaml"), "cases:\n  - id: b\n    turns:\n      - input: hi\n        scorers: [{type: contains, values: [hi]}]\n");
        SuiteLoader loader = SuiteLoader.defaults();

        for (Path p : new Path[] {harness, platform, dir.resolve("project"), dir.resolve("project/eval")}) {
            SuiteLoader.LoadedSuite loaded = loader.loadWithDialect(p);
            assertThat(loaded.dialect()).as(p.toString()).isEqualTo(loader.dialect(p));
            assertThat(loaded.suite().cases()).as(p.toString()).extracting(c -> c.id())
                    .containsExactlyElementsOf(loader.load(p).cases().stream().map(c -> c.id()).toList());
        }
        assertThat(loader.loadWithDialect(harness).dialect()).isEqualTo(SuiteDialect.HARNESS);
        assertThat(loader.loadWithDialect(platform).dialect()).isEqualTo(SuiteDialect.PLATFORM);
    }
}
