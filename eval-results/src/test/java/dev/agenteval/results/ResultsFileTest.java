package dev.agenteval.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFileTest {

    @TempDir
    Path dir;

    @Test
    void should_name_the_results_file_of_a_report_folder_and_keep_a_file_as_it_is() throws Exception {
        Path file = Files.writeString(dir.resolve("shard-1.json"), "{}");

        assertThat(ResultsFile.jsonFile(dir)).isEqualTo(dir.resolve("results.json"));
        assertThat(ResultsFile.jsonFile(file)).isEqualTo(file);
        assertThat(ResultsFile.FILE_NAME).isEqualTo("results.json");
    }

    @Test
    void should_name_the_file_when_it_is_missing_or_not_json() throws Exception {
        Path missing = dir.resolve("results.json");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{ not json");

        assertThatThrownBy(() -> ResultsFile.read(missing))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(missing.toString());
        assertThatThrownBy(() -> ResultsFile.read(broken))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(broken.toString());
    }

    @Test
    void should_name_the_key_a_results_document_lacks() throws Exception {
        Path file = Files.writeString(dir.resolve("results.json"), "{\"suite\": \"s\"}");

        assertThatThrownBy(() -> ResultsFile.read(file))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("results.json");
    }
}
