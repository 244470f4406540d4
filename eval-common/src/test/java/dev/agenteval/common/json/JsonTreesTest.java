package dev.agenteval.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared forms of JSON: values and trees convert both ways, and each writer keeps its exact text. */
class JsonTreesTest {

    private static Map<String, Object> sample() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("z", 1);
        inner.put("a", List.of(true, 2.5f, "x"));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", "n");
        root.put("inner", inner);
        root.put("none", null);
        root.put("big", new BigInteger("123456789012345678901234567890"));
        return root;
    }

    @Test
    void values_and_trees_convert_both_ways_keeping_order_with_integers_as_long() {
        Object value = JsonTrees.toValue(JsonTrees.toNode(sample()));

        assertThat(value).isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        assertThat(map.keySet()).containsExactly("name", "inner", "none", "big");
        assertThat(map.get("none")).isNull();
        assertThat(map.get("inner")).isEqualTo(Map.of("z", 1L, "a", List.of(true, 2.5, "x")));
        assertThat(map.get("big")).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(JsonTrees.toValue(JsonTrees.parseOrNull("{\"b\":1,\"a\":[1.5,null]}")))
                .isEqualTo(Map.of("b", 1L, "a", Arrays.asList(1.5, null)));
    }

    @Test
    void compact_and_pretty_text() {
        assertThat(JsonTrees.compact(sample()))
                .isEqualTo("{\"name\":\"n\",\"inner\":{\"z\":1,\"a\":[true,2.5,\"x\"]},\"none\":null,"
                        + "\"big\":123456789012345678901234567890}");
        assertThat(JsonTrees.pretty(Map.of("a", List.of(1, 2))))
                .isEqualTo("{\n  \"a\": [\n    1,\n    2\n  ]\n}");
        assertThat(JsonTrees.pretty(List.of())).isEqualTo("[ ]");
    }

    @Test
    void canonical_sorts_the_keys_of_every_map() throws Exception {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("y", 1);
        inner.put("b", 2);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("z", List.of(inner));
        root.put("a", null);

        assertThat(JsonTrees.CANONICAL.writeValueAsString(root)).isEqualTo("{\"a\":null,\"z\":[{\"b\":2,\"y\":1}]}");
        assertThat(JsonTrees.MAPPER.writeValueAsString(root)).isEqualTo("{\"z\":[{\"y\":1,\"b\":2}],\"a\":null}");
    }

    @Test
    void parse_or_null_is_null_for_what_is_not_json() {
        assertThat(JsonTrees.parseOrNull("{not json")).isNull();
        assertThat(JsonTrees.parseOrNull("").isMissingNode()).isTrue();
        assertThat(JsonTrees.parseOrNull("[1]").get(0).asInt()).isEqualTo(1);
    }
}
