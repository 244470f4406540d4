package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonPathScorerTest {

    private static final Map<String, Object> VITALS = Map.of("items", List.of(
            Map.of("type", "TEMP", "value", 38.5, "unit", "°C😀", "timestamp", "2024-05-01T10:00:00Z"),
            Map.of("type", "SYS", "value", 120L, "unit", "mmHg", "timestamp", "2024-05-01T10:01:00Z"),
            Map.of("type", "DIAS", "value", 80L, "unit", "mmHg", "timestamp", "2024-05-01T10:02:00Z")));

    private final JsonPathScorerFactory factory = new JsonPathScorerFactory();

    @SafeVarargs
    private static AgentResponse data(Map<String, ?>... parts) {
        AgentResponse.Builder b = AgentResponse.builder().part(Part.text("Here are the vitals"));
        for (Map<String, ?> p : parts) {
            b.part(Part.data(p));
        }
        return b.build();
    }

    private ScoreResult score1(JsonPathCheck check, AgentResponse response) throws Exception {
        return score(factory, Scorers.jsonPath(check), response);
    }

    @Test
    void should_pass_the_readme_examples() throws Exception {
        ScoreResult r = score(factory, Scorers.jsonPath(
                JsonPathCheck.at("$.items").length(3),
                JsonPathCheck.at("$.items[*].type").contains("TEMP", "SYS"),
                JsonPathCheck.at("$.items[*].value").min(0).max(300),
                JsonPathCheck.at("$.items[*].timestamp").regex("^\\d{4}-\\d{2}-\\d{2}T")), data(VITALS));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).extracting(Check::label).containsExactly(
                "$.items length=3",
                "$.items[*].type contains=[\"TEMP\", \"SYS\"]",
                "$.items[*].value min=0 max=300",
                "$.items[*].timestamp regex=^\\d{4}-\\d{2}-\\d{2}T");
        assertThat(r.checks()).extracting(Check::detail).containsOnly("held on data part 1");
    }

    @Test
    void should_measure_a_single_matched_list_and_say_what_it_measured() throws Exception {
        ScoreResult r = score1(JsonPathCheck.at("$.items").length(4), data(VITALS));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo("data part 1: length 3 (list), expected 4");
    }

    @Test
    void should_measure_a_single_matched_string_in_code_points() throws Exception {
        assertThat(score1(JsonPathCheck.at("$.items[0].unit").length(3), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[0].unit").length(4), data(VITALS)).checks().get(0).detail())
                .isEqualTo("data part 1: length 3 (string), expected 4");
    }

    @Test
    void should_count_matches_as_the_length_of_several_matched_nodes() throws Exception {
        assertThat(score1(JsonPathCheck.at("$.items[*].unit").length(3), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[*].unit").length(4), data(VITALS)).checks().get(0).detail())
                .isEqualTo("data part 1: length 3 (matches), expected 4");
    }

    @Test
    void should_count_raw_matched_nodes() throws Exception {
        assertThat(score1(JsonPathCheck.at("$.items").count(1), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[*]").count(3), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[?(@.unit == 'mmHg')]").count(3), data(VITALS)).checks().get(0).detail())
                .isEqualTo("data part 1: count 2, expected 3");
    }

    @Test
    void should_fail_min_when_a_matched_value_is_not_a_number() throws Exception {
        ScoreResult r = score1(JsonPathCheck.at("$.items[*].type").min(0), data(VITALS));

        assertThat(r.checks().get(0).detail()).isEqualTo("data part 1: \"TEMP\" is not a number");
    }

    @Test
    void should_fail_max_naming_the_value_above_it() throws Exception {
        ScoreResult r = score1(JsonPathCheck.at("$.items[*].value").max(100), data(VITALS));

        assertThat(r.checks().get(0).detail()).isEqualTo("data part 1: 120 is above max 100");
    }

    @Test
    void should_not_treat_booleans_as_numbers_nor_nothing_as_in_range() throws Exception {
        AgentResponse response = data(Map.of("flag", true));

        assertThat(score1(JsonPathCheck.at("$.flag").min(0), response).checks().get(0).detail())
                .isEqualTo("data part 1: true is not a number");
        assertThat(score1(JsonPathCheck.at("$.missing").max(10), response).checks().get(0).detail())
                .isEqualTo("data part 1: matched nothing");
    }

    @Test
    void should_fail_regex_on_a_non_matching_string() throws Exception {
        ScoreResult r = score1(JsonPathCheck.at("$.items[*].type").regex("^[A-Z]{3,4}$"), data(VITALS));
        ScoreResult numbers = score1(JsonPathCheck.at("$.items[*].value").regex("\\d"), data(VITALS));
        ScoreResult partial = score1(JsonPathCheck.at("$.items[*].type").regex("^T"), data(VITALS));

        assertThat(r.passed()).isTrue();
        assertThat(numbers.checks().get(0).detail()).isEqualTo("data part 1: 38.5 is not a string");
        assertThat(partial.checks().get(0).detail()).isEqualTo("data part 1: \"SYS\" does not match ^T");
    }

    @Test
    void should_check_absence_with_exists_false() throws Exception {
        assertThat(score1(JsonPathCheck.at("$.error").exists(false), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[*].type").exists(true), data(VITALS)).passed()).isTrue();
        ScoreResult r = score1(JsonPathCheck.at("$.items[*].type").exists(false), data(VITALS));
        assertThat(r.checks().get(0).detail()).isEqualTo("data part 1: matched 3 nodes, expected none");
        assertThat(score1(JsonPathCheck.at("$.error").exists(true), data(VITALS)).checks().get(0).detail())
                .isEqualTo("data part 1: matched nothing, expected a match");
    }

    @Test
    void should_not_look_inside_a_matched_list_for_contains() throws Exception {
        Map<String, Object> tags = Map.of("tags", List.of("urgent", "cardio"));

        assertThat(score1(JsonPathCheck.at("$.tags").contains("cardio"), data(tags)).checks().get(0).detail())
                .isEqualTo("data part 1: missing \"cardio\" among the matches [[\"urgent\", \"cardio\"]]");
        assertThat(score1(JsonPathCheck.at("$.tags").contains(List.of("urgent", "cardio")), data(tags)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.tags").contains(List.of("cardio", "urgent")), data(tags)).passed()).isFalse();
        assertThat(score1(JsonPathCheck.at("$.tags[*]").contains("urgent", "cardio"), data(tags)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.tags[*]").contains("neuro"), data(tags)).checks().get(0).detail())
                .isEqualTo("data part 1: missing \"neuro\" among the matches [\"urgent\", \"cardio\"]");
    }

    @Test
    void should_match_objects_as_subsets_in_equals_and_contains() throws Exception {
        Map<String, Object> doc = Map.of("rows", List.of(Map.of("c", "A", "n", 1L), Map.of("c", "B", "n", 2L)));

        assertThat(score1(JsonPathCheck.at("$.rows[*]").contains(Map.of("c", "B")), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.rows[0]").isEqualTo(Map.of("c", "A")), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.rows[0]").isEqualTo(Map.of("c", "B")), data(doc)).passed()).isFalse();
        assertThat(score1(JsonPathCheck.at("$.rows[*]").isEqualTo(List.of(Map.of("c", "A"), Map.of("n", 2L))), data(doc))
                .passed()).isTrue();
    }

    @Test
    void should_take_the_length_of_one_matched_list_or_string_and_otherwise_count_the_matches() throws Exception {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("obj", Map.of("a", 1L, "b", 2L, "c", 3L));
        doc.put("word", "h\u00e9\uD83D\uDE00");
        doc.put("list", List.of(1L, 2L));

        assertThat(score1(JsonPathCheck.at("$.obj").length(1), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.obj").length(3), data(doc)).checks().get(0).detail())
                .isEqualTo("data part 1: length 1 (matches), expected 3");
        assertThat(score1(JsonPathCheck.at("$.word").length(3), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.list").length(2), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.list[*]").length(2), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.*").length(3), data(doc)).passed()).isTrue();
    }

    @Test
    void should_require_all_comparators_on_the_same_data_part() throws Exception {
        Map<String, Object> small = Map.of("items", List.of(1L, 2L));
        Map<String, Object> big = Map.of("items", List.of(1L, 2L, 3L), "extra", true);
        JsonPathCheck check = JsonPathCheck.at("$.items[*]").length(3).contains(1L).count(3);
        JsonPathCheck split = JsonPathCheck.at("$.items").length(2);

        ScoreResult onOnePart = score1(check, data(small, big));
        ScoreResult acrossParts = score(factory, Scorers.jsonPath(
                JsonPathCheck.at("$.items[*]").length(3).contains(1L),
                JsonPathCheck.at("$.extra").isEqualTo(true)), data(small, big));
        assertThat(onOnePart.passed()).isTrue();
        assertThat(acrossParts.passed()).isTrue();

        // each comparator holds on some part, but never both on the same one
        ScoreResult r = score1(JsonPathCheck.at("$.items[*]").length(3).isEqualTo(List.of(1L, 2L)), data(small, big));
        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo(
                "held on none of 2 data parts; closest, data part 1: length 2 (matches), expected 3");
        assertThat(score1(split, data(small, big)).checks().get(0).detail()).isEqualTo("held on data part 1");
    }

    @Test
    void should_compare_an_expected_list_with_the_matches_themselves() throws Exception {
        Map<String, Object> doc = Map.of("codes", List.of("A", "B"), "rows", List.of(Map.of("c", "A"), Map.of("c", "B")),
                "none", List.of());

        assertThat(score1(JsonPathCheck.at("$.codes[*]").isEqualTo(List.of("A", "B")), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.rows[*].c").isEqualTo(List.of("A", "B")), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.codes").isEqualTo(List.of("A", "B")), data(doc)).checks().get(0).detail())
                .isEqualTo("data part 1: expected the matches to be [\"A\", \"B\"] but they were [[\"A\", \"B\"]]");
        assertThat(score1(JsonPathCheck.at("$.codes").isEqualTo(List.of(List.of("A", "B"))), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.none").isEqualTo(List.of()), data(doc)).passed()).isFalse();
        assertThat(score1(JsonPathCheck.at("$.none[*]").isEqualTo(List.of()), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.codes[*]").isEqualTo(List.of("B", "A")), data(doc)).checks().get(0).detail())
                .isEqualTo("data part 1: expected the matches to be [\"B\", \"A\"] but they were [\"A\", \"B\"]");
    }

    @Test
    void should_evaluate_data_parts_of_any_json_value() throws Exception {
        AgentResponse parts = AgentResponse.builder().part(Part.data(List.of(1L, 2L, 3L))).part(Part.data("hello"))
                .part(Part.data(42L)).part(Part.data(null)).build();

        assertThat(score1(JsonPathCheck.at("$[*]").count(3), parts).checks().get(0).detail()).isEqualTo("held on data part 1");
        assertThat(score1(JsonPathCheck.at("$").isEqualTo("hello"), parts).checks().get(0).detail())
                .isEqualTo("held on data part 2");
        assertThat(score1(JsonPathCheck.at("$").min(40L).max(42L), parts).checks().get(0).detail())
                .isEqualTo("held on data part 3");
        assertThat(score1(JsonPathCheck.at("$").isEqualTo(null), parts).checks().get(0).detail())
                .isEqualTo("held on data part 4");
        assertThat(score1(JsonPathCheck.at("$.x").exists(true), parts).passed()).isFalse();
    }

    @Test
    void should_require_every_matched_value_to_equal_a_scalar() throws Exception {
        assertThat(score1(JsonPathCheck.at("$.items[1:].unit").isEqualTo("mmHg"), data(VITALS)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.items[*].unit").isEqualTo("mmHg"), data(VITALS)).checks().get(0).detail())
                .startsWith("data part 1: expected \"mmHg\" but was [\"°C😀\", \"mmHg\", \"mmHg\"]");
        assertThat(score1(JsonPathCheck.at("$.nothing").isEqualTo("x"), data(VITALS)).checks().get(0).detail())
                .isEqualTo("data part 1: matched nothing");
    }

    @Test
    void should_compare_numbers_by_value_but_keep_types_apart() throws Exception {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("sys", 120L);
        doc.put("temp", 38.5);
        doc.put("text", "38.5");
        doc.put("flag", true);
        doc.put("big", new BigDecimal("120.00"));

        assertThat(score1(JsonPathCheck.at("$.sys").isEqualTo(120.0), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.big").isEqualTo(120L), data(doc)).passed()).isTrue();
        assertThat(score1(JsonPathCheck.at("$.temp").isEqualTo("38.5"), data(doc)).checks().get(0).detail())
                .isEqualTo("data part 1: expected \"38.5\" but was 38.5");
        assertThat(score1(JsonPathCheck.at("$.text").isEqualTo(38.5), data(doc)).passed()).isFalse();
        assertThat(score1(JsonPathCheck.at("$.flag").isEqualTo(1L), data(doc)).passed()).isFalse();
        assertThat(score1(JsonPathCheck.at("$.flag").isEqualTo(true), data(doc)).passed()).isTrue();
    }

    @Test
    void should_fail_when_the_response_has_no_data_parts() throws Exception {
        ScoreResult r = score1(JsonPathCheck.at("$.items").exists(false), AgentResponse.ofText("no data"));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo("no data parts in response");
    }

    @Test
    void should_say_what_is_wrong_with_a_malformed_path_never_a_raw_exception() {
        Map<String, String> why = new LinkedHashMap<>();
        why.put("$.", "it ends with '.' at character 2; a name, * or [...] must follow");
        why.put("$[", "the '[' at character 2 is never closed");
        why.put("$..", "it ends with '..' at character 2; a name, * or [...] must follow");
        why.put("$['a", "the quote (') at character 3 is never closed");
        why.put("$.a[?(@.b==", "the '(' at character 6 is never closed");
        why.put("a.b", "it does not start with '$' (the root), as in $.items or $['a b']");
        why.put("$.a[", "the '[' at character 4 is never closed"); // json-path reads it as $.a
        why.put("$..[", "the '[' at character 4 is never closed"); // json-path: StringIndexOutOfBoundsException
        why.put("$.a[?(@.b=='x'", "the '(' at character 6 is never closed");
        why.put("$.a[?(@.b)", "the '[' at character 4 is never closed");
        why.put("$[?(@.a =~ /x)]", "the regex at character 12 is never closed by a '/'");
        why.put("$.a)", "the ')' at character 4 closes nothing (no '(' is open)");
        why.put("$.a[?(@.b])", "the '(' at character 6 is closed by ']' at character 10");
        why.put("$ a", "Illegal character at position 1 expected '.' or '['"); // the compiler's own words
        for (Map.Entry<String, String> e : why.entrySet()) {
            ScorerSpec spec = ScorerSpec.of("jsonpath", Map.of("assertions", List.of(
                    Map.of("path", "$.ok", "exists", true), Map.of("path", e.getKey(), "exists", true))));

            assertThat(factory.validate(spec)).as(e.getKey()).containsExactly(
                    "jsonpath assertion 2 has an invalid path '" + e.getKey() + "': " + e.getValue());
            assertThat(factory.problems(spec).get(0).parameter()).isEqualTo(List.of("assertions", 1, "path"));
        }
        assertThat(factory.validate(ScorerSpec.of("jsonpath", Map.of("assertions", List.of(
                Map.of("path", "", "exists", true))))))
                .containsExactly("jsonpath assertion 1 has a path that is not a non-blank string: \"\"");
    }

    @Test
    void should_accept_well_formed_paths_with_brackets_in_quotes_and_regexes() {
        for (String path : List.of("$", "$.a", "$..a", "$..*", "$['a b']", "$[\"a]\"]", "$.a[*].b", "$.a[0:2]",
                "$.a[-1]", "$['a','b']", "$.a[?(@.b == 'x]')]", "$.a[?(@.b =~ /[(]x/)]", "$.a[?(@.b in ['x', 'y'])]",
                "$.a.length()", "$.a[?(@.b == 'it\\'s')]")) {
            assertThat(factory.validate(ScorerSpec.of("jsonpath", Map.of("assertions", List.of(
                    Map.of("path", path, "exists", true)))))).as(path).isEmpty();
        }
    }

    @Test
    void should_report_bad_assertions() {
        ScorerSpec spec = ScorerSpec.of("jsonpath", Map.of("assertions", List.of(
                Map.of("length", 4L),
                Map.of("path", "$.items", "lenght", 4L),
                Map.of("path", "$.[bad", "exists", true),
                Map.of("path", "$.a", "regex", "(x", "min", "zero"),
                Map.of("path", "$.a"),
                "oops")));

        assertThat(factory.validate(spec)).satisfiesExactly(
                p -> assertThat(p).isEqualTo("jsonpath assertion 1 needs a path"),
                p -> assertThat(p).isEqualTo("jsonpath assertion 2 has unknown comparator 'lenght'"
                        + " (known: equals, contains, length, count, min, max, regex, exists)"),
                p -> assertThat(p).isEqualTo("jsonpath assertion 3 has an invalid path '$.[bad': the '[' at character 3"
                        + " is never closed"),
                p -> assertThat(p).isIn("jsonpath assertion 4: 'min' must be a number but was \"zero\"",
                        "jsonpath assertion 4: 'regex' is not a valid regular expression: '(x' (Unclosed group near index 2)"),
                p -> assertThat(p).isIn("jsonpath assertion 4: 'min' must be a number but was \"zero\"",
                        "jsonpath assertion 4: 'regex' is not a valid regular expression: '(x' (Unclosed group near index 2)"),
                p -> assertThat(p).startsWith("jsonpath assertion 5 has no comparator"),
                p -> assertThat(p).isEqualTo("jsonpath assertion 6 must be a map with a path and comparators but was \"oops\""));
        assertThat(factory.validate(ScorerSpec.of("jsonpath", Map.of("assertions", List.of()))))
                .containsExactly("'assertions' must be a non-empty list of {path, comparators} maps but was []");
        assertThat(factory.validate(ScorerSpec.of("jsonpath", Map.of("assertions", List.of(
                Map.of("path", "$.a", "length", -1L, "contains", "x", "exists", "yes"))))))
                .containsExactlyInAnyOrder(
                        "jsonpath assertion 1: 'length' must be a whole number >= 0 but was -1",
                        "jsonpath assertion 1: 'contains' must be a non-empty list but was \"x\"",
                        "jsonpath assertion 1: 'exists' must be true or false but was \"yes\"");
    }
}
