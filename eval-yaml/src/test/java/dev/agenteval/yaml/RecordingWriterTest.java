package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.RecordedTurn;
import dev.agenteval.core.Recording;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
}
