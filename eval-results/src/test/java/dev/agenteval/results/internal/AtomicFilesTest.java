package dev.agenteval.results.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void should_create_parent_folders_and_write_utf8() throws IOException {
        Path target = dir.resolve("a/b/results.json");

        AtomicFiles.writeString(target, "Grüße 👋");

        assertThat(Files.readAllBytes(target)).isEqualTo("Grüße 👋".getBytes(StandardCharsets.UTF_8));
        assertThat(listing(target.getParent())).containsExactly("results.json");
    }

    @Test
    void should_refuse_a_symbolic_link_naming_it_and_leave_link_and_target_as_they_were() throws IOException {
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("results.json"), precious);

        assertThatThrownBy(() -> AtomicFiles.writeString(link, "report"))
                .hasMessage(link.toAbsolutePath() + ": a symbolic link; agent-eval does not write through a link it did"
                        + " not create (remove the link or choose another path)");

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(precious).hasContent("keep me");
        assertThat(listing(dir)).containsExactlyInAnyOrder("precious.txt", "results.json");
    }

    @Test
    void should_replace_previous_content_entirely() throws IOException {
        Path target = dir.resolve("results.md");
        AtomicFiles.writeString(target, "a much longer previous report");

        AtomicFiles.writeString(target, "new");

        assertThat(target).hasContent("new");
        assertThat(listing(dir)).containsExactly("results.md");
    }

    @Test
    void should_keep_previous_file_and_remove_temp_file_when_writer_fails_midway() throws IOException {
        Path target = dir.resolve("results.json");
        AtomicFiles.writeString(target, "old report");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write("partial ".repeat(10_000));
            out.flush();
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");

        assertThat(target).hasContent("old report");
        assertThat(listing(dir)).containsExactly("results.json");
    }

    @Test
    void should_leave_no_file_when_first_write_fails_with_runtime_exception() throws IOException {
        Path target = dir.resolve("junit.xml");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write("<testsuite");
            throw new IllegalStateException("renderer bug");
        })).isInstanceOf(IllegalStateException.class).hasMessage("renderer bug");

        assertThat(target).doesNotExist();
        assertThat(listing(dir)).isEmpty();
    }

    @Test
    void should_remove_temp_file_when_target_cannot_be_replaced() throws IOException {
        Path target = dir.resolve("results.json");
        Files.createDirectories(target);
        Files.writeString(target.resolve("keep.txt"), "x");

        assertThatThrownBy(() -> AtomicFiles.writeString(target, "{}")).isInstanceOf(IOException.class);

        assertThat(listing(dir)).containsExactly("results.json");
        assertThat(target.resolve("keep.txt")).hasContent("x");
    }

    private static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
