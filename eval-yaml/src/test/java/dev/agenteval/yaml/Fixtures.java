package dev.agenteval.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.yaml.internal.Dialect;
import dev.agenteval.yaml.internal.Problems;
import dev.agenteval.yaml.internal.SourceFile;
import dev.agenteval.yaml.internal.YamlReader;
import dev.agenteval.yaml.internal.YamlValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Test fixtures under src/test/resources, their directives, and schema validation. */
final class Fixtures {

    static final Path RESOURCES = Path.of("src/test/resources");

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema PLATFORM = REGISTRY.getSchema(SuiteSchemas.platform());
    private static final Schema HARNESS = REGISTRY.getSchema(SuiteSchemas.harness());
    private static final Schema HARNESS_DEFAULTS = REGISTRY.getSchema(SuiteSchemas.harnessDefaults());
    private static final Schema LABELS = REGISTRY.getSchema(SuiteSchemas.labels());
    private static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {
    }

    static Path path(String first, String... more) {
        return RESOURCES.resolve(Path.of(first, more));
    }

    /**
     * The suites under a folder: every *.yaml file directly in it, and every sub-folder (a
     * platform suite, loaded as a folder).
     */
    static List<Path> suitesIn(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> Files.isDirectory(p) || p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The root file of a fixture: itself, or the eval/eval.yaml (or eval.yaml) of a folder. */
    static Path rootFile(Path fixture) {
        if (!Files.isDirectory(fixture)) {
            return fixture;
        }
        Path direct = fixture.resolve("eval.yaml");
        return Files.exists(direct) ? direct : fixture.resolve("eval").resolve("eval.yaml");
    }

    /** The values of the {@code # name: value} comment lines of the fixture's root file. */
    static List<String> directives(Path fixture, String name) {
        String prefix = "# " + name + ":";
        try {
            List<String> out = new ArrayList<>();
            for (String line : Files.readAllLines(rootFile(fixture))) {
                if (line.startsWith(prefix)) {
                    out.add(line.substring(prefix.length()).strip());
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the dialect's JSON Schema says about every suite file of a fixture (included files too,
     * agent files excepted): empty when all are valid. A file that is not valid YAML data
     * (syntax error, duplicate key, forbidden tag) counts as failing, as it does in an editor.
     */
    static List<String> schemaProblems(Path fixture) {
        List<Path> files;
        if (Files.isDirectory(fixture)) {
            try (Stream<Path> walk = Files.walk(fixture)) {
                files = walk.filter(p -> p.toString().endsWith(".yaml") && !p.toString().endsWith(".agent.yaml"))
                        .sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            files = List.of(fixture);
        }
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            Problems yamlProblems = new Problems();
            YamlValue value = new YamlReader(SuiteLoader.DEFAULT_MAX_FILE_SIZE)
                    .read(new SourceFile(file, file.toString(), 0), yamlProblems);
            if (value == null || !yamlProblems.isEmpty()) {
                problems.add(file + ": not valid YAML data: " + yamlProblems.rendered());
                continue;
            }
            Object json = value.toJson();
            JsonNode node = JSON.valueToTree(json);
            Schema schema = isHarness(json) ? HARNESS : PLATFORM;
            schema.validate(node).forEach(e -> problems.add(file + ": " + e.getMessage()));
        }
        return problems;
    }

    /** What the folder-defaults schema says about a {@code _defaults.yaml} text: empty when valid. */
    static List<String> defaultsSchemaProblems(String yaml) {
        Problems yamlProblems = new Problems();
        YamlValue value = new YamlReader(SuiteLoader.DEFAULT_MAX_FILE_SIZE)
                .parse(new SourceFile(Path.of("_defaults.yaml"), "_defaults.yaml", 0), yaml, yamlProblems);
        if (value == null || !yamlProblems.isEmpty()) {
            return List.of("not valid YAML data: " + yamlProblems.rendered());
        }
        List<String> problems = new ArrayList<>();
        HARNESS_DEFAULTS.validate(JSON.valueToTree(value.toJson())).forEach(e -> problems.add(e.getMessage()));
        return problems;
    }

    /** What the labels schema says about a labels file: empty when valid. */
    static List<String> labelsSchemaProblems(Path file) {
        Problems yamlProblems = new Problems();
        YamlValue value = new YamlReader(SuiteLoader.DEFAULT_MAX_FILE_SIZE)
                .read(new SourceFile(file, file.toString(), 0), yamlProblems);
        if (value == null || !yamlProblems.isEmpty()) {
            return List.of("not valid YAML data: " + yamlProblems.rendered());
        }
        List<String> problems = new ArrayList<>();
        LABELS.validate(JSON.valueToTree(value.toJson())).forEach(e -> problems.add(e.getMessage()));
        return problems;
    }

    private static boolean isHarness(Object json) {
        return json instanceof Map<?, ?> map
                && map.keySet().stream().anyMatch(k -> Dialect.HARNESS.rootKeys().contains(k))
                && map.keySet().stream().noneMatch(k -> Dialect.PLATFORM.rootKeys().contains(k));
    }
}
