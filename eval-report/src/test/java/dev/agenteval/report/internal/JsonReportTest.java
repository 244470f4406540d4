package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.SuiteResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JsonReportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private String text;
    private JsonNode root;

    @BeforeEach
    void render() throws Exception {
        text = JsonReport.render(SampleResults.mixed());
        root = MAPPER.readTree(text);
    }

    @Test
    void should_write_suite_fields_in_documented_order() {
        assertThat(fields(root)).containsExactly("suite", "startedAt", "durationSeconds", "complete", "summary",
                "scorers", "usage", "judgeUsage", "cases");
        assertThat(root.get("suite").asText()).isEqualTo("pharmacy");
        assertThat(root.get("startedAt").asText()).isEqualTo("2025-01-31T09:00:00.123Z");
        assertThat(root.get("durationSeconds").isNumber()).isTrue();
        assertThat(root.get("durationSeconds").asDouble()).isEqualTo(12.345);
    }

    @Test
    void should_preserve_incomplete_run() throws Exception {
        assertThat(root.get("complete").isBoolean()).isTrue();
        assertThat(root.get("complete").asBoolean()).isFalse();
        assertThat(MAPPER.readTree(JsonReport.render(SampleResults.allPassed())).get("complete").asBoolean())
                .isTrue();
    }

    @Test
    void should_write_summary_counts_and_pass_rate() {
        JsonNode summary = root.get("summary");
        assertThat(fields(summary)).containsExactly("cases", "passed", "failed", "errored", "skipped", "undecided",
                "passRate", "flaky", "passRateInterval", "attemptPassRate", "passAtK", "passHatK", "passAtKLeftOut");
        assertThat(summary.get("cases").asInt()).isEqualTo(5);
        assertThat(summary.get("flaky").asInt()).isEqualTo(1);
        assertThat(summary.get("passed").asInt()).isEqualTo(1);
        assertThat(summary.get("failed").asInt()).isEqualTo(2);
        assertThat(summary.get("errored").asInt()).isEqualTo(1);
        assertThat(summary.get("skipped").asInt()).isEqualTo(1);
        assertThat(summary.get("passRate").asDouble()).isEqualTo(0.2);
    }

    @Test
    void should_write_the_wilson_interval_of_the_pass_rate() {
        // 1 of 5 cases passed (the skipped one counts, as in passRate). Wilson at 95%, z = 1.959964:
        // centre (1 + z^2/2)/(5 + z^2) = 0.330346, half-width z/(5 + z^2) * sqrt(1*4/5 + z^2/4) = 0.294121.
        JsonNode interval = root.get("summary").get("passRateInterval");
        assertThat(fields(interval)).containsExactly("level", "method", "low", "high");
        assertThat(interval.get("level").asDouble()).isEqualTo(0.95);
        assertThat(interval.get("method").asText()).isEqualTo("wilson");
        assertThat(interval.get("low").asDouble()).isCloseTo(0.036224, within(1e-6));
        assertThat(interval.get("high").asDouble()).isCloseTo(0.624465, within(1e-6));
    }

    @Test
    void should_write_the_attempt_pass_rate_and_pass_at_k_of_a_run_with_repeats() {
        // Cases that ran: greet 1/1, lookup 0/1, slow 0/1, flaky 1/2 (later was skipped: no attempts).
        // Fractions 1, 0, 0, 0.5: mean 0.375, sample sd 0.478714, stderr 0.239357;
        // 0.375 -+ 1.959964 * 0.239357 = -0.094 (clipped to 0) .. 0.844131.
        JsonNode summary = root.get("summary");
        JsonNode attempts = summary.get("attemptPassRate");
        assertThat(fields(attempts)).containsExactly("mean", "stderr", "low", "high");
        assertThat(attempts.get("mean").asDouble()).isEqualTo(0.375);
        assertThat(attempts.get("stderr").asDouble()).isCloseTo(0.239357, within(1e-6));
        assertThat(attempts.get("low").asDouble()).isEqualTo(0.0);
        assertThat(attempts.get("high").asDouble()).isCloseTo(0.844131, within(1e-6));
        // k = 1 over the 4 cases that ran: (1 + 0 + 0 + 1/2)/4 for both. k = 2 over flaky alone
        // (n = 2, c = 1): pass@2 = 1 - C(1,2)/C(2,2) = 1, pass^2 = C(1,2)/C(2,2) = 0; 4 cases left out.
        assertThat(summary.get("passAtK").toString()).isEqualTo("{\"1\":0.375,\"2\":1.0}");
        assertThat(summary.get("passHatK").toString()).isEqualTo("{\"1\":0.375,\"2\":0.0}");
        assertThat(summary.get("passAtKLeftOut").toString()).isEqualTo("{\"1\":1,\"2\":4}");
    }

    @Test
    void should_write_only_the_pass_rate_interval_without_repeats_and_none_without_cases() throws Exception {
        JsonNode summary = MAPPER.readTree(JsonReport.render(SampleResults.allPassed())).get("summary");
        // 1 of 1: Wilson 0.206549 .. 1 (by the formula above with n = 1).
        assertThat(summary.get("passRateInterval").get("low").asDouble()).isCloseTo(0.206549, within(1e-6));
        assertThat(summary.get("passRateInterval").get("high").asDouble()).isEqualTo(1.0);
        assertThat(summary.has("attemptPassRate")).isFalse();
        assertThat(summary.has("passAtK")).isFalse();
        assertThat(summary.has("passHatK")).isFalse();
        SuiteResult empty = new SuiteResult("empty", SampleResults.STARTED, java.time.Duration.ZERO, true, List.of());
        assertThat(MAPPER.readTree(JsonReport.render(empty)).get("summary").has("passRateInterval")).isFalse();
    }

    @Test
    void should_write_all_four_usage_keys_with_null_for_unreported_fields() {
        JsonNode usage = root.get("usage");
        assertThat(fields(usage)).containsExactly("inputTokens", "outputTokens", "credits", "cost");
        assertThat(usage.get("inputTokens").asLong()).isEqualTo(111);
        assertThat(usage.get("outputTokens").asLong()).isEqualTo(15);
        assertThat(usage.get("credits").asDouble()).isEqualTo(0.5);
        assertThat(usage.get("cost").isNull()).isTrue();

        JsonNode greetUsage = caseNode("greet").get("usage");
        assertThat(fields(greetUsage)).containsExactly("inputTokens", "outputTokens", "credits", "cost");
        assertThat(greetUsage.get("outputTokens").isNull()).isTrue();
        assertThat(greetUsage.get("cost").isNull()).isTrue();
        assertThat(greetUsage.get("inputTokens").asLong()).isEqualTo(100);
    }

    @Test
    void should_write_null_usage_when_nothing_was_reported() {
        assertThat(caseNode("lookup").get("usage").isNull()).isTrue();
        assertThat(caseNode("lookup").has("usage")).isTrue();
    }

    @Test
    void should_write_case_fields_without_attempts_for_a_single_attempt() {
        JsonNode greet = caseNode("greet");
        assertThat(fields(greet)).containsExactly("id", "tags", "expectPass", "passed", "status", "reason",
                "durationSeconds", "usage", "turns");
        assertThat(greet.get("tags").toString()).isEqualTo("[\"smoke\",\"ünï\"]");
        assertThat(greet.get("expectPass").asBoolean()).isTrue();
        assertThat(greet.get("passed").asBoolean()).isTrue();
        assertThat(greet.get("status").asText()).isEqualTo("passed");
        assertThat(greet.get("reason").asText()).isEmpty();
        assertThat(greet.get("durationSeconds").asDouble()).isEqualTo(1.234);
    }

    @Test
    void should_write_lower_case_statuses() {
        assertThat(root.get("cases").findValuesAsText("status"))
                .contains("passed", "failed", "errored", "skipped")
                .allMatch(s -> s.equals(s.toLowerCase(java.util.Locale.ROOT)));
        assertThat(caseNode("lookup").get("passed").asBoolean()).isFalse();
    }

    @Test
    void should_write_pass_rate_and_attempts_only_for_repeated_cases() {
        JsonNode flaky = caseNode("flaky");
        assertThat(fields(flaky)).containsExactly("id", "tags", "expectPass", "passed", "status", "reason",
                "durationSeconds", "usage", "passRate", "passThreshold", "passAtK", "passHatK", "flaky", "attempts",
                "turns");
        assertThat(flaky.get("passRate").asDouble()).isEqualTo(0.5);
        assertThat(flaky.get("passThreshold").asDouble()).isEqualTo(1.0);
        assertThat(flaky.get("passAtK").asBoolean()).isTrue();
        assertThat(flaky.get("passHatK").asBoolean()).isFalse();
        assertThat(flaky.get("flaky").asBoolean()).isTrue();
        JsonNode attempts = flaky.get("attempts");
        assertThat(attempts).hasSize(2);
        JsonNode second = attempts.get(1);
        assertThat(fields(second)).containsExactly("attempt", "status", "reason", "durationSeconds", "usage",
                "turns");
        assertThat(second.get("attempt").asInt()).isEqualTo(2);
        assertThat(second.get("status").asText()).isEqualTo("failed");
        assertThat(second.get("usage").get("outputTokens").asLong()).isEqualTo(8);
        assertThat(second.get("turns").get(0).get("answer").asText()).isEqualTo("I cannot help.");
        // The case's turns are the first attempt's.
        assertThat(flaky.get("turns")).isEqualTo(attempts.get(0).get("turns"));

        for (String id : List.of("greet", "lookup", "slow", "later")) {
            assertThat(caseNode(id).has("passRate")).as(id).isFalse();
            assertThat(caseNode(id).has("attempts")).as(id).isFalse();
        }
    }

    @Test
    void should_write_turn_fields_with_request_and_response_as_json() {
        JsonNode turn = caseNode("greet").get("turns").get(0);
        assertThat(fields(turn)).containsExactly("index", "name", "input", "request", "response", "answer", "state",
                "toolCalls", "durationSeconds", "usage", "harnessFailure", "scores");
        assertThat(turn.get("index").asInt()).isEqualTo(1);
        assertThat(turn.get("name").asText()).isEqualTo("hello");
        assertThat(turn.get("request").isObject()).isTrue();
        assertThat(turn.at("/request/message/parts/0/text").asText()).isEqualTo("Hi");
        assertThat(turn.get("request").has("contextId")).isTrue();
        assertThat(turn.get("request").get("contextId").isNull()).isTrue();
        assertThat(turn.at("/response/status/state").asText()).isEqualTo("completed");
        assertThat(turn.get("state").asText()).isEqualTo("completed");
        assertThat(turn.get("harnessFailure").isNull()).isTrue();
        assertThat(turn.get("durationSeconds").asDouble()).isEqualTo(1.234);
    }

    @Test
    void should_omit_turn_name_when_null_and_use_state_wire_names() {
        JsonNode turn = caseNode("lookup").get("turns").get(0);
        assertThat(turn.has("name")).isFalse();
        assertThat(turn.get("state").asText()).isEqualTo("input-required");
        assertThat(turn.get("response").isNull()).isTrue();
        assertThat(turn.get("input").asText()).isEqualTo(SampleResults.XML_HOSTILE_INPUT);

        JsonNode timedOut = caseNode("slow").get("turns").get(1);
        assertThat(timedOut.get("state").isNull()).isTrue();
        assertThat(timedOut.get("answer").isNull()).isTrue();
        assertThat(timedOut.get("request").isNull()).isTrue();
    }

    @Test
    void should_write_tool_calls_omitting_missing_results() {
        JsonNode calls = caseNode("greet").get("turns").get(0).get("toolCalls");
        assertThat(calls).hasSize(2);
        assertThat(fields(calls.get(0))).containsExactly("name", "arguments", "result");
        assertThat(calls.get(0).get("arguments").get("q").asText()).isEqualTo("greeting");
        assertThat(calls.get(0).get("result").get("hits").asInt()).isEqualTo(1);
        assertThat(fields(calls.get(1))).containsExactly("name", "arguments");
        assertThat(calls.get(1).get("arguments").isObject()).isTrue();
    }

    @Test
    void should_write_harness_failure_with_wire_code_and_context() {
        JsonNode failure = caseNode("slow").get("turns").get(1).get("harnessFailure");
        assertThat(fields(failure)).containsExactly("code", "message", "context");
        assertThat(failure.get("code").asText()).isEqualTo("eval_timeout");
        assertThat(failure.get("message").asText()).isEqualTo("case exceeded its 30s bound");
        assertThat(failure.get("context").get("timeoutSeconds").asInt()).isEqualTo(30);
        assertThat(caseNode("slow").get("turns").get(1).get("scores")).isEmpty();
    }

    @Test
    void should_write_scores_with_checks_and_omit_absent_usage_and_failure() {
        JsonNode mustInclude = caseNode("lookup").get("turns").get(0).get("scores").get(0);
        assertThat(fields(mustInclude)).containsExactly("type", "status", "value", "reason", "checks");
        assertThat(mustInclude.get("type").asText()).isEqualTo("must_include");
        assertThat(mustInclude.get("status").asText()).isEqualTo("failed");
        assertThat(mustInclude.get("value").asDouble()).isEqualTo(0.5);
        assertThat(mustInclude.get("reason").asText()).isEqualTo("ibuprofen: not found in response");
        JsonNode failedCheck = mustInclude.get("checks").get(1);
        assertThat(fields(failedCheck)).containsExactly("label", "passed", "detail");
        assertThat(failedCheck.get("label").asText()).isEqualTo("ibuprofen");
        assertThat(failedCheck.get("passed").asBoolean()).isFalse();
        assertThat(failedCheck.get("detail").asText()).isEqualTo("not found in response");
        assertThat(mustInclude.get("checks").get(0).get("passed").asBoolean()).isTrue();
    }

    @Test
    void should_write_judge_usage_and_failure_of_errored_scores() {
        JsonNode judge = caseNode("slow").get("turns").get(0).get("scores").get(0);
        assertThat(fields(judge)).containsExactly("type", "status", "value", "reason", "checks", "usage",
                "failure");
        assertThat(judge.get("status").asText()).isEqualTo("errored");
        assertThat(judge.get("value").isNull()).isTrue();
        assertThat(judge.get("usage").get("inputTokens").asLong()).isEqualTo(10);
        assertThat(judge.get("usage").get("credits").isNull()).isTrue();
        assertThat(judge.get("failure").get("code").asText()).isEqualTo("judge_error");
        assertThat(judge.get("failure").get("context").isObject()).isTrue();
    }

    @Test
    void should_write_skipped_case_without_turns() {
        JsonNode later = caseNode("later");
        assertThat(later.get("status").asText()).isEqualTo("skipped");
        assertThat(later.get("reason").asText()).isEqualTo("stopped after the first failure");
        assertThat(later.get("turns").isArray()).isTrue();
        assertThat(later.get("turns")).isEmpty();
        assertThat(later.get("usage").isNull()).isTrue();
    }

    @Test
    void should_keep_non_ascii_text_unescaped_and_pretty_print() {
        assertThat(text).contains(SampleResults.GREETING);
        assertThat(text).doesNotContain("\\u00FC").doesNotContain("\\u00fc");
        assertThat(text).startsWith("{\n  \"suite\": \"pharmacy\",\n").endsWith("}\n");
        assertThat(caseNode("greet").get("turns").get(0).get("answer").asText()).isEqualTo(SampleResults.GREETING);
    }

    @Test
    void should_write_an_empty_suite() throws Exception {
        SuiteResult empty = new SuiteResult("empty", SampleResults.STARTED, java.time.Duration.ZERO, true,
                List.of());
        JsonNode node = MAPPER.readTree(JsonReport.render(empty));
        assertThat(node.get("usage").isNull()).isTrue();
        assertThat(node.get("cases")).isEmpty();
        assertThat(node.get("summary").get("passRate").asDouble()).isZero();
    }

    @Test
    void should_write_each_scorers_mean_with_its_bootstrap_interval_at_the_confidence_asked_for() throws Exception {
        // must_include's case values: greet 1, lookup 1/2, flaky (1 + 0) / 2 = 1/2.
        JsonNode scorers = root.get("scorers");
        assertThat(scorers.get(0).toString()).startsWith("{\"id\":\"must_include\",\"n\":3,\"mean\":0.6666");
        assertThat(scorers.at("/0/interval/level").asDouble()).isEqualTo(0.95);
        assertThat(scorers.at("/0/interval/method").asText()).isEqualTo("bootstrap");
        assertThat(scorers.at("/0/interval/low").asDouble()).isEqualTo(0.5);
        assertThat(scorers.at("/0/interval/high").asDouble()).isEqualTo(1.0);
        assertThat(scorers.at("/0/stderr").asDouble()).isCloseTo(Math.sqrt(1 / 18.0 / 3), within(0.01));

        java.nio.file.Path file = java.nio.file.Files.createTempDirectory("json").resolve("results.json");
        new JsonFormat().create(file, dev.agenteval.spi.ReportOptions.none().with(
                dev.agenteval.results.stats.Confidence.class, new dev.agenteval.results.stats.Confidence(0.9, 5)))
                .write(SampleResults.mixed());
        JsonNode at90 = MAPPER.readTree(file.toFile());
        assertThat(at90.at("/scorers/0/interval/level").asDouble()).isEqualTo(0.9);
        assertThat(at90.at("/summary/passRateInterval/level").asDouble()).isEqualTo(0.9);
        assertThat(at90.at("/summary/passRateInterval/high").asDouble())
                .isLessThan(root.at("/summary/passRateInterval/high").asDouble());
    }

    private JsonNode caseNode(String id) {
        for (JsonNode c : root.get("cases")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no case " + id + " in " + text);
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
