package dev.agenteval.yaml.internal;

import dev.agenteval.common.text.Suggestions;
import dev.agenteval.yaml.internal.YamlValue.Entry;
import dev.agenteval.yaml.internal.YamlValue.Kind;
import dev.agenteval.yaml.internal.YamlValue.Mapping;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import dev.agenteval.yaml.internal.YamlValue.Sequence;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A value of a suite file together with where it is: the file, its line and column, its field
 * path ({@code evals[0].expectations.must_include}) and the id of the case it belongs to.
 * Typed reads report a problem naming all of that and return null when the value is wrong.
 */
public final class Node {

    private final SourceFile file;
    private final Problems problems;
    private final YamlValue value;
    /**
     * The field path, built on first use from {@link #parent} and {@link #key} or {@link #index}
     * (most nodes are read and never named in a message).
     */
    private String path;
    private final Node parent;
    private final String key;
    private final int index;
    private final String caseId;
    private final int line;
    private final int column;

    private Node(SourceFile file, Problems problems, YamlValue value, String path, Node parent, String key, int index,
            String caseId, int line, int column) {
        this.file = file;
        this.problems = problems;
        this.value = value;
        this.path = path;
        this.parent = parent;
        this.key = key;
        this.index = index;
        this.caseId = caseId;
        this.line = line;
        this.column = column;
    }

    /** The root value of a file. */
    public static Node root(SourceFile file, YamlValue value, Problems problems) {
        return new Node(file, problems, value, "", null, null, -1, null, value.line(), value.column());
    }

    /** This node's value and place with another file, value, case or position; the same field path. */
    private Node with(SourceFile file, Problems problems, YamlValue value, String caseId, int line, int column) {
        return new Node(file, problems, value, path, parent, key, index, caseId, line, column);
    }

    public SourceFile file() {
        return file;
    }

    /** Where this node's problems are reported (those of its whole file). */
    public Problems problems() {
        return problems;
    }

    public YamlValue value() {
        return value;
    }

