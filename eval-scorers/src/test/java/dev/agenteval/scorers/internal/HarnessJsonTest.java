package dev.agenteval.scorers.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HarnessJsonTest {

    @Test
    void should_print_a_nested_value_exactly_like_python_json_dumps() {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("type", "TEMP");
        item.put("value", 38.5);
        item.put("unitName", "°C");
        item.put("count", 120L);
        item.put("ok", true);
        item.put("gone", false);
        item.put("note", null);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("status", Map.of("state", "input-required"));
        root.put("items", List.of(item));
        root.put("text", "He said \"hi\"\nthen\tleft \\ back");
        root.put("nested", List.of(List.of(1L, 2.0), List.of(), Map.of()));

        // Expected string produced by CPython 3: json.dumps(obj, ensure_ascii=False)
        assertThat(HarnessJson.dumps(root)).isEqualTo("{\"status\": {\"state\": \"input-required\"}, "
                + "\"items\": [{\"type\": \"TEMP\", \"value\": 38.5, \"unitName\": \"°C\", \"count\": 120, "
                + "\"ok\": true, \"gone\": false, \"note\": null}], "
                + "\"text\": \"He said \\\"hi\\\"\\nthen\\tleft \\\\ back\", "
                + "\"nested\": [[1, 2.0], [], {}]}");
    }

    @Test
    void should_keep_map_insertion_order() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("z", 1L);
        m.put("a", 2L);
        m.put("m", 3L);
        assertThat(HarnessJson.dumps(m)).isEqualTo("{\"z\": 1, \"a\": 2, \"m\": 3}");
    }

    @Test
    void should_escape_strings_like_python() {
        assertThat(HarnessJson.dumps("\b\f\r\u0001\u001f")).isEqualTo("\"\\b\\f\\r\\u0001\\u001f\"");
        // DEL, non-ASCII, astral characters and U+2028 stay as they are with ensure_ascii=False
        assertThat(HarnessJson.dumps("\u007f é 😀 \u2028 /")).isEqualTo("\"\u007f é 😀 \u2028 /\"");
        assertThat(HarnessJson.dumps(Map.of("k\"ey", "v"))).isEqualTo("{\"k\\\"ey\": \"v\"}");
    }

    @Test
    void should_escape_other_control_characters_in_lowercase_hex() {
        assertThat(HarnessJson.dumps("\u001b")).isEqualTo("\"\\u001b\"");
    }

    @Test
    void should_print_floats_like_python_repr() {
        // Each pair checked against CPython 3: repr(float(x))
        assertThat(HarnessJson.dumps(List.of(120.0, 38.5, 1e-05, 1e16, 0.0001, 1e15, -0.0, 0.0, 0.1)))
                .isEqualTo("[120.0, 38.5, 1e-05, 1e+16, 0.0001, 1000000000000000.0, -0.0, 0.0, 0.1]");
        assertThat(HarnessJson.dumps(List.of(1.0 / 3, 5e-324, 1.7976931348623157e308, 2.5e-7, 8.41e21, 2e23)))
                .isEqualTo("[0.3333333333333333, 5e-324, 1.7976931348623157e+308, 2.5e-07, 8.41e+21, 2e+23]");
    }

    @Test
    void should_print_the_shortest_round_trip_digits_where_java_17_does_not() {
        // Java 17's Double.toString gives 1.37342863480957901E18 here; Python prints the shortest form
        double d = 1.373428634809579e18;
        assertThat(HarnessJson.pythonFloat(d)).isEqualTo("1.373428634809579e+18");
        assertThat(HarnessJson.pythonFloat(-9.334465534579821e17)).isEqualTo("-9.334465534579821e+17");
    }

    @Test
    void should_find_the_same_shortest_digits_with_the_fast_path_as_with_the_full_search() {
        // The fast path (Double.toString when it has at most 15 digits) must never differ from the
        // search: random bit patterns (every magnitude), short decimals and the values near them.
        java.util.Random random = new java.util.Random(8);
        List<Double> values = new java.util.ArrayList<>(List.of(1.373428634809579e18, 9.334465534579821e17, 2e23,
                5e-324, Double.MIN_NORMAL, Double.MAX_VALUE, 0.1, 0.3, 1.0 / 3, 38.5, 120.0, 1e15, 1e16, 123456789012345.0));
        for (int i = 0; i < 4_000; i++) {
            double d = Math.abs(Double.longBitsToDouble(random.nextLong()));
            if (Double.isFinite(d) && d != 0) {
                values.add(d);
            }
            double shortDecimal = Double.parseDouble((random.nextInt(2_000_000) - 1_000_000) / 1000.0 + "e" + (random.nextInt(40) - 20));
            if (shortDecimal != 0) {
                values.add(Math.abs(shortDecimal));
                values.add(Math.nextUp(Math.abs(shortDecimal)));
                values.add(Math.nextDown(Math.abs(shortDecimal)));
            }
        }
        for (double d : values) {
            assertThat(HarnessJson.shortestDigits(d)).as("shortest digits of %s", d).isEqualTo(HarnessJson.searchShortest(d));
        }
    }

    @Test
    void should_print_integers_as_digits_and_big_decimals_as_python_floats() {
        assertThat(HarnessJson.dumps(Arrays.asList(7L, 3, new BigInteger("123456789012345678901234567890"))))
                .isEqualTo("[7, 3, 123456789012345678901234567890]");
        // Python's json.loads reads "38.50" and "1E+2" as floats
        assertThat(HarnessJson.dumps(List.of(new BigDecimal("38.50"), new BigDecimal("1E+2"))))
                .isEqualTo("[38.5, 100.0]");
    }

    @Test
    void should_print_non_finite_floats_with_python_allow_nan_spellings() {
        assertThat(HarnessJson.dumps(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)))
                .isEqualTo("[NaN, Infinity, -Infinity]");
    }

    @Test
    void should_reject_values_that_are_not_json() {
        assertThatThrownBy(() -> HarnessJson.dumps(List.of(new Object())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a JSON value");
    }
}
