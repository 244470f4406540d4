package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MustIncludeJsonScorerTest {

    private static final Map<String, Object> VITALS = Map.of("items", List.of(
            Map.of("type", "PULSE", "value", 90L, "unitName", "Bpm"),
            Map.of("type", "TEMP", "value", 38.5, "unitName", "°C", "measuredAt", "10:00"),
            Map.of("type", "SYS", "value", 120.0, "unitName", "mmHg")));

    private final MustIncludeJsonScorerFactory factory = new MustIncludeJsonScorerFactory();

    @SafeVarargs
    private static AgentResponse data(Map<String, ?>... parts) {
        AgentResponse.Builder b = AgentResponse.builder();
        for (Map<String, ?> p : parts) {
            b.part(Part.data(p));
        }
        return b.build();
    }

    @Test
    void should_pass_for_a_partial_out_of_order_fragment() throws Exception {
        ScoreResult r = score(factory, Scorers.mustIncludeJson(Map.of("items", List.of(
                Map.of("type", "TEMP", "value", 38.5, "unitName", "°C"),
                Map.of("type", "SYS", "value", 120L, "unitName", "mmHg")))), data(Map.of("other", 1L), VITALS));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks().get(0).detail()).isEqualTo("matched data part 2");
    }

    @Test
    void should_fail_for_a_value_of_another_type_naming_where() throws Exception {
        ScoreResult r = score(factory, Scorers.mustIncludeJson(
                Map.of("items", List.of(obj("type", "TEMP", "value", "38.5")))), data(VITALS));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).label()).isEqualTo("{\"items\": [{\"type\": \"TEMP\", \"value\": \"38.5\"}]}");
        assertThat(r.checks().get(0).detail())
                .isEqualTo("data part 1: $.items: no element matches {\"type\": \"TEMP\", \"value\": \"38.5\"}");
    }

    @Test
    void should_check_each_fragment_separately() throws Exception {
        ScoreResult r = score(factory, Scorers.mustIncludeJson(Map.of("items", List.of()), Map.of("total", 3L)),
                data(VITALS, Map.of("total", 4L)));

        assertThat(r.checks()).extracting(Check::passed).containsExactly(true, false);
        assertThat(r.checks().get(1).detail()).isEqualTo(
                "matched none of 2 data parts; data part 1: $.total: missing; data part 2: $.total: expected 3 but was 4");
        assertThat(r.value()).isEqualTo(0.5);
    }

    @Test
    void should_match_list_and_scalar_fragments_against_payloads_of_any_json_value() throws Exception {
        AgentResponse parts = AgentResponse.builder().part(Part.data(List.of(obj("a", 1L, "b", 2L), "x", 3L)))
                .part(Part.data(120.0)).part(Part.data(true)).part(Part.data("38.5")).part(Part.data(null)).build();

        ScoreResult r = score(factory, Scorers.mustIncludeJson(
                List.of(3L, Map.of("a", 1L)), List.of(), 120L, true, "38.5", null,
                List.of("y"), 1L, 38.5, Map.of()), parts);

        assertThat(r.checks()).extracting(Check::detail).containsExactly(
                "matched data part 1", "matched data part 1", "matched data part 2", "matched data part 3",
                "matched data part 4", "matched data part 5",
                "matched none of 5 data parts; data part 1: $: no element matches \"y\"; data part 2: $: expected a list"
                        + " but was 120.0; data part 3: $: expected a list but was true",
                "matched none of 5 data parts; data part 1: $: expected 1 but was [{\"a\": 1, \"b\": 2}, \"x\", 3];"
                        + " data part 2: $: expected 1 but was 120.0; data part 3: $: expected 1 but was true",
                "matched none of 5 data parts; data part 1: $: expected 38.5 but was [{\"a\": 1, \"b\": 2}, \"x\", 3];"
                        + " data part 2: $: expected 38.5 but was 120.0; data part 3: $: expected 38.5 but was true",
                "matched none of 5 data parts; data part 1: $: expected an object but was [{\"a\": 1, \"b\": 2}, \"x\", 3];"
                        + " data part 2: $: expected an object but was 120.0; data part 3: $: expected an object but was true");
    }

    @Test
    void should_fail_without_data_parts() throws Exception {
        ScoreResult r = score(factory, Scorers.mustIncludeJson(Map.of("a", 1L)), AgentResponse.ofText("{\"a\": 1}"));

        assertThat(r.checks().get(0).detail()).isEqualTo("no data parts in response");
    }

    @Test
    void should_accept_fragments_of_any_json_value_and_refuse_none() {
        assertThat(factory.validate(ScorerSpec.of("must_include_json", Map.of("fragments", List.of(Map.of(), "TEMP")))))
                .isEmpty();
        assertThat(factory.validate(ScorerSpec.of("must_include_json")))
                .containsExactly("needs 'fragments' (a non-empty list of JSON values)");
    }
}
