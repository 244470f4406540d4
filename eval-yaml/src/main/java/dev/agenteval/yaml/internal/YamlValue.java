package dev.agenteval.yaml.internal;

import java.util.ArrayList;
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

    /**
     * One key and its value; the key keeps its own position for messages. {@code origin} is the
     * file the entry was read from when it differs from its mapping's (a mapping merged from
     * several files, see {@link #merge}); null when it is its mapping's.
     */
    record Entry(Scalar key, YamlValue value, SourceFile origin) {
        Entry(Scalar key, YamlValue value) {
            this(key, value, null);
        }

        String name() {
            return key.text();
        }
    }

    /**
     * {@code over} deep-merged over {@code base}: two mappings merge key by key (base's keys
     * first, in order, then those only {@code over} has), recursively; anything else in
     * {@code over} (a list, a scalar, null) replaces what {@code base} has. Every entry of a merged
     * mapping names the file it came from, so messages point into the right file.
     *
     * @param base     the value underneath, read from {@code baseFile}
     * @param baseFile the file {@code base} was read from
     * @param over     the value on top, read from {@code overFile}
     * @param overFile the file {@code over} was read from
     */
    static YamlValue merge(YamlValue base, SourceFile baseFile, YamlValue over, SourceFile overFile) {
        if (!(base instanceof Mapping b) || !(over instanceof Mapping o)) {
            return over;
        }
        List<Entry> entries = new ArrayList<>();
        for (Entry be : b.entries()) {
            SourceFile beFile = be.origin() != null ? be.origin() : baseFile;
            Entry oe = o.entry(be.name());
            if (oe == null) {
                entries.add(new Entry(be.key(), be.value(), beFile));
            } else {
                SourceFile oeFile = oe.origin() != null ? oe.origin() : overFile;
                entries.add(new Entry(oe.key(), merge(be.value(), beFile, oe.value(), oeFile), oeFile));
            }
        }
        for (Entry oe : o.entries()) {
            if (b.entry(oe.name()) == null) {
                entries.add(new Entry(oe.key(), oe.value(), oe.origin() != null ? oe.origin() : overFile));
            }
        }
        return new Mapping(o.line(), o.column(), entries);
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
