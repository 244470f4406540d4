package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.TaskState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubstringScorersTest {

    private static final Map<String, Object> TASK = Map.of(
            "id", "t1",
            "status", Map.of("state", "input-required"),
            "history", List.of(Map.of("role", "user", "parts", List.of(Map.of("kind", "text", "text", "my secret word")))),
            "artifacts", List.of(Map.of("parts", List.of(
                    Map.of("kind", "data", "data", Map.of("unitName", "°C", "value", 38.5)),
                    Map.of("kind", "text", "text", "Temperature noted")))));

    private static AgentResponse raw(Object raw) {
        return AgentResponse.builder().text("Temperature noted").raw(raw).build();
    }

    @Test
    void should_pass_must_include_with_the_exact_python_separator_and_unescaped_unicode() throws Exception {
        ScoreResult r = score(new MustIncludeScorerFactory(),
                Scorers.mustInclude("\"state\": \"input-required\"", "°C", "\"value\": 38.5"), raw(TASK));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).extracting(Check::label)
                .containsExactly("\"state\": \"input-required\"", "°C", "\"value\": 38.5");
        assertThat(r.checks()).extracting(Check::detail).containsOnly("found in response");
    }

    @Test
    void should_fail_must_include_for_compact_separators_java_serialisers_would_use() throws Exception {
        ScoreResult r = score(new MustIncludeScorerFactory(), Scorers.mustInclude("\"state\":\"input-required\""), raw(TASK));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo("not found in response");
        assertThat(r.reason()).isEqualTo("\"state\":\"input-required\": not found in response");
    }

    @Test
    void should_not_let_text_only_in_the_history_satisfy_must_include() throws Exception {
        ScoreResult bare = score(new MustIncludeScorerFactory(), Scorers.mustInclude("secret word"), raw(TASK));
        ScoreResult wrapped = score(new MustIncludeScorerFactory(), Scorers.mustInclude("secret word"),
                raw(Map.of("task", TASK)));
        ScoreResult rpc = score(new MustIncludeScorerFactory(), Scorers.mustInclude("secret word"),
                raw(Map.of("jsonrpc", "2.0", "result", TASK)));
        ScoreResult rpcWrapped = score(new MustIncludeScorerFactory(), Scorers.mustInclude("secret word"),
                raw(Map.of("jsonrpc", "2.0", "id", 1L, "result", Map.of("task", TASK))));

        assertThat(List.of(bare, wrapped, rpc, rpcWrapped)).extracting(ScoreResult::status)
                .containsOnly(ScoreStatus.FAILED);
        assertThat(rpcWrapped.checks().get(0).detail()).isEqualTo("not found in response");
    }

    @Test
    void should_search_the_task_without_its_json_rpc_envelope() throws Exception {
        Map<String, Object> rpc = new java.util.LinkedHashMap<>();
        rpc.put("jsonrpc", "2.0");
        rpc.put("id", 7L);
        rpc.put("result", Map.of("task", TASK));

        ScoreResult envelope = score(new MustNotIncludeScorerFactory(), Scorers.mustNotInclude("jsonrpc", "secret"), raw(rpc));
        ScoreResult task = score(new MustIncludeScorerFactory(), Scorers.mustInclude("{\"task\": {", "\"id\": \"t1\""), raw(rpc));

        assertThat(envelope.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(task.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_search_the_rest_of_a_wrapped_task() throws Exception {
        ScoreResult r = score(new MustIncludeScorerFactory(), Scorers.mustInclude("Temperature noted", "\"id\": \"t1\""),
                raw(Map.of("task", TASK)));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_search_the_synthetic_json_when_the_client_kept_no_raw_response() throws Exception {
        AgentResponse response = AgentResponse.builder().state(TaskState.INPUT_REQUIRED).part(Part.text("Which day?")).build();

        ScoreResult r = score(new MustIncludeScorerFactory(), Scorers.mustInclude("\"state\": \"input-required\""), response);

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_fail_must_not_include_showing_where_the_value_was_found() throws Exception {
        ScoreResult r = score(new MustNotIncludeScorerFactory(), Scorers.mustNotInclude("error", "°C"), raw(TASK));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0)).isEqualTo(Check.pass("error", "not found in response"));
        assertThat(r.checks().get(1).passed()).isFalse();
        assertThat(r.checks().get(1).detail()).startsWith("found in response: ").contains("\"unitName\": \"°C\"");
        assertThat(r.value()).isEqualTo(0.5);
    }

    @Test
    void should_pass_must_not_include_when_the_value_is_only_in_the_history() throws Exception {
        ScoreResult r = score(new MustNotIncludeScorerFactory(), Scorers.mustNotInclude("secret"), raw(TASK));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_check_contains_over_the_answer_text_only() throws Exception {
        AgentResponse response = AgentResponse.builder().text("Hello there").raw(Map.of("debug", "internal")).build();

        ScoreResult r = score(new ContainsScorerFactory(), Scorers.contains("Hello", "internal", "hello"), response);

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks()).extracting(Check::passed).containsExactly(true, false, false);
        assertThat(r.checks().get(1).detail()).isEqualTo("not found in answer text");
    }

    @Test
    void should_ignore_case_in_contains_when_asked() throws Exception {
        ScoreResult r = score(new ContainsScorerFactory(), Scorers.containsIgnoringCase("HELLO", "There"),
                AgentResponse.ofText("Hello there"));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_fail_not_contains_when_the_answer_has_the_value() throws Exception {
        ScoreResult pass = score(new NotContainsScorerFactory(), Scorers.notContains("sorry"), AgentResponse.ofText("Done."));
        ScoreResult fail = score(new NotContainsScorerFactory(), Scorers.notContains("sorry"),
                AgentResponse.ofText("I am sorry, I cannot"));
        ScoreResult caseInsensitive = score(new NotContainsScorerFactory(),
                ScorerSpec.of("not_contains", Map.of("values", List.of("SORRY"), "ignoreCase", true)),
                AgentResponse.ofText("I am sorry"));

        assertThat(pass.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(fail.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(fail.checks().get(0).detail()).isEqualTo("found in answer text: I am sorry, I cannot");
        assertThat(caseInsensitive.status()).isEqualTo(ScoreStatus.FAILED);
    }

    @Test
    void should_report_bad_values() {
        assertThat(new MustIncludeScorerFactory().validate(ScorerSpec.of("must_include")))
                .containsExactly("needs 'values' (a non-empty list of strings)");
        assertThat(new MustIncludeScorerFactory().validate(ScorerSpec.of("must_include", Map.of("values", List.of()))))
                .containsExactly("'values' must be a non-empty list of strings but was []");
        assertThat(new ContainsScorerFactory().validate(ScorerSpec.of("contains", Map.of("values", "hello"))))
                .containsExactly("'values' must be a non-empty list of strings but was \"hello\"");
        assertThat(new ContainsScorerFactory().validate(
                ScorerSpec.of("contains", Map.of("values", List.of("a", 3), "ignoreCase", "yes"))))
                .containsExactly("'values' must be a non-empty list of strings, but item 2 is 3",
                        "'ignoreCase' must be true or false but was \"yes\"");
    }
}
