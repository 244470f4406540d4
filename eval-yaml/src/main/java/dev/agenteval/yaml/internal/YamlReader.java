package dev.agenteval.yaml.internal;

import dev.agenteval.yaml.internal.YamlValue.Entry;
import dev.agenteval.yaml.internal.YamlValue.Kind;
import dev.agenteval.yaml.internal.YamlValue.Mapping;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import dev.agenteval.yaml.internal.YamlValue.Sequence;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads one YAML file into a {@link YamlValue} tree, safely.
 *
 * <p>SnakeYAML's composer builds a node tree with positions and never constructs Java objects;
 * this class then converts it, enforcing what the composer does not: no duplicate keys, no tags
 * beyond YAML's standard scalar and collection tags, merge keys ({@code <<}) applied with
 * explicit keys winning, a bound on how far aliases may expand (an alias bomb is refused after a
 * bounded amount of work) and no recursive aliases. Files over the size limit are refused before
 * they are read. A bare {@code {{ placeholder }}} value, which YAML reads as a nested flow
 * mapping, becomes the string the user wrote.
 *
 * <p>It is over the 500-line budget of a main class on purpose: one reader of the YAML node tree
 * with every located message, did-you-mean and limit in one place, so that no file read by
 * agent-eval gets a different rule.
 */
public final class YamlReader {

    /** Aliases to lists and mappings allowed in one file (aliases to scalars are not counted). */
    static final int MAX_COLLECTION_ALIASES = 100;
    static final int MAX_NESTING = 64;
    /** The longest number read as a number (a YAML int or float), in characters. */
    static final int MAX_NUMBER_LENGTH = 100;
    /**
     * The fewest values a file may expand to; a larger file may expand to as many values as it has
     * characters, which no alias-free document reaches, so only alias expansion can exceed it.
     */
    static final long MIN_EXPANSION_BUDGET = 100_000;

