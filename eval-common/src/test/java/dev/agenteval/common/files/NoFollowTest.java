package dev.agenteval.common.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoFollowTest {

    @TempDir
    Path dir;

    @Test
    void should_refuse_a_symbolic_link_naming_it_and_leave_its_target_untouched() throws Exception {
        Path target = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("journal.jsonl"), target);

        assertThatThrownBy(() -> NoFollow.open(link, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING))
                .isInstanceOf(FileSystemException.class)
                .hasMessage(link + ": " + NoFollow.LINK_REASON);
        assertThatThrownBy(() -> NoFollow.refuseLink(link)).hasMessageContaining("symbolic link");
        assertThat(NoFollow.problem(link, false)).contains(link + " is " + NoFollow.LINK_REASON);
        assertThat(Files.readString(target)).isEqualTo("keep me");
    }

    @Test
    void should_open_a_file_that_is_not_a_link_through_a_linked_folder() throws Exception {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path linked = Files.createSymbolicLink(dir.resolve("linked"), real);
        try (FileChannel out = NoFollow.open(linked.resolve("a.txt"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            out.write(ByteBuffer.wrap("x".getBytes(StandardCharsets.UTF_8)));
        }
        assertThat(Files.readString(real.resolve("a.txt"))).isEqualTo("x");
        assertThat(NoFollow.problem(linked.resolve("a.txt"), true)).isEmpty();
    }

    @Test
    void should_say_permission_denied_for_a_file_it_may_not_write() throws Exception {
        Path file = Files.writeString(dir.resolve("read-only.jsonl"), "x");
        assertThat(file.toFile().setWritable(false)).isTrue();
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(file), "root writes any file");

        assertThat(NoFollow.problem(file, true)).contains(file + ": permission denied (the file is not writable)");
        assertThat(NoFollow.problem(file, false)).as("replaced by a rename: the folder decides").isEmpty();
        assertThatThrownBy(() -> NoFollow.open(file, StandardOpenOption.WRITE))
                .isInstanceOfSatisfying(AccessDeniedException.class,
                        e -> assertThat(NoFollow.reason(e)).isEqualTo("permission denied"));
    }
}
