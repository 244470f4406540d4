package dev.agenteval.scorers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonSubsetTest {

    @Test
    void should_match_an_object_subset_ignoring_extra_keys() {
        Map<String, Object> actual = Map.of("type", "TEMP", "value", 38.5, "unitName", "°C", "id", 7L);

        assertThat(JsonSubset.matches(Map.of("type", "TEMP", "unitName", "°C"), actual)).isTrue();
        assertThat(JsonSubset.matches(Map.of(), actual)).isTrue();
        assertThat(JsonSubset.matches(Map.of("type", "TEMP", "source", "x"), actual)).isFalse();
        assertThat(JsonSubset.mismatch(Map.of("source", "x"), actual)).isEqualTo("$.source: missing");
    }

    @Test
    void should_match_list_elements_in_any_order_and_partially() {
        List<Object> actual = List.of(Map.of("type", "SYS", "value", 120L), Map.of("type", "TEMP", "value", 38.5));

        assertThat(JsonSubset.matches(List.of(Map.of("type", "TEMP"), Map.of("type", "SYS")), actual)).isTrue();
        assertThat(JsonSubset.matches(List.of(Map.of("type", "DIAS")), actual)).isFalse();
        assertThat(JsonSubset.mismatch(Map.of("items", List.of(Map.of("type", "DIAS"))), Map.of("items", actual)))
                .isEqualTo("$.items: no element matches {\"type\": \"DIAS\"}");
    }

    @Test
    void should_compare_scalars_type_sensitively_but_numbers_by_value() {
        assertThat(JsonSubset.matches(120L, 120.0)).isTrue();
        assertThat(JsonSubset.matches(new BigDecimal("38.50"), 38.5)).isTrue();
        assertThat(JsonSubset.matches(38.5, "38.5")).isFalse();
        assertThat(JsonSubset.matches(true, 1L)).isFalse();
        assertThat(JsonSubset.matches(1L, true)).isFalse();
        assertThat(JsonSubset.matches(null, null)).isTrue();
        assertThat(JsonSubset.matches(null, "null")).isFalse();
        assertThat(JsonSubset.matches("x", null)).isFalse();
    }

    @Test
    void should_tell_where_a_nested_value_differs() {
        Map<String, Object> actual = Map.of("items", List.of(Map.of("type", "TEMP", "value", "38.5")));

        assertThat(JsonSubset.mismatch(Map.of("items", List.of(Map.of("type", "TEMP", "value", 38.5))), actual))
                .isEqualTo("$.items[0].value: expected 38.5 but was \"38.5\"");
        assertThat(JsonSubset.mismatch(Map.of("items", Map.of("a", 1L)), actual))
                .startsWith("$.items: expected an object but was [");
        assertThat(JsonSubset.mismatch(Map.of("unit name", List.of(1L)), Map.of("unit name", "x")))
                .isEqualTo("$[\"unit name\"]: expected a list but was \"x\"");
        assertThat(JsonSubset.mismatch(Map.of("a", List.of(1L)), Map.of("a", List.of())))
                .isEqualTo("$.a: no element matches 1 (the list is empty)");
    }

    @Test
    void should_treat_a_declared_null_as_a_value_that_must_be_null() {
        Map<String, Object> withNull = Collections.singletonMap("note", null);

        assertThat(JsonSubset.matches(withNull, withNull)).isTrue();
        assertThat(JsonSubset.matches(withNull, Map.of())).isFalse();
        assertThat(JsonSubset.matches(withNull, Map.of("note", "x"))).isFalse();
        assertThat(JsonSubset.matches(Map.of("a", Arrays.asList(1L, null)), Map.of("a", Arrays.asList(null, 2L, 1L)))).isTrue();
    }
}
