package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.report.Reports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFolderLockTest {

    @TempDir
    Path dir;

    @Test
    void should_create_the_folder_and_record_its_holder_until_closed() throws IOException {
        Path folder = dir.resolve("a/b");

        try (Reports.FolderLock lock = Reports.lockFolder(folder, "agent-eval run evals/")) {
            assertThat(lock.folder()).isEqualTo(folder.toAbsolutePath());
            assertThat(Files.readString(folder.resolve(Reports.LOCK_FILE)))
                    .contains("pid " + ProcessHandle.current().pid()).contains("agent-eval run evals/");
        }

        assertThat(folder.resolve(Reports.LOCK_FILE)).isEmptyFile();
    }

    @Test
    void should_refuse_a_second_holder_naming_the_folder_and_the_first_until_it_is_released() {
        Reports.FolderLock first = Reports.lockFolder(dir, "agent-eval run first.yaml");

        assertThatThrownBy(() -> Reports.lockFolder(dir, "agent-eval run second.yaml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("report folder '" + dir + "' is in use by another run")
                .hasMessageContaining("agent-eval run first.yaml")
                .hasMessageContaining("pid " + ProcessHandle.current().pid());

        first.close();
        first.close();
        Reports.lockFolder(dir, "agent-eval run second.yaml").close();
    }

    @Test
    void should_release_the_lock_when_closed_by_an_interrupted_thread() {
        Reports.FolderLock lock = Reports.lockFolder(dir, "interrupted run");
        Thread.currentThread().interrupt();
        try {
            lock.close();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }

        Reports.lockFolder(dir, "next run").close();
    }

    @Test
    void should_refuse_a_folder_that_cannot_be_created_naming_it() throws IOException {
        Path file = Files.writeString(dir.resolve("somefile"), "x");

        assertThatThrownBy(() -> Reports.lockFolder(file.resolve("reports"), "run"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("report folder '" + file.resolve("reports") + "' cannot be created")
                .hasMessageContaining("'" + file + "' is a file, not a folder");
    }
}
