package dev.agenteval.report.internal;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.results.internal.JsonReportReader;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.report.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportReaderTest {

    @Test
    void should_read_back_the_result_it_wrote_so_that_it_renders_identically() {
        for (SuiteResult original : new SuiteResult[] {SampleResults.mixed(), SampleResults.allPassed(),
                SampleResults.mixed().withShard(Shard.of(2, 3)).withFingerprint(
                        dev.agenteval.api.Fingerprint.of("ab12", 5, "a2a http://localhost:8080/", "none"))}) {
            String json = JsonReport.render(original);

            SuiteResult read = JsonReportReader.parse(json, "results.json");

            assertThat(JsonReport.render(read)).isEqualTo(json);
            assertThat(read).isEqualTo(original);
        }
    }

    @Test
    void should_recompute_the_scorers_from_the_cases_whatever_a_file_says_and_read_a_file_without_them() {
        String written = JsonReport.render(SampleResults.mixed());
        String tampered = written.replaceFirst("\"mean\": 0\\.6666[0-9]*", "\"mean\": 0.01")
                .replaceFirst("\"id\": \"must_include\"", "\"id\": \"forged\"");
        assertThat(tampered).as("the file was changed").isNotEqualTo(written).contains("\"forged\"");
        String without = written.replaceFirst("(?s)\"scorers\": \\[.*?\\],\n\\s*\"usage\"", "\"usage\"");
        assertThat(without).doesNotContain("\"scorers\"");

        assertThat(JsonReport.render(JsonReportReader.parse(tampered, "results.json"))).isEqualTo(written);
        assertThat(JsonReport.render(JsonReportReader.parse(without, "results.json"))).isEqualTo(written);
    }

    @Test
    void should_read_the_pass_threshold_of_a_repeated_case() {
        var f = SampleResults.flaky();
        SuiteResult original = new SuiteResult("s", SampleResults.STARTED, java.time.Duration.ZERO, true, java.util.List.of(
                new dev.agenteval.api.CaseResult(f.id(), f.tags(), true, CaseStatus.PASSED, "", f.duration(), f.usage(),
                        f.attempts(), 0.5)));

        SuiteResult read = JsonReportReader.parse(JsonReport.render(original), "results.json");

        assertThat(read.cases().get(0).passThreshold()).isEqualTo(0.5);
        assertThat(read).isEqualTo(original);
    }

    @Test
    void should_rebuild_attempts_turns_failures_and_usage() {
        SuiteResult read = JsonReportReader.parse(JsonReport.render(SampleResults.mixed()), "results.json");

        assertThat(read.complete()).isFalse();
        assertThat(read.shard()).isNull();
        assertThat(read.find("later").orElseThrow().attempts()).isEmpty();
        assertThat(read.find("flaky").orElseThrow().attempts()).hasSize(2);
        assertThat(read.find("flaky").orElseThrow().passRate()).isEqualTo(0.5);
        var slow = read.find("slow").orElseThrow();
        assertThat(slow.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(slow.turns().get(1).harnessFailure().code()).isEqualTo(FailureCode.EVAL_TIMEOUT);
        assertThat(slow.turns().get(1).harnessFailure().context()).containsEntry("timeoutSeconds", 30L);
        assertThat(slow.turns().get(0).scores().get(0).failure().code()).isEqualTo(FailureCode.JUDGE_ERROR);
        var greet = read.find("greet").orElseThrow();
        assertThat(greet.turns().get(0).state()).isEqualTo(TaskState.COMPLETED);
        assertThat(greet.turns().get(0).toolCalls().get(0).result()).isEqualTo(java.util.Map.of("hits", 1L));
        assertThat(greet.usage().credits()).isEqualTo(0.5);
        assertThat(read.summary()).isEqualTo(SampleResults.mixed().summary());
    }

    @Test
    void should_keep_the_parts_of_an_input_that_was_not_one_text_part() {
        dev.agenteval.api.TurnResult t = SampleResults.allPassed().cases().get(0).turns().get(0);
        java.util.List<dev.agenteval.api.Part> parts = java.util.List.of(dev.agenteval.api.Part.text("Look at:"),
                dev.agenteval.api.Part.data(java.util.Map.of("asset", "P-101", "depth", 2L)));
        dev.agenteval.api.TurnResult data = new dev.agenteval.api.TurnResult(t.index(), t.name(), "Look at:\n{...}",
                t.request(), t.response(), t.answer(), t.state(), t.toolCalls(), t.duration(), t.usage(),
                t.harnessFailure(), t.scores(), t.agentId(), t.contextId(), t.taskId(), t.traceUrl(), parts);
        var c = SampleResults.allPassed().cases().get(0);
        SuiteResult original = new SuiteResult("s", SampleResults.STARTED, java.time.Duration.ZERO, true, java.util.List.of(
                new dev.agenteval.api.CaseResult(c.id(), c.tags(), true, c.status(), "", c.duration(), c.usage(),
                        java.util.List.of(new dev.agenteval.api.CaseAttempt(1, c.status(), "", c.duration(), c.usage(),
                                java.util.List.of(data))))));
        String json = JsonReport.render(original);

        assertThat(json).contains("\"inputParts\": [");
        assertThat(JsonReportReader.parse(json, "results.json").cases().get(0).turns().get(0).inputParts())
                .isEqualTo(parts);
        assertThat(JsonReport.render(SampleResults.allPassed())).as("a text input says it all").doesNotContain("inputParts");
        assertThatThrownBy(() -> JsonReportReader.parse(json.replace("\"kind\": \"data\"", "\"kind\": \"file\""),
                "results.json")).hasMessageContaining("inputParts[1].kind: must be 'text' or 'data' but was 'file'");
    }

    @Test
    void should_read_a_summary_with_error_bars_and_recompute_them_from_the_cases() {
        String json = JsonReport.render(SampleResults.mixed());
        assertThat(json).contains("\"passRateInterval\"", "\"attemptPassRate\"", "\"passAtK\"", "\"passHatK\"");
        // Figures a later version or another tool wrote differently are not trusted: the reader
        // recomputes them from the cases, so the summary reads back as the cases say.
        String altered = json.replace("\"method\": \"wilson\"", "\"method\": [\"a later method\"]")
                .replace("\"passAtK\": {", "\"passAtK\": {\"9\": \"n/a\",");
        assertThat(altered).contains("a later method", "\"9\": \"n/a\"");

        SuiteResult read = JsonReportReader.parse(altered, "results.json");

        assertThat(read).isEqualTo(SampleResults.mixed());
        assertThat(JsonReport.render(read)).isEqualTo(json);
    }

    @Test
    void should_ignore_keys_it_does_not_know() {
        String json = JsonReport.render(SampleResults.allPassed())
                .replace("\"suite\": \"pharmacy\",", "\"suite\": \"pharmacy\", \"provenance\": {\"ci\": \"ab12\"},")
                .replace("\"id\": \"greet\",", "\"id\": \"greet\", \"flaky\": false, \"passAtK\": [1, 1],")
                .replace("\"index\": 1,", "\"index\": 1, \"trace\": {\"url\": \"http://x\"},");
        assertThat(json).contains("provenance").contains("passAtK").contains("trace");

        SuiteResult read = JsonReportReader.parse(json, "results.json");

        assertThat(read).isEqualTo(SampleResults.allPassed());
    }

    @Test
    void should_name_the_file_and_the_key_of_a_broken_document(@TempDir Path dir) throws Exception {
        String good = JsonReport.render(SampleResults.mixed());

        assertThatThrownBy(() -> JsonReportReader.parse(good.replace("\"status\": \"failed\",", "\"status\": \"weird\","), "r.json"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("r.json: cases[1].status: unknown status 'weird' (known: passed, failed, errored, skipped)");
        assertThatThrownBy(() -> JsonReportReader.parse(good.replace("\"input\": \"Start a long job\",", ""), "r.json"))
                .hasMessage("r.json: cases[2].turns[0].input: missing");
        assertThatThrownBy(() -> JsonReportReader.parse("{\"cases\": []}", "r.json"))
                .hasMessage("r.json: suite: missing");
        assertThatThrownBy(() -> JsonReportReader.parse("[1, 2]", "r.json"))
                .hasMessageStartingWith("r.json: not an agent-eval results document");
        assertThatThrownBy(() -> JsonReportReader.parse("{\"suite\": ", "r.json"))
                .hasMessageStartingWith("r.json: not JSON: ");
        assertThatThrownBy(() -> JsonReportReader.parse(good.replaceFirst("\"complete\": false,",
                "\"complete\": false, \"shard\": {\"index\": 3, \"count\": 2},"), "r.json"))
                .hasMessage("r.json: shard: shard index must be between 1 and 2 but was 3");
        Path missing = dir.resolve("nope.json");
        assertThatThrownBy(() -> ResultsFile.read(missing)).isInstanceOf(ConfigurationException.class)
                .hasMessage(missing + ": no such file");
    }

    @Test
    void should_read_a_file_written_by_the_json_sink(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.json");
        Reports.sink("json", file).write(SampleResults.mixed().withShard(Shard.of(1, 4)));

        assertThat(Files.readString(file)).contains("\"shard\": {\n    \"index\": 1,\n    \"count\": 4\n  }");
        assertThat(ResultsFile.read(file).shard()).isEqualTo(Shard.of(1, 4));
    }
}
