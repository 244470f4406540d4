package dev.agenteval.report.internal;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.report.Reports;
import dev.agenteval.results.internal.JsonReportReader;
import dev.agenteval.spi.ToolGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Mocked calls and failed calls in results.json (written, read back, schema) and in the reports. */
class ToolMocksReportTest {

    /** Calls "book" (mocked per case), then "notify", whose real tool fails, and answers. */
    private static final InProcessAgent AGENT = InProcessAgent.of((conversation, message) -> {
        Object booked;
        try {
            booked = conversation.tool("book", Map.of("day", message.text()), () -> "really booked");
        } catch (ToolGate.ToolFailure e) {
            booked = e.getMessage();
        }
        try {
            conversation.tool("notify", Map.of(), () -> {
                throw new IllegalStateException("mail server down");
            });
        } catch (IllegalStateException e) {
            // the agent carries on without a notification
        }
        return AgentResponse.ofText("result: " + booked);
    });

    private static SuiteResult run() {
        Suite suite = Suite.named("tool-mocks")
                .add(Case.id("booked").mocks(ToolMock.returning("book", Map.of("id", 7)))
                        .turn(Turn.of("monday").expect(contains("never said"))))
                .add(Case.id("down").mocks(ToolMock.throwing("book", "calendar down"))
                        .turn(Turn.of("tuesday").expect(contains("never said"))))
                .build();
        return EvalRunner.builder().agent(AGENT).environment(name -> null).build().run(suite);
    }

    @Test
    void should_write_and_read_back_mocked_and_failed_calls() throws Exception {
        SuiteResult result = run();
        assertThat(result.find("booked").orElseThrow().turns().get(0).toolCalls()).containsExactly(
                new ToolCall("book", Map.of("day", "monday"), Map.of("id", 7), null, true),
                new ToolCall("notify", Map.of(), null, "mail server down", false));

        String json = JsonReport.render(result);
        SuiteResult read = JsonReportReader.parse(json, "results.json");

        assertThat(JsonReport.render(read)).isEqualTo(json);
        for (String id : List.of("booked", "down")) {
            assertThat(read.find(id).orElseThrow().turns().get(0).toolCalls())
                    .isEqualTo(result.find(id).orElseThrow().turns().get(0).toolCalls());
        }
        assertThat(json).contains("\"mocked\": true").contains("\"error\": \"calendar down\"")
                .contains("\"error\": \"mail server down\"");
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Reports.resultsSchema());
        List<String> problems = new ArrayList<>();
        schema.validate(new ObjectMapper().readTree(json)).forEach(e -> problems.add(e.toString()));
        assertThat(problems).isEmpty();
    }

    @Test
    void should_read_a_call_of_an_older_file_as_not_mocked_and_not_failed() {
        String json = JsonReport.render(run()).replaceAll(",\\s*\"mocked\": true", "")
                .replaceAll(",\\s*\"error\": \"[^\"]*\"", "");
        assertThat(json).doesNotContain("\"mocked\"").doesNotContain("\"error\"");

        SuiteResult read = JsonReportReader.parse(json, "results.json");

        ToolCall book = read.find("booked").orElseThrow().turns().get(0).toolCalls().get(0);
        assertThat(book.mocked()).isFalse();
        assertThat(book.error()).isNull();
    }

    @Test
    void should_mark_mocked_calls_and_show_tool_errors_in_markdown_html_and_junit_xml() {
        SuiteResult result = run();
        assertThat(JUnitXmlReport.render(result)).contains("Turn 1 toolsCalled:\n"
                + "- book {\"day\":\"tuesday\"} → error: calendar down (mocked)\n"
                + "- notify {} → error: mail server down\n");

        String md = MarkdownReport.render(result);
        String html = HtmlReport.render(result);

        assertThat(md).contains("`book` `{\"day\":\"monday\"}` → `{\"id\":7}` (mocked)")
                .contains("`book` `{\"day\":\"tuesday\"}` → error: `calendar down` (mocked)")
                .contains("`notify` `{}` → error: `mail server down`\n");
        assertThat(html).contains("<code>{&quot;id&quot;:7}</code> <span class=\"label\">mocked</span>")
                .contains("→ <span class=\"errored\">error: <code>calendar down</code></span>"
                        + " <span class=\"label\">mocked</span>")
                .contains("error: <code>mail server down</code></span></li>");
    }
}
