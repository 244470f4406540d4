package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.report.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness result file and its Markdown sibling, from results built by hand. */
class HarnessReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(Reports.harnessSchema());
    private static final String TRACE = "https://opik.example/projects/agents/threads/ctx-1";

    @TempDir
    Path dir;

    private static TurnResult turn(int index, String name, Usage usage, InfrastructureFailure failure, List<ScoreResult> scores,
                                   String traceUrl) {
        Map<String, Object> request = Map.of("method", "message/send", "params",
                Map.of("message", Map.of("parts", List.of(Map.of("kind", "text", "text", "step " + index)))));
        Object response = failure != null ? null : Map.of("result", Map.of("contextId", "ctx-1", "status",
                Map.of("state", "completed")));
        return new TurnResult(index, name, "step " + index, request, response, failure != null ? null : "ok",
                failure != null ? null : TaskState.COMPLETED, List.of(), Duration.ofMillis(1000 + index), usage, failure,
                scores, "agent-1", failure != null ? null : "ctx-1", traceUrl);
    }

    private static CaseResult caseOf(String id, CaseStatus status, TurnResult... turns) {
        Usage usage = Usage.sum(java.util.Arrays.stream(turns).map(TurnResult::usage).toList());
        return new CaseResult(id, List.of(), true, status, status == CaseStatus.PASSED ? "" : "see checks",
                Duration.ofMillis(3142), usage, List.of(new CaseAttempt(1, status, status == CaseStatus.PASSED ? ""
                        : "see checks", Duration.ofMillis(3142), usage, List.of(turns))));
    }

    /** A single-message case with usage and a trace, a sequential one, an aborted step, a judge error, a skipped case. */
    static SuiteResult harnessRun() {
        CaseResult lookup = caseOf("painkiller_lookup", CaseStatus.PASSED,
                turn(1, null, new Usage(26514L, 3319L, 0.15916, null), null,
                        List.of(ScoreResult.ofChecks("must_include", Check.pass("ibuprofen")),
                                ScoreResult.ofChecks("max_duration_seconds", Check.pass("duration <= 5.0s", "took 1.001s"))),
                        TRACE));
        CaseResult intake = caseOf("intake_follow_up", CaseStatus.FAILED,
                turn(1, "initial_prompt", new Usage(10L, 5L, null, null), null,
                        List.of(ScoreResult.ofChecks("expected_state", Check.pass("state", "was input-required"))), null),
                turn(2, "provide_details", new Usage(20L, null, 0.1, null), null,
                        List.of(ScoreResult.ofChecks("must_not_include", Check.fail("error", "found in response"))), null));
        CaseResult broken = caseOf("broken", CaseStatus.ERRORED,
                turn(1, "first", null, null, List.of(ScoreResult.ofChecks("must_include", Check.pass("started"))), null),
                turn(2, null, null, new InfrastructureFailure(FailureCode.HTTP_ERROR, "HTTP 500 from the agent",
                        Map.of("status", 500)), List.of(), null));
        CaseResult judged = caseOf("judged", CaseStatus.ERRORED,
                turn(1, null, null, null, List.of(ScoreResult.errored("expected_output_text",
                        InfrastructureFailure.of(FailureCode.JUDGE_ERROR, "the judge gave no clear verdict"))), null));
        CaseResult later = new CaseResult("later", List.of(), true, CaseStatus.SKIPPED, "not run: run interrupted",
                Duration.ZERO, null, List.of());
        return new SuiteResult("hello", SampleResults.STARTED, Duration.ofMillis(9000), false,
                List.of(lookup, intake, broken, judged, later));
    }

    private static ArrayNode render(SuiteResult result) throws Exception {
        return (ArrayNode) JSON.readTree(HarnessReport.render(result));
    }

    private static JsonNode entry(ArrayNode entries, String name) {
        for (JsonNode e : entries) {
            if (name.equals(e.path("name").asText())) {
                return e;
            }
        }
        throw new AssertionError("no entry '" + name + "' in " + entries);
    }

    private static List<String> schemaErrors(JsonNode document) {
        List<String> errors = new ArrayList<>();
        SCHEMA.validate(document).forEach(e -> errors.add(e.getMessage()));
        return errors;
    }

    @Test
    void should_write_one_entry_per_case_then_each_step_of_a_sequential_case_and_nothing_for_a_case_not_run()
            throws Exception {
        ArrayNode entries = render(harnessRun());

        List<String> names = new ArrayList<>();
        entries.forEach(e -> names.add(e.path("name").asText()));
        assertThat(names).containsExactly("painkiller_lookup", "intake_follow_up", "intake_follow_up/initial_prompt",
                "intake_follow_up/provide_details", "broken", "broken/first", "broken/2", "judged");
        assertThat(entry(entries, "painkiller_lookup").has("is_step_result")).isFalse();
        JsonNode step = entry(entries, "intake_follow_up/provide_details");
        assertThat(step.path("is_step_result").asBoolean()).isTrue();
        assertThat(step.path("case_name").asText()).isEqualTo("intake_follow_up");
        assertThat(step.path("step_name").asText()).isEqualTo("provide_details");
        assertThat(step.path("step_index").asInt()).isEqualTo(2);
        assertThat(step.path("success").asBoolean()).isFalse();
        assertThat(step.path("expectation_results")).isEqualTo(
                entry(entries, "intake_follow_up").path("step_results").get(1).path("expectation_results"));
        assertThat(entry(entries, "broken/2").path("step_name").isNull()).isTrue();
    }

    @Test
    void should_write_the_keys_of_the_harness_readme_with_usage_summed_and_null_when_none() throws Exception {
        ArrayNode entries = render(harnessRun());

        JsonNode lookup = entry(entries, "painkiller_lookup");
        assertThat(lookup.path("success").asBoolean()).isTrue();
        assertThat(lookup.path("agent_id").asText()).isEqualTo("agent-1");
        assertThat(lookup.path("duration_seconds").asDouble()).isEqualTo(3.142);
        assertThat(lookup.path("trace_url").asText()).isEqualTo(TRACE);
        JsonNode only = lookup.path("step_results").get(0);
        assertThat(JSON.convertValue(only, Map.class).keySet()).containsExactly("name", "success", "request", "response",
                "harness_error", "duration_seconds", "context_id", "usage", "expectation_results", "trace_url");
        assertThat(only.path("name").isNull()).as("a single-message eval's step has no name").isTrue();
        assertThat(only.path("harness_error").isNull()).isTrue();
        assertThat(only.path("context_id").asText()).isEqualTo("ctx-1");
        assertThat(only.path("usage")).isEqualTo(JSON.readTree(
                "{\"input_tokens\": 26514, \"output_tokens\": 3319, \"credits\": 0.15916}"));
        assertThat(only.path("expectation_results")).isEqualTo(JSON.readTree("[{\"key\": \"must_include\", \"checks\":"
                + " [{\"label\": \"ibuprofen\", \"passed\": true, \"detail\": \"passed\"}], \"show_on_pass\": false},"
                + " {\"key\": \"max_duration_seconds\", \"checks\": [{\"label\": \"duration <= 5.0s\", \"passed\": true,"
                + " \"detail\": \"took 1.001s\"}], \"show_on_pass\": true}]"));

        assertThat(entry(entries, "intake_follow_up").path("usage")).as("field-wise sum of the steps").isEqualTo(
                JSON.readTree("{\"input_tokens\": 30, \"output_tokens\": 5, \"credits\": 0.1}"));
        assertThat(entry(entries, "intake_follow_up").path("step_results").get(0).path("name").asText())
                .isEqualTo("initial_prompt");
        assertThat(entry(entries, "broken").path("usage").isNull()).isTrue();
        assertThat(entry(entries, "broken").has("usage")).isTrue();
        assertThat(entry(entries, "broken").has("trace_url")).as("left out when unknown").isFalse();
    }

    @Test
    void should_write_an_aborted_step_with_no_request_response_or_expectations_and_one_harness_error() throws Exception {
        ArrayNode entries = render(harnessRun());

        for (JsonNode step : List.of(entry(entries, "broken").path("step_results").get(1), entry(entries, "broken/2"))) {
            assertThat(step.path("request").isNull()).isTrue();
            assertThat(step.path("response").isNull()).isTrue();
            assertThat(step.path("expectation_results").isArray()).isTrue();
            assertThat(step.path("expectation_results")).isEmpty();
            assertThat(step.path("context_id").isNull()).isTrue();
            assertThat(step.path("harness_error")).isEqualTo(JSON.readTree(
                    "{\"code\": \"http_error\", \"message\": \"HTTP 500 from the agent\", \"context\": {\"status\": 500}}"));
        }
        JsonNode judged = entry(entries, "judged").path("step_results").get(0);
        assertThat(judged.path("harness_error").path("code").asText()).isEqualTo("judge_error");
        assertThat(judged.path("request").isObject()).as("a judge error does not abort the step").isTrue();
        assertThat(judged.path("expectation_results").get(0).path("checks")).isEmpty();
    }

    @Test
    void should_name_the_attempts_of_a_repeated_case_and_validate_against_the_schema() throws Exception {
        ArrayNode entries = render(SampleResults.mixed());

        List<String> names = new ArrayList<>();
        entries.forEach(e -> names.add(e.path("name").asText()));
        assertThat(names).contains("flaky#1", "flaky#2").doesNotContain("later");
        assertThat(entry(entries, "flaky#1").path("success").asBoolean()).isTrue();
        assertThat(entry(entries, "flaky#2").path("success").asBoolean()).isFalse();
        assertThat(schemaErrors(entries)).isEmpty();
        assertThat(schemaErrors(render(harnessRun()))).isEmpty();
    }

    @Test
    void should_have_a_schema_that_refuses_what_the_harness_file_never_holds() throws Exception {
        ArrayNode entries = render(harnessRun());
        ((ObjectNode) entries.get(0)).remove("usage");
        ((ObjectNode) entries.get(1).path("step_results").get(0)).put("extra", 1);
        ((ObjectNode) entries.get(2)).put("step_index", 0);
        ((ObjectNode) entries.get(4).path("step_results").get(1).path("harness_error")).put("code", "oops");

        assertThat(schemaErrors(entries)).hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void should_write_a_markdown_sibling_with_duration_io_trace_and_errors(@TempDir Path out) throws Exception {
        Path json = out.resolve("results/hello.json");

        Reports.sink("harness", json).write(harnessRun());

        assertThat(JSON.readTree(json.toFile())).isEqualTo(render(harnessRun()));
        String md = Files.readString(out.resolve("results/hello.md"));
        assertThat(md).isEqualTo(HarnessTranscript.render(harnessRun()));
        String lookup = md.substring(md.indexOf("## ✅ `painkiller_lookup`"), md.indexOf("`intake_follow_up`"));
        assertThat(lookup).contains("Duration: 3.142s").contains("Trace: " + TRACE)
                .contains("### Input\n\n```json\n{\n").contains("  \"method\": \"message/send\"")
                .contains("### Output\n\n```json\n{\n  \"result\"")
                .doesNotContain("Errors:");
        String intake = md.substring(md.indexOf("`intake_follow_up`"), md.indexOf("`broken`"));
        assertThat(intake).doesNotContain("Trace:")
                .contains("Errors: step 2 (provide_details): must_not_include 'error': found in response")
                .contains("### Step 1: initial_prompt ✅").contains("### Step 2: provide_details ❌");
        String broken = md.substring(md.indexOf("`broken`"), md.indexOf("`judged`"));
        assertThat(broken).contains("Harness error: http_error: HTTP 500 from the agent (status=500)")
                .contains("_none: the step was aborted_").doesNotContain("Errors:");
        assertThat(md).contains("INCOMPLETE run").contains("## Not run\n\n- `later`: not run: run interrupted");
    }
}
