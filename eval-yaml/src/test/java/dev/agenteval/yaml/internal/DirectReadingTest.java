package dev.agenteval.yaml.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * {@link YamlReader} reads the common file straight from SnakeYAML's events and everything else
 * the general way; {@link ReferenceYamlReader} is the reader before that change. Both must give
 * the same values (with positions) and the same problems (with positions, paths and messages) on
 * every test fixture, on thousands of mutations of them, and on hand-written edge cases.
 */
class DirectReadingTest {

    private static final long LIMIT = 10L * 1024 * 1024;
    private static final String[] INSERTS = {"&a ", "*a", "!!str ", "!!int ", "!!map ", "!custom ", "<<: *a",
        "<<: {x: 1}", "{{ x }}", "{{x}}", "{{ x }} tail", "{ {x: 1}: }", "'{{ x }}'", "[{{ x }}]", "? [a]\n: b",
        "~", "", "=", "0x1F", "0o17", "1_000", "1:30", "2001-12-14", ".inf", "yes", "Off", "null", "NULL", " ",
        "123456789012345678901234567890", "- ", "--- \n", "...\n", "%YAML 1.1\n", "# c", "\"\\u00e9\"", "é",
        "\uD83D\uDE00", "|\n  block", ">-\n  folded", "a: &r [*r]", "1e5", "-0", "+12", "0b101"};

    private final YamlReader reader = new YamlReader(LIMIT);
    private final ReferenceYamlReader reference = new ReferenceYamlReader(LIMIT);