    private static final Set<Tag> ALLOWED_SCALAR_TAGS =
            Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.TIMESTAMP);

    private final long maxFileSize;

    /** A reader refusing files larger than {@code maxFileSize} bytes. */
    public YamlReader(long maxFileSize) {
        this.maxFileSize = maxFileSize;
    }

    /**
     * Reads and converts a file. Returns null when it could not be read or is not valid YAML
     * (the problems say why). An empty document reads as a null scalar at 1:1.
     */
    public YamlValue read(SourceFile file, Problems problems) {
        String text;
        try {
            long size = Files.size(file.path());
            if (size > maxFileSize) {
                problems.addFile(file, "file is " + size + " bytes, over the limit of " + maxFileSize
                        + " bytes; it was not read");
                return null;
            }
            byte[] bytes = Files.readAllBytes(file.path());
            try {
                text = decoder().decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                notUtf8(file, bytes, problems);
                return null;
            }
        } catch (NoSuchFileException e) {
            problems.addFile(file, "no such file");
            return null;
        } catch (IOException e) {
            problems.addFile(file, "cannot be read" + (e instanceof AccessDeniedException ? ": permission denied"
                    : e.getMessage() == null ? "" : ": " + Problems.shorten(e.getMessage())));
            return null;
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return parse(file, text, problems);
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** Reports the line and column of the first byte sequence of {@code bytes} that is not UTF-8. */
    private static void notUtf8(SourceFile file, byte[] bytes, Problems problems) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder().decode(in, out, true);
        if (!result.isError()) {
            problems.addFile(file, "is not valid UTF-8 (save the file as UTF-8)");
            return;
        }
        int bad = in.position();
        out.flip();
        if (out.length() > 0 && out.charAt(0) == '\uFEFF') {
            out.get(); // a byte order mark is not a column, as when the file is read
        }
        int[] at = position(out, out.length());
        problems.add(file, at[0], at[1], "", null, String.format(Locale.ROOT,
                "is not valid UTF-8: byte 0x%02X cannot be decoded (save the file as UTF-8)", bytes[bad] & 0xFF));
    }

    /**
     * The 1-based line and column of the character at {@code end} of {@code text}, counting
     * lines and code points as SnakeYAML's marks do (line breaks: LF, CR LF, a lone CR, NEL,
     * LS and PS).
     */
    private static int[] position(CharSequence text, int end) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < end; ) {
            int c = Character.codePointAt(text, i);
            i += Character.charCount(c);
            boolean crlf = c == '\r' && i < text.length() && text.charAt(i) == '\n';
            if (c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029 || c == '\r' && !crlf) {
                line++;
                column = 1;
            } else if (!crlf) {
                column++;
            }
        }
        return new int[] {line, column};
    }

    /** Reports the first character YAML does not allow in a file (NUL, other controls), with its place. */
    private static boolean unprintable(SourceFile file, String text, Problems problems) {
        for (int i = 0, n = text.length(); i < n; ) {
            char ch = text.charAt(i);
            if (ch >= 0x20 && ch < 0x7F || ch == '\n' || ch == '\r' || ch == '\t') {
                i++; // printable ASCII, as StreamReader.isPrintable says, without a code point lookup
                continue;
            }
            int c = text.codePointAt(i);
            if (!StreamReader.isPrintable(c)) {
                int[] at = position(text, i);
                boolean control = c < 0x20 || c >= 0x7F && c < 0xA0;
                problems.add(file, at[0], at[1], "", null, String.format(Locale.ROOT,
                        "invalid YAML: the %s U+%04X is not allowed in a YAML file (write it as \\u%04X in a"
                                + " double-quoted string)", control ? "control character" : "character", c, c));
                return true;
            }
            i += Character.charCount(c);
        }
        return false;
    }

    /** Parses and converts YAML text attributed to {@code file}; null when it is not valid YAML. */
    public YamlValue parse(SourceFile file, String text, Problems problems) {
        if (unprintable(file, text, problems)) {
            return null;
        }
        LoaderOptions options = options();
        CachingResolver resolver = new CachingResolver();
        YamlValue direct = new Events(new ParserImpl(new StreamReader(text), options), text, resolver).read();
        if (direct != null) {
            return direct;
        }
        return composed(file, text, problems, options, resolver);
    }

    /**
     * The value of {@code text} as read straight from the parser's events, or null when it needs
     * the general way (see {@link Events}); for tests. Unprintable characters are not checked.
     */
    YamlValue direct(String text) {
        return new Events(new ParserImpl(new StreamReader(text), options()), text, new CachingResolver()).read();
    }

    private LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_COLLECTION_ALIASES);
        options.setNestingDepthLimit(MAX_NESTING);
        options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, Math.max(maxFileSize, 1)));
        options.setAllowRecursiveKeys(false);
        options.setProcessComments(false);
        // Tags are checked on conversion, with positions; the composer itself never instantiates.
        options.setTagInspector(tag -> true);
        return options;
    }

    /**
     * The general way: SnakeYAML's composer builds the node tree, then {@link Converter}
     * converts it, reporting what it finds.
     */
    private YamlValue composed(SourceFile file, String text, Problems problems, LoaderOptions options,
            Resolver resolver) {
        Node root;
        Tracking parser = new Tracking(new ParserImpl(new StreamReader(text), options));
        try {
            Composer composer = new Composer(parser, resolver, options);
            root = composer.getSingleNode();
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String message = "invalid YAML: " + clean(e.getProblem());
            if (clean(e.getProblem()).contains("another document")) {
                message = "a suite file holds one YAML document, but a second one starts here";
            } else if (e.getContext() != null && e.getContextMark() != null) {
                message += " (" + clean(e.getContext()) + " at line " + (e.getContextMark().getLine() + 1)
                        + ", column " + (e.getContextMark().getColumn() + 1) + ")";
            }
            if (mark == null) {
                problems.addFile(file, message);
            } else {
                problems.add(file, mark.getLine() + 1, mark.getColumn() + 1, "", null, message);
            }
            return null;
        } catch (YAMLException e) {
            String message = e.getMessage();
            if (message != null && message.startsWith("Number of aliases")) {
                problems.addFile(file, "too many aliases: more than " + MAX_COLLECTION_ALIASES
                        + " aliases to lists or mappings (an alias bomb?); the file was refused");
            } else if (message != null && message.startsWith("Nesting Depth") && parser.last != null) {
                Mark mark = parser.last.getStartMark();
                problems.add(file, mark.getLine() + 1, mark.getColumn() + 1, "", null, "invalid YAML: lists and"
                        + " mappings are nested more than " + MAX_NESTING + " deep here");
            } else if (parser.last != null) {
                Mark mark = parser.last.getStartMark();
                problems.add(file, mark.getLine() + 1, mark.getColumn() + 1, "", null, "invalid YAML: "
                        + clean(message));
            } else {
                problems.addFile(file, "invalid YAML: " + clean(message));
            }
            return null;
        }
        if (root == null) {
            return new Scalar(1, 1, "", Kind.NULL, null);
        }
        Converter converter = new Converter(file, text, problems);
        try {
            return converter.convert(root);
        } catch (Refused e) {
            if (e.line > 0) {
                problems.add(file, e.line, e.column, "", null, e.getMessage());
            } else {
                problems.addFile(file, e.getMessage());
            }
            return null;
        }
    }

    /**
     * A SnakeYAML message without what only its authors need: the first line, no
     * {@code in 'reader'} position (the location is reported on its own), no Java class names.
     */
    static String clean(String message) {
        if (message == null || message.isBlank()) {
            return "the file could not be parsed";
        }
        String first = message.strip().lines().findFirst().orElse("").strip();
        first = first.replaceAll("\\s*in '(reader|string)'.*$", "");
        first = first.replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_$]*)", "$1");
        first = first.replaceAll("\\b[A-Z][A-Za-z]*(Exception|Error)\\b:?\\s*", "");
        return first.isBlank() ? "the file could not be parsed" : Problems.shorten(first);
    }

    /** The parser as the composer reads it, remembering the last event looked at (for messages). */
    private static final class Tracking implements Parser {
        private final Parser parser;
        private Event last;

        Tracking(Parser parser) {
            this.parser = parser;
        }

        @Override
        public boolean checkEvent(Event.ID choice) {
            return parser.checkEvent(choice);
        }

        @Override
        public Event peekEvent() {
            Event e = parser.peekEvent();
            last = e != null ? e : last;
            return e;
        }

        @Override
        public Event getEvent() {
            Event e = parser.getEvent();
            last = e != null ? e : last;
            return e;
        }
    }

    /**
     * SnakeYAML's resolver with the same answers, cheaper: the implicit type of a short plain
     * scalar is found once per file (keys and short values repeat), not by trying the patterns
     * again on every occurrence. {@code DirectReadingTest} checks its answers against SnakeYAML's.
     */
    static final class CachingResolver extends Resolver {
        /** The longest scalar whose resolution is remembered. */
        private static final int CACHED_LENGTH = 64;
        private final Map<String, Tag> resolved = new HashMap<>();

        @Override
        public Tag resolve(NodeId kind, String value, boolean implicit) {
            if (kind != NodeId.scalar || !implicit || value.length() > CACHED_LENGTH) {
                return super.resolve(kind, value, implicit);
            }
            Tag tag = resolved.get(value);
            if (tag == null) {
                tag = super.resolve(kind, value, true);
                resolved.put(value, tag);
            }
            return tag;
        }
    }

    /** A scalar of an allowed tag other than str and timestamp, from what SnakeYAML resolved it to. */
    private static Scalar resolvedScalar(int line, int column, String value, Object resolved) {
        if (resolved == null) {
            return new Scalar(line, column, value, Kind.NULL, null);
        }
        if (resolved instanceof Boolean) {
            return new Scalar(line, column, value, Kind.BOOLEAN, resolved);
        }
        Object number = resolved instanceof Integer i ? Long.valueOf(i)
                : resolved instanceof BigInteger || resolved instanceof Long || resolved instanceof Double
                ? resolved : Double.valueOf(((Number) resolved).doubleValue());
        return new Scalar(line, column, value, Kind.NUMBER, number);
    }

    /** The source text between two code point indexes of one file (SnakeYAML's marks count code points). */
    private static final class Source {
        private final String text;
        private int[] charOffsets;

        Source(String text) {
            this.text = text;
        }

        String between(int fromCodePoint, int toCodePoint) {
            if (charOffsets == null) {
                charOffsets = text.length() == text.codePointCount(0, text.length()) ? new int[0] : offsets();
            }
            if (charOffsets.length == 0) {
                return text.substring(fromCodePoint, toCodePoint);
            }
            return text.substring(charOffsets[fromCodePoint], charOffsets[toCodePoint]);
        }

        private int[] offsets() {
            int count = text.codePointCount(0, text.length());
            int[] offsets = new int[count + 1];
            int charIndex = 0;
            for (int cp = 0; cp < count; cp++) {
                offsets[cp] = charIndex;
                charIndex += Character.charCount(text.codePointAt(charIndex));
            }
            offsets[count] = charIndex;
            return offsets;
        }
    }

    /** Ends the direct reading of {@link Events}: the file is read the general way. */
    private static final class GiveUp extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final GiveUp INSTANCE = new GiveUp();

        private GiveUp() {
            super("read the general way", null, false, false);
        }
    }

    /**
     * The common file converted straight from the parser's events, without the composer's node
     * tree and a second walk over it: the same values, positions and placeholders as the
     * composer and {@link Converter} give. It gives up (null) on anything it does not read
     * exactly as they do, and on anything they would report: an anchor, an alias, a tag, a merge
     * key, a key that is not a scalar (unless it is a bare placeholder), a duplicate key, a
     * scalar that is not allowed or not valid, deep nesting, a second document, a parse error.
     * The file is then read the general way, which reports what it finds. It never reports.
     */
    private static final class Events {
        private final Parser parser;
        private final Source source;
        private final Resolver resolver;
        private final long budget;
        private long converted;
        private int depth;

        Events(Parser parser, String text, Resolver resolver) {
            this.parser = parser;
            this.source = new Source(text);
            this.resolver = resolver;
            this.budget = Math.max(MIN_EXPANSION_BUDGET, text.length());
        }

        /** The file's value, or null to read it the general way. */
        YamlValue read() {
            try {
                expect(parser.getEvent(), Event.ID.StreamStart);
                YamlValue root = null;
                if (!parser.checkEvent(Event.ID.StreamEnd)) {
                    expect(parser.getEvent(), Event.ID.DocumentStart);
                    root = value(parser.getEvent());
                    expect(parser.getEvent(), Event.ID.DocumentEnd);
                }
                expect(parser.getEvent(), Event.ID.StreamEnd);
                return root != null ? root : new Scalar(1, 1, "", Kind.NULL, null);
            } catch (RuntimeException e) {
                return null; // GiveUp, or SnakeYAML's own exceptions: the general way reports them
            }
        }

        private static void expect(Event event, Event.ID id) {
            if (!event.is(id)) {
                throw GiveUp.INSTANCE;
            }
        }

        private YamlValue value(Event event) {
            if (++converted > budget) {
                throw GiveUp.INSTANCE;
            }
            if (event instanceof ScalarEvent scalar) {
                plain(scalar);
                return scalar(scalar, resolve(scalar));
            }
            if (event instanceof SequenceStartEvent start) {
                plain(start);
                enter();
                List<YamlValue> items = new ArrayList<>();
                while (!parser.checkEvent(Event.ID.SequenceEnd)) {
                    items.add(value(parser.getEvent()));
                }
                parser.getEvent();
                depth--;
                return new Sequence(line(start), column(start), items);
            }
            if (event instanceof MappingStartEvent start) {
                plain(start);
                enter();
                YamlValue mapping = start.getFlowStyle() == FlowStyle.FLOW && parser.checkEvent(Event.ID.MappingStart)
                        ? placeholder(start) : mapping(start);
                depth--;
                return mapping;
            }
            throw GiveUp.INSTANCE; // an alias, or an event out of place
        }

        /** Gives up on an anchor or a tag (the general way checks both). */
        private static void plain(NodeEvent event) {
            if (event.getAnchor() != null || (event instanceof ScalarEvent s ? s.getTag()
                    : ((CollectionStartEvent) event).getTag()) != null) {
                throw GiveUp.INSTANCE;
            }
        }

        private void enter() {
            // Well within the composer's own limit, which the general way reports.
            if (++depth >= MAX_NESTING - 4) {
                throw GiveUp.INSTANCE;
            }
        }

        private Tag resolve(ScalarEvent scalar) {
            return resolver.resolve(NodeId.scalar, scalar.getValue(), scalar.getImplicit().canOmitTagInPlainScalar());
        }

        /** As {@link Converter}'s scalar, for a scalar it reports nothing about. */
        private static Scalar scalar(ScalarEvent event, Tag tag) {
            String value = event.getValue();
            int line = line(event);
            int column = column(event);
            if (tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP)) {
                return new Scalar(line, column, value, Kind.STRING, value);
            }
            if (!ALLOWED_SCALAR_TAGS.contains(tag)
                    || (tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) && value.length() > MAX_NUMBER_LENGTH) {
                throw GiveUp.INSTANCE;
            }
            Object resolved;
            try {
                resolved = SCALARS.value(new ScalarNode(tag, true, value, event.getStartMark(), event.getEndMark(),
                        event.getScalarStyle()));
            } catch (RuntimeException e) {
                throw GiveUp.INSTANCE;
            }
            return resolvedScalar(line, column, value, resolved);
        }

        private Mapping mapping(MappingStartEvent start) {
            List<Entry> entries = new ArrayList<>();
            Map<String, Scalar> seen = new HashMap<>();
            while (!parser.checkEvent(Event.ID.MappingEnd)) {
                if (!(parser.getEvent() instanceof ScalarEvent k)) {
                    throw GiveUp.INSTANCE; // a key that is not a scalar, or an alias
                }
                plain(k);
                if (resolve(k).equals(Tag.MERGE)) {
                    throw GiveUp.INSTANCE;
                }
                String name = k.getValue();
                Scalar key = new Scalar(line(k), column(k), name, Kind.STRING, name);
                if (seen.putIfAbsent(name, key) != null) {
                    throw GiveUp.INSTANCE;
                }
                entries.add(new Entry(key, value(parser.getEvent())));
            }
            parser.getEvent();
            return new Mapping(line(start), column(start), entries);
        }

        /**
         * A flow mapping whose first key is a mapping: a bare {@code {{ name }}}, which YAML reads
         * as {@code {{name: null}: null}}, is the text written; anything else gives up.
         */
        private Scalar placeholder(MappingStartEvent outer) {
            if (!(parser.getEvent() instanceof MappingStartEvent inner) || inner.getFlowStyle() != FlowStyle.FLOW) {
                throw GiveUp.INSTANCE;
            }
            plain(inner);
            if (!(parser.getEvent() instanceof ScalarEvent innerKey)) {
                throw GiveUp.INSTANCE;
            }
            plain(innerKey);
            emptyNull(parser.getEvent());
            expect(parser.getEvent(), Event.ID.MappingEnd);
            emptyNull(parser.getEvent());
            Event end = parser.getEvent();
            expect(end, Event.ID.MappingEnd);
            String text = source.between(outer.getStartMark().getIndex(), end.getEndMark().getIndex());
            return new Scalar(line(outer), column(outer), text, Kind.STRING, text);
        }

        /** Gives up unless {@code event} is an empty plain scalar (a null written as nothing). */
        private void emptyNull(Event event) {
            if (!(event instanceof ScalarEvent s) || !s.getValue().isEmpty()) {
                throw GiveUp.INSTANCE;
            }
            plain(s);
            if (!resolve(s).equals(Tag.NULL)) {
                throw GiveUp.INSTANCE;
            }
        }

        private static int line(Event event) {
            return event.getStartMark().getLine() + 1;
        }

        private static int column(Event event) {
            return event.getStartMark().getColumn() + 1;
        }
    }

    /** Stops a conversion that must not go on (alias bomb, recursive alias). */
    private static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        /** Refused at a place ({@code at}), or as a whole when {@code at} is null. */
        Refused(Node at, String message) {
            super(message, null, false, false);
            this.line = at == null ? 0 : at.getStartMark().getLine() + 1;
            this.column = at == null ? 0 : at.getStartMark().getColumn() + 1;
        }
    }

    /** Resolves YAML 1.1 int, float and bool scalars exactly as SnakeYAML would (no objects). */
    private static final class ScalarValues extends SafeConstructor {
        ScalarValues() {
            super(new LoaderOptions());
        }

        Object value(ScalarNode node) {
            return yamlConstructors.get(node.getTag()).construct(node);
        }
    }

    private static final ScalarValues SCALARS = new ScalarValues();

    private static final class Converter {
        private final SourceFile file;
        private final Source source;
        private final Problems problems;
        private final long budget;
        private long converted;
        private final Map<Node, Boolean> active = new IdentityHashMap<>();
        /** The field path to the value being converted: a key (String) or a list index (Integer) each. */
        private final List<Object> path = new ArrayList<>();
        Converter(SourceFile file, String text, Problems problems) {
            this.file = file;
            this.source = new Source(text);
            this.problems = problems;
            this.budget = Math.max(MIN_EXPANSION_BUDGET, text.length());
        }

        YamlValue convert(Node node) {
            if (++converted > budget) {
                throw new Refused(null, "aliases expand this file to more than " + budget
                        + " values (an alias bomb?); the file was refused");
            }
            // Only an alias leads back to a node, and an alias names an anchored node.
            boolean anchored = node.getAnchor() != null;
            if (anchored && active.put(node, Boolean.TRUE) != null) {
                throw new Refused(node, "recursive alias: a list or mapping contains itself");
            }
            try {
                if (node instanceof ScalarNode scalar) {
                    return scalar(scalar);
                }
                if (node instanceof SequenceNode seq) {
                    return sequence(seq);
                }
                MappingNode map = (MappingNode) node;
                String placeholder = placeholder(map);
                if (placeholder != null) {
                    return new Scalar(line(map), column(map), placeholder, Kind.STRING, placeholder);
                }
                return mapping(map);
            } finally {
                if (anchored) {
                    active.remove(node);
                }
            }
        }

        private Scalar scalar(ScalarNode node) {
            Tag tag = node.getTag();
            String value = node.getValue();
            if (!ALLOWED_SCALAR_TAGS.contains(tag)) {
                error(node, "YAML tag '" + display(tag) + "' is not allowed here: only plain strings, numbers,"
                        + " booleans, lists and mappings");
                return new Scalar(line(node), column(node), value, Kind.STRING, value);
            }
            if (tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP)) {
                return new Scalar(line(node), column(node), value, Kind.STRING, value);
            }
            if ((tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) && value.length() > MAX_NUMBER_LENGTH) {
                // Converting a number of millions of digits would take minutes; none is meant. It stays
                // a number (NaN, which no setting accepts) so it is not also reported as a string.
                error(node, "a number of " + value.length() + " characters is too long (at most "
                        + MAX_NUMBER_LENGTH + "): quote it if it is text");
                return new Scalar(line(node), column(node), value, Kind.NUMBER, Double.NaN);
            }
            Object resolved;
            try {
                resolved = SCALARS.value(node);
            } catch (RuntimeException e) {
                error(node, Problems.quote(value) + " is not a valid "
                        + tag.getValue().substring(Tag.PREFIX.length()));
                return new Scalar(line(node), column(node), value, Kind.STRING, value);
            }
            return resolvedScalar(line(node), column(node), value, resolved);
        }

        private Sequence sequence(SequenceNode node) {
            if (!node.getTag().equals(Tag.SEQ)) {
                error(node, "YAML tag '" + display(node.getTag()) + "' is not allowed here: only plain strings,"
                        + " numbers, booleans, lists and mappings");
            }
            List<Node> children = node.getValue();
            List<YamlValue> items = new ArrayList<>(children.size());
            for (int i = 0; i < children.size(); i++) {
                path.add(i);
                items.add(convert(children.get(i)));
                path.remove(path.size() - 1);
            }
            return new Sequence(line(node), column(node), items);
        }

        private Mapping mapping(MappingNode node) {
            if (!node.getTag().equals(Tag.MAP)) {
                error(node, "YAML tag '" + display(node.getTag()) + "' is not allowed here: only plain strings,"
                        + " numbers, booleans, lists and mappings");
            }
            List<Entry> entries = new ArrayList<>(node.getValue().size());
            Map<String, Scalar> seen = new HashMap<>();
            List<Mapping> merges = new ArrayList<>();
            for (NodeTuple tuple : node.getValue()) {
                Node keyNode = tuple.getKeyNode();
                if (keyNode instanceof ScalarNode k && k.getTag().equals(Tag.MERGE)) {
                    merges.addAll(mergeSources(tuple.getValueNode()));
                    continue;
                }
                if (!(keyNode instanceof ScalarNode k)) {
                    error(keyNode, "a key must be a plain string, not " + (keyNode instanceof SequenceNode ? "a list"
                            : "a mapping") + " (quote a {{ placeholder }} used as a key)");
                    continue;
                }
                String name = k.getValue();
                Scalar key = new Scalar(line(k), column(k), name, Kind.STRING, name);
                path.add(name);
                Scalar first = seen.putIfAbsent(name, key);
                if (first != null) {
                    error(k, "duplicate key " + Problems.quote(name) + " (first at line " + first.line()
                            + ", column " + first.column() + ")");
                } else {
                    entries.add(new Entry(key, convert(tuple.getValueNode())));
                }
                path.remove(path.size() - 1);
            }
            for (Mapping merged : merges) {
                for (Entry e : merged.entries()) {
                    if (seen.putIfAbsent(e.name(), e.key()) == null) {
                        entries.add(e);
                    }
                }
            }
            return new Mapping(line(node), column(node), entries);
        }

        private List<Mapping> mergeSources(Node value) {
            path.add("<<");
            try {
                List<Mapping> sources = new ArrayList<>();
                List<Node> nodes = value instanceof SequenceNode seq ? seq.getValue() : List.of(value);
                for (Node n : nodes) {
                    YamlValue v = convert(n);
                    if (v instanceof Mapping m) {
                        sources.add(m);
                    } else {
                        error(n, "'<<' merges a mapping or a list of mappings, not " + v.describe());
                    }
                }
                return sources;
            } finally {
                path.remove(path.size() - 1);
            }
        }

        /** The text of a bare {@code {{ name }}}, which YAML reads as {@code {{name: null}: null}}. */
        private String placeholder(MappingNode outer) {
            if (outer.getFlowStyle() != FlowStyle.FLOW || outer.getValue().size() != 1) {
                return null;
            }
            NodeTuple tuple = outer.getValue().get(0);
            if (!isEmptyNull(tuple.getValueNode()) || !(tuple.getKeyNode() instanceof MappingNode inner)
                    || inner.getFlowStyle() != FlowStyle.FLOW || inner.getValue().size() != 1) {
                return null;
            }
            NodeTuple innerTuple = inner.getValue().get(0);
            if (!(innerTuple.getKeyNode() instanceof ScalarNode) || !isEmptyNull(innerTuple.getValueNode())) {
                return null;
            }
            return source.between(outer.getStartMark().getIndex(), outer.getEndMark().getIndex());
        }

        private static boolean isEmptyNull(Node node) {
            return node instanceof ScalarNode s && s.getTag().equals(Tag.NULL) && s.getValue().isEmpty();
        }

        private void error(Node at, String message) {
            List<String> segments = new ArrayList<>(path.size());
            for (Object segment : path) {
                segments.add(segment instanceof Integer i ? "[" + i + "]" : Problems.shorten((String) segment));
            }
            problems.add(file, line(at), column(at), String.join(".", segments).replace(".[", "["), null, message);
        }

        private static String display(Tag tag) {
            String value = tag.getValue();
            return Problems.shorten(value.startsWith(Tag.PREFIX) ? "!!" + value.substring(Tag.PREFIX.length())
                    : value);
        }

        private static int line(Node node) {
            return node.getStartMark().getLine() + 1;
        }

        private static int column(Node node) {
            return node.getStartMark().getColumn() + 1;
        }
    }
}
