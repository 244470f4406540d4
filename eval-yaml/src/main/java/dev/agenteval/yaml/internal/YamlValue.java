package dev.agenteval.yaml.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML value as read from a file, after aliases, merge keys and bare {@code {{placeholders}}}
 * were resolved: a mapping, a list or a scalar, each with its 1-based line and column.
 */
public sealed interface YamlValue permits YamlValue.Mapping, YamlValue.Sequence, YamlValue.Scalar {

    /** 1-based line of the value's first character. */
    int line();

    /** 1-based column of the value's first character. */
    int column();

    /** What the value is, for messages: "a mapping", "a list", "a string", ... */
    String describe();

    /** The value as plain Java JSON-like data: LinkedHashMap, List, String, Long, Double, Boolean, null. */
    Object toJson();

    /** One key and its value; the key keeps its own position for messages. */
    record Entry(Scalar key, YamlValue value) {
        String name() {
            return key.text();
        }
    }

    /** A mapping with unique string keys in file order. */
    record Mapping(int line, int column, List<Entry> entries, Map<String, Entry> byKey) implements YamlValue {

        Mapping(int line, int column, List<Entry> entries) {
            this(line, column, List.copyOf(entries), index(entries));
        }

        private static Map<String, Entry> index(List<Entry> entries) {
            Map<String, Entry> map = new LinkedHashMap<>();
            for (Entry e : entries) {
                map.putIfAbsent(e.name(), e);
            }
            return Collections.unmodifiableMap(map);
        }

        Entry entry(String key) {
            return byKey.get(key);
        }

        @Override
        public String describe() {
            return "a mapping";
        }

        @Override
        public Object toJson() {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Entry e : entries) {
                map.put(e.name(), e.value().toJson());
            }
            return map;
        }
    }

    /** A list. */
    record Sequence(int line, int column, List<YamlValue> items) implements YamlValue {

        @Override
        public String describe() {
            return "a list";
        }

        @Override
        public Object toJson() {
            return items.stream().map(YamlValue::toJson).toList();
        }
    }

    /** What a scalar resolved to under YAML 1.1 (the rules PyYAML and SnakeYAML share). */
    enum Kind { STRING, NUMBER, BOOLEAN, NULL }

    /**
     * A scalar: the text as written and its resolved value ({@link String}, {@link Long},
     * {@link java.math.BigInteger}, {@link Double}, {@link Boolean} or null).
     */
    record Scalar(int line, int column, String text, Kind kind, Object value) implements YamlValue {

        @Override
        public String describe() {
            return switch (kind) {
                case STRING -> "a string";
                case NUMBER -> "a number";
                case BOOLEAN -> "a boolean";
                case NULL -> "empty (null)";
            };
        }

        @Override
        public Object toJson() {
            return value;
        }
    }
}