    public String path() {
        if (path == null) {
            path = key != null ? parent.child(key) : parent.path() + "[" + index + "]";
        }
        return path;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** {@code file:line:column}, for messages that point at another place. */
    public String where() {
        return file.display() + ":" + line + ":" + column;
    }

    /** This node, attributed to a case in messages. */
    public Node inCase(String id) {
        return with(file, problems, value, id, line, column);
    }

    public boolean isMapping() {
        return value instanceof Mapping;
    }

    public boolean isSequence() {
        return value instanceof Sequence;
    }

    public boolean isNull() {
        return value instanceof Scalar s && s.kind() == Kind.NULL;
    }

    /** True when this is a mapping with {@code key}. */
    public boolean has(String key) {
        return value instanceof Mapping m && m.entry(key) != null;
    }

    /** The value under {@code key}, or null when absent (or this is not a mapping). */
    public Node get(String key) {
        if (value instanceof Mapping m) {
            Entry e = m.entry(key);
            if (e != null) {
                return new Node(fileOf(e), problems, e.value(), null, this, key, -1, caseId, e.value().line(),
                        e.value().column());
            }
        }
        return null;
    }

    /** The file an entry of this mapping was read from. */
    private SourceFile fileOf(Entry e) {
        return e.origin() != null ? e.origin() : file;
    }

    /**
     * {@code over} deep-merged over {@code base} (see {@link YamlValue#merge}): mappings merge key
     * by key, anything else in {@code over} replaces. The result is where {@code over} is (its
     * file, field path and case); each merged value keeps its own file and position for messages.
     */
    public static Node merge(Node base, Node over) {
        YamlValue merged = YamlValue.merge(base.value, base.file, over.value, over.file);
        return over.with(over.file, over.problems, merged, over.caseId, over.line, over.column);
    }

    /** The keys of a mapping in file order; empty for anything else. */
    public List<String> keys() {
        return value instanceof Mapping m ? List.copyOf(m.byKey().keySet()) : List.of();
    }

    /** The entries of a mapping in file order, each value wrapped; empty for anything else. */
    public List<Map.Entry<String, Node>> entries() {
        if (!(value instanceof Mapping m)) {
            return List.of();
        }
        List<Map.Entry<String, Node>> out = new ArrayList<>(m.entries().size());
        for (Entry e : m.entries()) {
            out.add(Map.entry(e.name(), get(e.name())));
        }
        return out;
    }

    /** The items of a list, each wrapped; empty for anything else. */
    public List<Node> items() {
        if (!(value instanceof Sequence s)) {
            return List.of();
        }
        List<Node> out = new ArrayList<>(s.items().size());
        for (int i = 0; i < s.items().size(); i++) {
            YamlValue item = s.items().get(i);
            out.add(new Node(file, problems, item, null, this, null, i, caseId, item.line(), item.column()));
        }
        return out;
    }

    /** Reports a problem at this value. */
    public void error(String message) {
        problems.add(file, line, column, path(), caseId, message);
    }

    /** Reports a problem at the key {@code key} of this mapping. */
    public void errorAtKey(String key, String message) {
        Entry e = ((Mapping) value).entry(key);
        problems.add(fileOf(e), e.key().line(), e.key().column(), child(key), caseId, message);
    }

    /**
     * Reports a problem at the value {@code path} leads to from this one: each {@link String} a
     * key of a mapping, each {@link Integer} an index of a list. A path ending in a key points at
     * that key; one that leads nowhere stops at the last value it reaches.
     */
    public void errorAt(List<Object> path, String message) {
        Node current = this;
        Node parent = null;
        String key = null;
        for (Object segment : path) {
            Node next = null;
            if (segment instanceof String k && current.has(k)) {
                next = current.get(k);
                parent = current;
                key = k;
            } else if (segment instanceof Integer i && current.isSequence() && i >= 0 && i < current.items().size()) {
                next = current.items().get(i);
                parent = null;
            }
            if (next == null) {
                parent = null;
                break;
            }
            current = next;
        }
        if (parent != null) {
            parent.errorAtKey(key, message);
        } else {
            current.error(message);
        }
    }

    /** Reports that {@code key} is missing from this mapping. */
    public void missing(String key, String why) {
        problems.add(file, line, column, child(key), caseId, "missing required key '" + key + "'" + why);
    }

    /** Reports a problem unless this is a mapping. */
    public boolean expectMapping() {
        return expect(isMapping(), "a mapping");
    }

    /** Reports a problem unless this is a list. */
    public boolean expectSequence() {
        return expect(isSequence(), "a list");
    }

    /** Reports a problem unless this is a list with at least one item. */
    public boolean expectNonEmptySequence(String emptyMessage) {
        if (!expectSequence()) {
            return false;
        }
        if (items().isEmpty()) {
            error(emptyMessage);
            return false;
        }
        return true;
    }

    /**
     * Reports every key of this mapping that is not in {@code allowed}, with a did-you-mean.
     * True when all keys are allowed.
     */
    public boolean checkKeys(Collection<String> allowed) {
        return checkKeys(allowed, List.of());
    }

    /** Like {@link #checkKeys(Collection)}, leaving out keys reported elsewhere. */
    public boolean checkKeys(Collection<String> allowed, Collection<String> reportedElsewhere) {
        boolean ok = true;
        for (String key : keys()) {
            if (!allowed.contains(key) && !reportedElsewhere.contains(key)) {
                ok = false;
                String hint = Suggestions.didYouMean(key, allowed);
                errorAtKey(key, "unknown key " + Problems.quote(key)
                        + (hint.isEmpty() ? " (allowed: " + String.join(", ", allowed) + ")" : hint));
            }
        }
        return ok;
    }

    /** A string value, or null after reporting what it is instead. */
    public String string() {
        if (value instanceof Scalar s && s.kind() == Kind.STRING) {
            return s.text();
        }
        error("must be a string but is " + value.describe() + quoteHint());
        return null;
    }

    /** A string with some non-space character, or null after reporting. */
    public String nonBlankString() {
        String s = string();
        if (s != null && s.isBlank()) {
            error("must not be blank");
            return null;
        }
        return s;
    }

    /** A boolean, or null after reporting. */
    public Boolean bool() {
        if (value instanceof Scalar s && s.kind() == Kind.BOOLEAN) {
            return (Boolean) s.value();
        }
        error("must be true or false but is " + value.describe());
        return null;
    }

    /** A number (Long, BigInteger or Double), or null after reporting. */
    public Number number() {
        if (value instanceof Scalar s && s.kind() == Kind.NUMBER) {
            return (Number) s.value();
        }
        error("must be a number but is " + value.describe());
        return null;
    }

    /** A list of non-blank strings, or null after reporting; {@code nonEmpty} requires one item. */
    public List<String> stringList(boolean nonEmpty) {
        if (!expectSequence()) {
            return null;
        }
        List<Node> items = items();
        if (nonEmpty && items.isEmpty()) {
            error("must list at least one value");
            return null;
        }
        List<String> out = new ArrayList<>(items.size());
        boolean ok = true;
        for (Node item : items) {
            String s = item.nonBlankString();
            ok &= s != null;
            out.add(s);
        }
        return ok ? out : null;
    }

    /** The value as plain JSON-like Java data. */
    public Object json() {
        return value.toJson();
    }

    /** The scalar as written (shortened when long), for messages. */
    public String describeScalar() {
        return value instanceof Scalar s ? Problems.shorten(s.text()) : value.describe();
    }

    private boolean expect(boolean ok, String what) {
        if (!ok) {
            error("must be " + what + " but is " + value.describe());
        }
        return ok;
    }

    private String quoteHint() {
        if (value instanceof Scalar s && (s.kind() == Kind.NUMBER || s.kind() == Kind.BOOLEAN)) {
            return " (quote it: \"" + s.text() + "\")";
        }
        return "";
    }

    private String child(String key) {
        String segment = Problems.shorten(key);
        String path = path();
        return path.isEmpty() ? segment : path + "." + segment;
    }
}
