package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer on its own: a recording made in Java (no agent, no {@link CaseRecorder}) written as YAML. */
class RecordingWriterTest {

    private static RecordedTurn turn(String input, String answer, String... tools) {
        AgentResponse.Builder response = AgentResponse.builder().text(answer);
        for (String tool : tools) {
            response.toolCall(ToolCall.of(tool, Map.of()));
        }
        return new RecordedTurn(input, response.build(), Duration.ofMillis(5));
    }

    @Test
    void should_write_a_case_at_the_indentation_of_the_list_it_joins() {
        Recording recording = new Recording("greet-then-order", List.of(
                turn("Hi", "   "), turn("Find order 42", "x".repeat(250), "find_order")));

        assertThat(RecordingWriter.toYaml(recording, 4)).isEqualTo("""
                    - id: "greet-then-order"
                      # Recorded from the agent's answers: the tools it called, in order. Add a rubric.
                      turns:
                        - input: "Hi"
                          # The agent answered: (no text)
                        - input: "Find order 42"
                          # The agent answered: "%s…"
                          scorers:
                            - type: tools_in_order
                              expected: ["find_order"]
                            # TODO: what a good answer does, in plain words, for the judge:
                            # - type: rubric
                            #   rubric: "..."
                            # or: - type: correctness
                            #       criteria: "..."
                """.formatted("x".repeat(200)));
        assertThatThrownBy(() -> RecordingWriter.toYaml(recording, -1)).hasMessage("dashColumn must be >= 0 but was -1");
    }

    @Test
    void should_save_a_recording_made_without_an_agent(@TempDir Path dir) {
        Path file = dir.resolve("eval/eval.yaml");
        Recording recording = new Recording("lookup", List.of(turn("Find order 42", "Found it.", "find_order", "log")));

        assertThat(RecordingWriter.defaults().save(recording, file)).isEqualTo(file);

        assertThat(SuiteLoader.defaults().load(file).find("lookup").orElseThrow().turns().get(0).scorers())
                .extracting(ScorerSpec::params).containsExactly(Map.of("expected", List.of("find_order", "log")));
    }

    private static final Recording LOOKUP = new Recording("lookup", List.of(turn("Find order 42", "Found it.", "find_order")));

    private static final String EXISTING = "cases:\n  - id: hello\n    turns:\n      - input: Hi\n"
            + "        scorers:\n          - type: regex\n            pattern: \"\\\\S\"\n";

    private static void assumePosix(Path dir) throws java.io.IOException {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class), "POSIX permissions");
    }

    @Test
    void should_keep_the_permissions_of_the_file_it_replaces(@TempDir Path dir) throws Exception {
        assumePosix(dir);
        Path file = Files.writeString(dir.resolve("eval.yaml"), EXISTING);
        Set<PosixFilePermission> shared = PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(file, shared);

        RecordingWriter.defaults().save(LOOKUP, file);

        assertThat(Files.readString(file)).contains("id: \"lookup\"");
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(shared);
    }

    @Test
    void should_create_a_new_file_with_the_permissions_any_new_file_gets(@TempDir Path dir) throws Exception {
        assumePosix(dir);
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain.txt")));

        RecordingWriter.defaults().save(LOOKUP, dir.resolve("eval.yaml"));

        assertThat(Files.getPosixFilePermissions(dir.resolve("eval.yaml"))).as("as Files.createFile makes it (the umask)")
                .isEqualTo(usual);
    }

    @Test
    void should_refuse_a_symbolic_link_unless_told_to_follow_it_then_write_through_it(@TempDir Path dir) throws Exception {
        Path real = Files.writeString(Files.createDirectories(dir.resolve("shared")).resolve("suite.yaml"), EXISTING);
        Path link;
        try {
            link = Files.createSymbolicLink(dir.resolve("eval.yaml"), Path.of("shared", "suite.yaml"));
        } catch (UnsupportedOperationException | java.io.IOException e) {
            assumeTrue(false, "symbolic links: " + e);
            return;
        }

        assertThatThrownBy(() -> RecordingWriter.defaults().save(LOOKUP, link)).isInstanceOf(ConfigurationException.class)
                .hasMessage(link + " is a symbolic link to " + Path.of("shared", "suite.yaml")
                        + "; use --follow-links to write through it");
        assertThat(Files.readString(real)).isEqualTo(EXISTING);

        RecordingWriter.defaults().withFollowLinks(true).save(LOOKUP, link);

        assertThat(Files.isSymbolicLink(link)).as("the link is kept").isTrue();
        assertThat(Files.readString(real)).startsWith(EXISTING).contains("id: \"lookup\"");
        assertThat(SuiteLoader.defaults().load(link).find("lookup")).isPresent();
        try (var files = Files.list(dir.resolve("shared"))) {
            assertThat(files).as("no temporary file left").containsExactly(real);
        }
    }

    @Test
    void should_refuse_a_read_only_file_and_leave_it_as_it_was(@TempDir Path dir) throws Exception {
        assumePosix(dir);
        Path file = Files.writeString(dir.resolve("eval.yaml"), EXISTING);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        assumeTrue(!Files.isWritable(file), "not running as root (root writes read-only files)");

        assertThatThrownBy(() -> RecordingWriter.defaults().save(LOOKUP, file)).isInstanceOf(ConfigurationException.class)
                .hasMessage(file + ": is read-only: nothing was written (make it writable to record into it)");
        assertThat(Files.readString(file)).isEqualTo(EXISTING);
    }

    @Test
    void should_write_a_feature_input_as_the_mapping_it_sent_and_other_parts_as_their_text(@TempDir Path dir) {
        Map<String, Object> filters = new java.util.LinkedHashMap<>();
        filters.put("status", List.of("running", Map.of("code", 3)));
        filters.put("since", null);
        filters.put("none", Map.of());
        Map<String, Object> feature = new java.util.LinkedHashMap<>();
        feature.put("asset", "P-101");
        feature.put("depth", 2L);
        feature.put("filters", filters);
        feature.put("note", "say \"hi\"\nthen: {x} # y");
        Part.Data data = (Part.Data) Part.data(feature);
        AgentResponse ok = AgentResponse.builder().text("ok").build();
        Recording recording = new Recording("feature", List.of(
                new RecordedTurn("(its text)", ok, Duration.ZERO, List.of(data)),
                new RecordedTurn("[1,2]", ok, Duration.ZERO, List.of(Part.data(List.of(1L, 2L))))));

        assertThat(RecordingWriter.toYaml(recording, 0)).startsWith("""
                - id: "feature"
                  # Recorded from the agent's answers: the tools it called, in order. Add a rubric.
                  turns:
                    - input:
                        "asset": "P-101"
                        "depth": 2
                        "filters":
                          "status":
                            - "running"
                            -
                              "code": 3
                          "since": null
                          "none": {}
                        "note": "say \\"hi\\"\\nthen: {x} # y"
                      # The agent answered: "ok"
                    - input: "[1,2]"
                      # Sent as 1 data part, which a platform-dialect input cannot hold (only text or one mapping): written as its text.
                """);
        Path file = dir.resolve("eval.yaml");
        RecordingWriter.defaults().save(recording, file);
        assertThat(SuiteLoader.defaults().load(file).find("feature").orElseThrow().turns().get(0).input())
                .isEqualTo(dev.agenteval.api.Message.user(data));
    }
}
