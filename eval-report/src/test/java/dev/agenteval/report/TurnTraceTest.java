package dev.agenteval.report;

import static dev.agenteval.api.Scorers.toolsInOrder;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.results.ResultsFile;
import dev.agenteval.spi.TurnHook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn's trace (the W3C trace id sent with it, where its tool calls came from, and its trace link)
 * in results.json, read back, and linked from the markdown and html reports.
 */
class TurnTraceTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String LINK = "http://jaeger:16686/trace/" + TRACE;

    /** What eval-otel's hooks give a turn: its trace id and link, and the tool calls of its trace. */
    private static final TurnHook TRACED = new TurnHook() {
        @Override
        public AgentResponse afterTurn(TurnInfo turn, AgentResponse response) {
            return response.toBuilder().traceId(TRACE).traceUrl(LINK)
                    .toolCall(new ToolCall("get_weather", Map.of("city", "Paris"), null)).toolCallsSource("trace").build();
        }
    };

    private static SuiteResult run(TurnHook... hooks) {
        Suite suite = Suite.named("s").add(Case.id("weather").turn("Paris?", toolsInOrder("get_weather"))).build();
        return EvalRunner.builder().environment(name -> null).turnHook(hooks)
                .agent(InProcessAgent.of((conversation, message) -> AgentResponse.ofText("sunny"))).build().run(suite);
    }

    @Test
    void should_write_the_trace_id_and_tool_call_source_and_read_them_back(@TempDir Path dir) throws Exception {
        SuiteResult result = run(TRACED);
        Path file = dir.resolve("results.json");
        Files.writeString(file, Reports.render("json", result));

        JsonNode turn = new ObjectMapper().readTree(file.toFile()).at("/cases/0/turns/0");
        TurnResult read = ResultsFile.read(file).cases().get(0).turns().get(0);

        assertThat(turn.path("traceId").asText()).isEqualTo(TRACE);
        assertThat(turn.path("toolCallsSource").asText()).isEqualTo("trace");
        assertThat(read.traceId()).isEqualTo(TRACE);
        assertThat(read.toolCallsSource()).isEqualTo("trace");
        assertThat(read).usingRecursiveComparison().ignoringFields("duration")
                .isEqualTo(result.cases().get(0).turns().get(0));
    }

    @Test
    void should_leave_them_out_without_trace_context(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.json");
        Files.writeString(file, Reports.render("json", run()));

        JsonNode turn = new ObjectMapper().readTree(file.toFile()).at("/cases/0/turns/0");
        TurnResult read = ResultsFile.read(file).cases().get(0).turns().get(0);

        assertThat(turn.has("traceId")).isFalse();
        assertThat(turn.has("toolCallsSource")).isFalse();
        assertThat(read.traceId()).isNull();
        assertThat(read.toolCallsSource()).isNull();
    }

    @Test
    void should_link_each_turn_to_its_trace_in_the_markdown_and_html_reports() {
        SuiteResult result = run(TRACED);

        assertThat(Reports.render("md", result)).contains("Trace: <" + LINK + ">");
        assertThat(Reports.render("html", result)).contains("<a href=\"" + LINK + "\"");
    }
}
