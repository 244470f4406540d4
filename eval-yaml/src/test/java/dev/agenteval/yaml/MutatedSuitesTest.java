package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small fuzz (issue 12): a few hundred mutated copies of the valid and seed fixtures
 * (truncations, byte flips, deleted and duplicated lines, tabs, odd scalars, deep nesting) go
 * through the loader. Every outcome is a suite or a {@link ConfigurationException} whose every
 * problem names its file, and no problem shows an exception class or YAML library internals.
 * Prints the share of refused inputs whose every problem has a line and column ("bad inputs
 * located / total" in BENCHMARKS.md).
 */
class MutatedSuitesTest {

    private static final long SEED = 12;
    private static final int MUTATIONS_PER_FIXTURE = 20;
    private static final Pattern INTERNAL = Pattern.compile(
            "\\b[A-Z][A-Za-z]*(Exception|Error)\\b|snakeyaml|org\\.yaml|java\\.[a-z]|internal error");
    private static final Pattern LOCATED = Pattern.compile("^\\S+?\\.ya?ml:\\d+:\\d+: ");
    private static final byte[] BYTES = {0, (byte) 0xFF, (byte) 0xC3, (byte) 0x80, '\t', ':', '[', ']', '{', '}', '"',
        '\'', '&', '*', '!', '%', '-', '#', '\n', ' ', '|', '>', '?', ',', '@', '`', '\r'};
    private static final String[] SCALARS = {".inf", "-.inf", ".nan", "99999999999999999999", "-0.0", "1.0e+11",
        "0.0000000001", "~", "[", "{", "*x", "&a", "!!binary x", "\"\\u0000\"", "!!python/object x", "{{ x }}",
        "[[[[[[[[", "\"unterminated", "- a", "a: b: c", "0x7FFFFFFFFFFFFFFFFF", "true", "''", "<<: *x"};

    @TempDir
    Path dir;

    private enum Kind { ACCEPTED, LOCATED, FILE_ONLY, BAD }

    private record Outcome(Kind kind, String detail) {
    }

    @Test
    void should_load_or_refuse_with_located_problems_every_mutated_fixture() throws IOException {
        List<Path> fixtures = Stream.of("valid/platform", "valid/harness", "seeds/platform", "seeds/harness")
                .flatMap(d -> Fixtures.suitesIn(Fixtures.path(d)).stream()).toList();
        Random random = new Random(SEED);
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        List<String> bad = new ArrayList<>();
        int n = 0;
        for (Path fixture : fixtures) {
            for (int i = 0; i < MUTATIONS_PER_FIXTURE; i++) {
                Path copy = dir.resolve("m" + n++);
                Path root = copy(fixture, copy);
                List<Path> files = yamlFiles(copy);
                Path target = files.get(random.nextInt(files.size()));
                byte[] mutated = mutate(Files.readAllBytes(target), random);
                Files.write(target, mutated);
                for (SuiteLoader loader : List.of(TestScorers.loader(), SuiteLoader.defaults())) {
                    Outcome outcome = load(loader, root, copy);
                    counts.merge(outcome.kind, 1, Integer::sum);
                    if (outcome.kind == Kind.BAD) {
                        bad.add(outcome.detail + "\n  for " + target + " mutated to:\n"
                                + new String(mutated, StandardCharsets.UTF_8));
                    }
                }
            }
        }
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        int refused = total - counts.getOrDefault(Kind.ACCEPTED, 0);
        int located = counts.getOrDefault(Kind.LOCATED, 0);
        System.out.printf("Mutated suites: %d loads, %d accepted, %d refused (%d naming only the file, %d bad);"
                + " bad inputs located / total: %d / %d%n", total, counts.getOrDefault(Kind.ACCEPTED, 0), refused,
                counts.getOrDefault(Kind.FILE_ONLY, 0), bad.size(), located, refused);
        assertThat(bad).as("outcomes that crashed, showed internals or did not name the file").isEmpty();
        assertThat(total).isGreaterThanOrEqualTo(400);
        assertThat(refused).isGreaterThan(total / 2);
        // Whole-file problems (over the size limit, alias bombs) would name the file without a line;
        // no mutation here makes one, so every refusal must point at a line.
        assertThat(located).as("refused inputs whose every problem has a line and column").isEqualTo(refused);
    }

    private static Outcome load(SuiteLoader loader, Path root, Path copy) {
        List<String> problems;
        try {
            loader.load(root);
            return new Outcome(Kind.ACCEPTED, null);
        } catch (ConfigurationException e) {
            problems = e.problems();
        } catch (RuntimeException | StackOverflowError e) {
            return new Outcome(Kind.BAD, "the loader threw " + e);
        }
        boolean allLocated = true;
        for (String p : problems) {
            if (!p.startsWith(copy.toString()) || INTERNAL.matcher(p).find()) {
                return new Outcome(Kind.BAD, "problem '" + p + "'");
            }
            allLocated &= LOCATED.matcher(p).find();
        }
        return new Outcome(allLocated ? Kind.LOCATED : Kind.FILE_ONLY, null);
    }

    private static byte[] mutate(byte[] in, Random random) {
        String text = new String(in, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int line = random.nextInt(lines.size());
        switch (random.nextInt(10)) {
            case 0 -> {
                return Arrays.copyOf(in, random.nextInt(in.length));
            }
            case 1 -> {
                byte[] out = in.clone();
                int flips = 1 + random.nextInt(3);
                for (int i = 0; i < flips; i++) {
                    out[random.nextInt(out.length)] = random.nextInt(4) == 0 ? (byte) random.nextInt(256)
                            : BYTES[random.nextInt(BYTES.length)];
                }
                return out;
            }
            case 2 -> lines.remove(line);
            case 3 -> lines.add(line, lines.get(line));
            case 4 -> lines.set(line, lines.get(line).replaceFirst("^ {1,2}", "\t"));
            case 5 -> {
                String l = lines.get(line);
                int at = random.nextInt(l.length() + 1);
                lines.set(line, l.substring(0, at) + "\t" + l.substring(at));
            }
            case 6 -> {
                if (line + 1 < lines.size()) {
                    String l = lines.get(line);
                    lines.set(line, lines.get(line + 1));
                    lines.set(line + 1, l);
                }
            }
            case 7 -> lines.set(line, random.nextBoolean() ? " " + lines.get(line)
                    : lines.get(line).replaceFirst("^ ", ""));
            case 8 -> {
                String l = lines.get(line);
                int colon = l.indexOf(": ");
                String scalar = SCALARS[random.nextInt(SCALARS.length)];
                lines.set(line, colon < 0 ? l + " " + scalar : l.substring(0, colon + 2) + scalar);
            }
            default -> {
                String l = lines.get(line);
                int at = random.nextInt(l.length() + 1);
                lines.set(line, l.substring(0, at) + "[".repeat(100 + random.nextInt(2000)) + l.substring(at));
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** Copies a fixture (a file or a folder) to {@code to}; returns what to load. */
    private static Path copy(Path fixture, Path to) throws IOException {
        if (!Files.isDirectory(fixture)) {
            Files.createDirectories(to);
            return Files.copy(fixture, to.resolve(fixture.getFileName()));
        }
        try (Stream<Path> walk = Files.walk(fixture)) {
            for (Path p : walk.toList()) {
                Path dest = to.resolve(fixture.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
        return to;
    }

    private static List<Path> yamlFiles(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
