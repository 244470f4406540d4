package dev.agenteval.report.internal;

import dev.agenteval.results.internal.JsonReportReader;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.report.Reports;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cost computed from the user's prices is marked estimated in every report, and so is every sum
 * that includes one; a cost the agent reported is shown as before.
 */
class EstimatedCostReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Prices PRICES = Prices.builder().price("gpt-4o-mini", 0.15, 0.60).build();

    /** 1200 in, 300 out at 0.15 / 0.60 per million: 0.00018 + 0.00018. */
    private static final Usage ESTIMATED = PRICES.estimate(new Usage(1200L, 300L, null, null, "gpt-4o-mini", false));
    private static final Usage REPORTED = new Usage(100L, 50L, null, 0.001);

    private static CaseResult caseOf(String id, Usage usage) {
        TurnResult turn = new TurnResult(1, null, "Hi", null, null, "Hello", TaskState.COMPLETED, List.of(),
                Duration.ofMillis(100), usage, null, List.of(ScoreResult.ofChecks("must_include", Check.pass("Hello"))));
        return new CaseResult(id, List.of(), true, CaseStatus.PASSED, "", Duration.ofMillis(100), usage,
                List.of(new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ofMillis(100), usage, List.of(turn))));
    }

    private static SuiteResult run() {
        return new SuiteResult("priced", SampleResults.STARTED, Duration.ofMillis(200), true,
                List.of(caseOf("estimated", ESTIMATED), caseOf("reported", REPORTED)));
    }

    @Test
    void should_compute_the_cost_the_report_shows() {
        assertThat(ESTIMATED.cost()).isEqualTo(0.00036);
        assertThat(ESTIMATED.costEstimated()).isTrue();
        assertThat(run().usage().cost()).isEqualTo(0.00136);
        assertThat(run().usage().costEstimated()).isTrue();
    }

    @Test
    void should_mark_the_estimate_in_the_json_report_and_read_it_back() throws Exception {
        JsonNode root = JSON.readTree(JsonReport.render(run()));
        assertThat(root.get("usage").toString()).isEqualTo(
                "{\"inputTokens\":1300,\"outputTokens\":350,\"credits\":null,\"cost\":0.00136,\"costEstimated\":true}");
        assertThat(root.at("/cases/0/usage").toString()).isEqualTo("{\"inputTokens\":1200,\"outputTokens\":300,"
                + "\"credits\":null,\"cost\":3.6E-4,\"costEstimated\":true,\"model\":\"gpt-4o-mini\"}");
        assertThat(root.at("/cases/0/turns/0/usage/costEstimated").asBoolean()).isTrue();
        assertThat(root.at("/cases/1/usage").toString())
                .isEqualTo("{\"inputTokens\":100,\"outputTokens\":50,\"credits\":null,\"cost\":0.001}");

        SuiteResult read = JsonReportReader.parse(JsonReport.render(run()), "results.json");
        assertThat(read.cases().get(0).usage()).isEqualTo(ESTIMATED);
        assertThat(read.cases().get(1).usage()).isEqualTo(REPORTED);
        assertThat(read.usage().costEstimated()).isTrue();
    }

    @Test
    void should_mark_the_estimate_in_the_markdown_report() {
        String md = MarkdownReport.render(run());
        assertThat(md).contains("| ~0.00136 (estimated) |\n").contains("Usage: 1300 input tokens, 350 output tokens, cost ~0.00136 (estimated)")
                .contains("- Usage: 1200 input tokens, 300 output tokens, cost ~0.00036 (estimated)\n")
                .contains("- Usage: 100 input tokens, 50 output tokens, cost 0.001\n");
    }

    @Test
    void should_mark_the_estimate_in_the_html_report() {
        String html = HtmlReport.render(run());
        assertThat(html).contains("<td class=\"num opt\" data-value=\"0.00036\">~0.00036 (estimated)</td>")
                .contains("<td class=\"num opt\" data-value=\"0.001\">0.001</td>")
                .contains("1200 input tokens, 300 output tokens, cost ~0.00036 (estimated)")
                .contains("1300 input tokens, 350 output tokens, cost ~0.00136 (estimated)");
    }

    @Test
    void should_mark_the_estimate_in_the_console_summary() {
        assertThat(ConsoleSink.render(run(), false))
                .contains("; usage: 1300 input tokens, 350 output tokens, cost ~0.00136 (estimated)");
    }

    @Test
    void should_add_the_estimate_to_the_harness_file_and_transcript() throws Exception {
        JsonNode entries = JSON.readTree(HarnessReport.render(run()));
        assertThat(entries.at("/0/usage").toString())
                .isEqualTo("{\"input_tokens\":1200,\"output_tokens\":300,\"credits\":null,\"estimated_cost\":3.6E-4}");
        assertThat(entries.at("/0/step_results/0/usage/estimated_cost").asDouble()).isEqualTo(0.00036);
        assertThat(entries.at("/1/usage").has("estimated_cost")).isFalse();
        List<String> errors = new ArrayList<>();
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(Reports.harnessSchema())
                .validate(entries).forEach(e -> errors.add(e.getMessage()));
        assertThat(errors).isEmpty();

        assertThat(HarnessTranscript.render(run()))
                .contains("Usage: 1200 input tokens, 300 output tokens, cost ~0.00036 (estimated)  \n");
    }
}
