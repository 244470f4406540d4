package dev.agenteval.report;

import dev.agenteval.results.ResultsFile;
import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ids an agent reports for a turn (its agent, context and task) in results.json, and read back. */
class TurnIdsTest {

    private static SuiteResult run(boolean reportIds) {
        Suite suite = Suite.named("s").add(Case.id("ids").turn("x", contains("ok"))).build();
        return EvalRunner.builder().environment(name -> null).agent(InProcessAgent.of((conversation, message) ->
                reportIds
                        ? AgentResponse.builder().text("ok").agentId("agent-7").contextId("ctx-1").taskId("task-9")
                                .traceUrl("http://127.0.0.1/trace/1").build()
                        : AgentResponse.builder().text("ok").build())).build().run(suite);
    }

    @Test
    void should_write_the_reported_agent_context_and_task_ids_beside_the_trace_url_and_read_them_back(@TempDir Path dir)
            throws Exception {
        SuiteResult result = run(true);
        Path file = dir.resolve("results.json");
        Files.writeString(file, Reports.render("json", result));

        JsonNode turn = new ObjectMapper().readTree(file.toFile()).at("/cases/0/turns/0");
        TurnResult read = ResultsFile.read(file).cases().get(0).turns().get(0);

        assertThat(turn.path("agentId").asText()).isEqualTo("agent-7");
        assertThat(turn.path("contextId").asText()).isEqualTo("ctx-1");
        assertThat(turn.path("taskId").asText()).isEqualTo("task-9");
        assertThat(turn.path("traceUrl").asText()).isEqualTo("http://127.0.0.1/trace/1");
        assertThat(read.agentId()).isEqualTo("agent-7");
        assertThat(read.contextId()).isEqualTo("ctx-1");
        assertThat(read.taskId()).isEqualTo("task-9");
        assertThat(read).usingRecursiveComparison().ignoringFields("duration")
                .isEqualTo(result.cases().get(0).turns().get(0));
    }

    @Test
    void should_leave_the_ids_out_when_the_agent_reported_none() throws Exception {
        JsonNode turn = new ObjectMapper().readTree(Reports.render("json", run(false))).at("/cases/0/turns/0");

        assertThat(turn.has("agentId")).isFalse();
        assertThat(turn.has("taskId")).isFalse();
        assertThat(turn.has("traceUrl")).isFalse();
    }
}