    @Test
    void should_read_every_fixture_as_before_and_the_valid_ones_directly() throws IOException {
        List<Path> files = fixtures();
        assertThat(files).hasSizeGreaterThan(100);
        int direct = 0;
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            same(file.toString(), text);
            if (reader.direct(text) != null) {
                direct++;
            }
            if (file.toString().contains("/valid/")) {
                // The direct reading must cover the common file, or it would buy nothing.
                boolean placeholderKey = text.contains("{{") && text.contains("}}:");
                if (!text.contains("&") && !text.contains("<<") && !text.contains("!!") && !placeholderKey) {
                    assertThat(reader.direct(text)).as("read directly: " + file).isNotNull();
                }
            }
        }
        assertThat(direct).isGreaterThan(files.size() / 2);
    }

    @Test
    void should_read_mutated_fixtures_as_before() throws IOException {
        Random random = new Random(18);
        int n = 0;
        for (Path file : fixtures()) {
            byte[] bytes = Files.readAllBytes(file);
            for (int i = 0; i < 25; i++) {
                byte[] mutated = mutate(bytes, random);
                same(file + " mutation " + i, new String(mutated, StandardCharsets.UTF_8));
                n++;
            }
        }
        assertThat(n).isGreaterThan(2500);
    }

    @Test
    void should_read_edge_cases_as_before() {
        List<String> cases = new ArrayList<>(List.of("", "\n", "# only a comment\n", "---\n", "--- a\n", "a\n",
                "a: 1\n---\nb: 2\n", "a: 1\n...\n", "[a, b, {c: d}]", "{a: 1, a: 2}", "a: {{ x }}\n",
                "a: {{ x }}\nb: {{ y }}\n", "a: { {x}: }\n", "a: {{x: 1}: }\n", "a: {{x}: 1}\n", "a: {{x}, b: 1}\n",
                "a: {b: 1, {{x}}: 2}\n", "a: [{{ x }}]\n", "{{ x }}\n", "a: {{ \"quoted\" }}\n", "a: {{ é😀 }}\n",
                "é: {{ 😀x }}\nb: {{ y }}\n", "a: &x {b: 1}\nc: *x\n", "a: &x [1]\nb: *x\nc: *x\n", "a: *nope\n",
                "base: &b {x: 1, y: 2}\nover:\n  <<: *b\n  y: 3\n", "a: <<\n", "'<<': 1\n", "a: !!binary aGk=\n",
                "a: !!python/object x\n", "a: !!int 12\n", "a: !!int x\n", "a: !!float 1.5\n", "a: !!bool yes\n",
                "a: !!timestamp 2001-12-14\n", "a: 2001-12-14t21:59:43.10-05:00\n", "a: =\n", "? [a, b]\n: c\n",
                "? {a: b}\n: c\n", "a: 0x7FFFFFFFFFFFFFFFFF\n", "a: 99999999999999999999\n", "a: -0.0\n", "a: .NaN\n",
                "a: 1:20\n", "a: 0b1010\n", "a: 012\n", "a: 1_000.5\n", "a: 09\n", "a: +.inf\n", "a: ~\nb: null\nc:\n",
                "a: '1'\nb: \"true\"\n", "a: |\n  x\n  y\nb: >\n  z\n", "a:\n- 1\n- - 2\n  - 3\n", "a: [\n", "a: {\n",
                "a: b: c\n", "\ta: 1\n", "a:\n\t- 1\n", "a: 1\n a: 2\n", "- a\nb: c\n", "a: \"\\q\"\n",
                "a: " + "9".repeat(101) + "\n", "x" + "a".repeat(200) + ": 1\n", "a: 'it''s'\n", "a: \"\\u00e9\"\n",
                "k: &a v\nl: *a\n", "a: &a\n  - *a\n", "a: !!seq [1]\nb: !!map {c: 1}\nc: !!str [1]\n",
                "a: !!set {x}\n", "a: !!omap [x: 1]\n", "%YAML 1.1\n---\na: 1\n", "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n"));
        StringBuilder deep = new StringBuilder();
        for (int depth = 55; depth <= 70; depth++) {
            cases.add("a: " + "[".repeat(depth) + "]".repeat(depth) + "\n");
            cases.add("a: " + "{b: ".repeat(depth) + "1" + "}".repeat(depth) + "\n");
            cases.add("a: " + "[".repeat(depth - 2) + "{{ x }}" + "]".repeat(depth - 2) + "\n");
            deep.setLength(0);
            for (int i = 0; i < depth; i++) {
                deep.append("  ".repeat(i)).append("k").append(i).append(":\n");
            }
            cases.add(deep.toString());
        }
        for (String c : cases) {
            same("edge case '" + c + "'", c);
            for (String insert : INSERTS) {
                same("edge case '" + c + "' + '" + insert + "'", c + insert);
                int colon = c.indexOf(": ");
                if (colon >= 0) {
                    same("edge case '" + c + "' with '" + insert + "'",
                            c.substring(0, colon + 2) + insert + c.substring(colon + 2));
                }
            }
        }
    }

    @Test
    void should_resolve_plain_scalars_as_snakeyaml_does() {
        Resolver snakeyaml = new Resolver();
        YamlReader.CachingResolver caching = new YamlReader.CachingResolver();
        List<String> values = new ArrayList<>(Arrays.asList(INSERTS));
        values.addAll(List.of("yes", "Yes", "YES", "y", "n", "no", "No", "NO", "true", "True", "TRUE", "false",
                "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "yess", "nope", "null", "Null", "NULL", "nul",
                "~", "", " ", "<<", "<", "=", "==", "0", "-1", "+1", "1.5", ".5", "1e3", "1.0e+11", "._", ".inf",
                "-.Inf", ".NAN", "1:20", "190:20:30.15", "0x_1F", "0b_1", "0_7", "2001-12-14", "2001-12-14 21:59:43.10 -5",
                "2001-12-14T21:59:43.10Z", "name", "case_1", "Bench Agent", "text", "type", "answer", "must_include",
                "é", "ñull", "\u00A0", "😀", "tTfF", "O", "o", "N", "12345678901", "1".repeat(1100), "n".repeat(40),
                "t".repeat(33), "yes".repeat(12)));
        for (char c = 0; c < 256; c++) {
            values.add(String.valueOf(c));
            values.add(c + "x");
            values.add(c + "1");
        }
        for (int round = 0; round < 2; round++) {
            for (String v : values) {
                for (boolean implicit : new boolean[] {true, false}) {
                    Tag expected = snakeyaml.resolve(NodeId.scalar, v, implicit);
                    assertThat(caching.resolve(NodeId.scalar, v, implicit)).as("'" + v + "' " + implicit)
                            .isEqualTo(expected);
                }
            }
        }
        assertThat(caching.resolve(NodeId.sequence, "x", true)).isEqualTo(Tag.SEQ);
        assertThat(caching.resolve(NodeId.mapping, null, true)).isEqualTo(Tag.MAP);
    }

    private void same(String what, String text) {
        SourceFile file = new SourceFile(Path.of("suite.yaml"), "suite.yaml", 0);
        Problems expectedProblems = new Problems();
        YamlValue expected = reference.parse(file, text, expectedProblems);
        Problems problems = new Problems();
        YamlValue actual = reader.parse(file, text, problems);
        assertThat(dump(actual)).as(what).isEqualTo(dump(expected));
        assertThat(problems.rendered()).as(what).isEqualTo(expectedProblems.rendered());
        YamlValue direct = reader.direct(text);
        if (direct != null && expectedProblems.isEmpty()) {
            assertThat(dump(direct)).as(what + " (read directly)").isEqualTo(dump(expected));
        }
        if (direct != null) {
            assertThat(expectedProblems.isEmpty()).as(what + " read directly with problems " + expectedProblems.rendered())
                    .isTrue();
        }
    }

    /**
     * The value with every position, kind and Java type, in one line (records' own equals would
     * compare a mapping's entries twice, through its index too: exponential in the nesting).
     */
    private static String dump(YamlValue value) {
        StringBuilder sb = new StringBuilder();
        dump(value, sb);
        return sb.toString();
    }

    private static void dump(YamlValue value, StringBuilder sb) {
        if (sb.length() > 50_000_000) {
            throw new AssertionError("value too large to compare");
        }
        if (value == null) {
            sb.append("null");
            return;
        }
        sb.append(value.line()).append(':').append(value.column());
        if (value instanceof YamlValue.Scalar s) {
            sb.append(s.kind()).append('(').append(s.text().length()).append(')').append(s.text())
                    .append('=').append(s.value() == null ? "null" : s.value().getClass().getSimpleName() + ":" + s.value());
        } else if (value instanceof YamlValue.Sequence seq) {
            sb.append('[');
            for (YamlValue item : seq.items()) {
                dump(item, sb);
                sb.append(',');
            }
            sb.append(']');
        } else {
            YamlValue.Mapping m = (YamlValue.Mapping) value;
            sb.append('{');
            for (YamlValue.Entry e : m.entries()) {
                dump(e.key(), sb);
                sb.append(e.origin() == null ? "" : "@" + e.origin()).append(": ");
                dump(e.value(), sb);
                sb.append(',');
            }
            sb.append("}").append(m.byKey().keySet());
        }
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> walk = Files.walk(Path.of("src/test/resources"))) {
            return walk.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
        }
    }

    private static byte[] mutate(byte[] in, Random random) {
        if (in.length == 0) {
            return INSERTS[random.nextInt(INSERTS.length)].getBytes(StandardCharsets.UTF_8);
        }
        String text = new String(in, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int line = random.nextInt(lines.size());
        String l = lines.get(line);
        switch (random.nextInt(8)) {
            case 0 -> {
                return Arrays.copyOf(in, random.nextInt(in.length));
            }
            case 1 -> {
                byte[] out = in.clone();
                String bytes = "&*!:[]{}\"'#-?|>%,\t\n @`\u0000";
                out[random.nextInt(out.length)] = (byte) bytes.charAt(random.nextInt(bytes.length()));
                return out;
            }
            case 2 -> lines.remove(line);
            case 3 -> lines.add(line, l);
            case 4 -> {
                int colon = l.indexOf(": ");
                String insert = INSERTS[random.nextInt(INSERTS.length)];
                lines.set(line, colon < 0 ? l + " " + insert : l.substring(0, colon + 2) + insert + l.substring(colon + 2));
            }
            case 5 -> {
                int colon = l.indexOf(": ");
                String insert = INSERTS[random.nextInt(INSERTS.length)];
                lines.set(line, colon < 0 ? l + insert : l.substring(0, colon + 2) + insert);
            }
            case 6 -> lines.set(line, random.nextBoolean() ? " " + l : l.replaceFirst("^ ", ""));
            default -> {
                int at = random.nextInt(l.length() + 1);
                lines.set(line, l.substring(0, at) + INSERTS[random.nextInt(INSERTS.length)] + l.substring(at));
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }
}
