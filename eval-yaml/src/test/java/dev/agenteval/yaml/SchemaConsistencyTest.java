package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.ConfigurationException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keeps the published schemas and the loader consistent: every valid fixture passes both; every
 * invalid fixture fails both, unless it names (with {@code # loader-only:}) the rule only the
 * loader can enforce, in which case the schema must indeed accept it.
 */
class SchemaConsistencyTest {

    static Stream<Arguments> validFixtures() {
        return Stream.of("seeds/platform", "seeds/harness", "valid/platform", "valid/harness")
                .flatMap(d -> Fixtures.suitesIn(Fixtures.path(d)).stream())
                .map(p -> Arguments.of(Fixtures.RESOURCES.relativize(p).toString(), p));
    }

    static Stream<Arguments> invalidFixtures() {
        return InvalidSuitesTest.fixtures();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validFixtures")
    void should_accept_valid_suites_in_schema_and_loader(String name, Path fixture) {
        assertThat(Fixtures.schemaProblems(fixture)).as("schema problems of %s", name).isEmpty();
        assertThatCode(() -> TestScorers.loader().load(fixture)).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidFixtures")
    void should_refuse_invalid_suites_in_schema_and_loader_or_name_the_loader_only_rule(String name, Path fixture) {
        assertThatThrownBy(() -> TestScorers.loader().load(fixture)).isInstanceOf(ConfigurationException.class);
        List<String> loaderOnly = Fixtures.directives(fixture, "loader-only");
        List<String> schemaProblems = Fixtures.schemaProblems(fixture);
        if (loaderOnly.isEmpty()) {
            assertThat(schemaProblems).as("the schema must refuse %s too (or the fixture names a loader-only rule)", name)
                    .isNotEmpty();
        } else {
            assertThat(loaderOnly.get(0)).as("the loader-only rule of %s", name).isNotBlank();
            assertThat(schemaProblems).as("%s claims a loader-only rule, so the schema must accept it", name).isEmpty();
        }
    }

    /** {@code _defaults.yaml} texts the loader accepts (see FolderDefaultsTest). */
    static Stream<String> validDefaults() {
        return Stream.of("", "# nothing yet\n", "globals:\n", "globals: {}\n", """
                globals:
                  concurrency: 4
                  timeout_seconds: 200
                  agent: {name: Evals Agent, tools: [search], settings: {model: large}}
                  variables:
                    tenant: base
                    token: env:API_TOKEN
                    dice: {type: random_int, min: 1, max: 6}
                  message:
                    message:
                      metadata: {team: evals}
                      parts: [{kind: text, text: "Hello from {{tenant}}"}]
                """);
    }

    /** {@code _defaults.yaml} texts the loader refuses. */
    static Stream<String> invalidDefaults() {
        return Stream.of("- concurrency: 2\n", "globals: [concurrency]\n", "globals: {}\nvariables: {a: b}\n",
                "evals: []\n", "globals: {concurency: 2}\n", "globals: {variables: {n: {type: randint, min: 1, max: 2}}}\n",
                "globals: {variables: {n: {type: random_int, min: 1.5, max: 2}}}\n",
                "globals: {message: {message: {rol: user}}}\n");
    }

    /** A suite file under a {@code _defaults.yaml} holding {@code yaml}, in a repository. */
    private static Path suiteUnder(Path dir, String yaml) throws java.io.IOException {
        java.nio.file.Files.createDirectories(dir.resolve(".git"));
        java.nio.file.Files.writeString(dir.resolve("_defaults.yaml"), yaml);
        return java.nio.file.Files.writeString(dir.resolve("s.yaml"),
                "evals:\n  - name: hello\n    message: {message: {parts: [{kind: text, text: Hi}]}}\n");
    }

    @ParameterizedTest
    @MethodSource("validDefaults")
    void should_accept_valid_folder_defaults_in_the_defaults_schema_and_loader(String yaml, @TempDir Path dir)
            throws Exception {
        assertThat(Fixtures.defaultsSchemaProblems(yaml)).isEmpty();
        Path suite = suiteUnder(dir, yaml);
        assertThatCode(() -> TestScorers.loader().load(suite)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("invalidDefaults")
    void should_refuse_invalid_folder_defaults_in_the_defaults_schema_and_loader(String yaml, @TempDir Path dir)
            throws Exception {
        assertThat(Fixtures.defaultsSchemaProblems(yaml)).isNotEmpty();
        Path suite = suiteUnder(dir, yaml);
        assertThatThrownBy(() -> TestScorers.loader().load(suite)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void should_define_folder_defaults_with_the_harness_schemas_own_definitions() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode harness = json.readTree(SuiteSchemas.harness());
        JsonNode defaults = json.readTree(SuiteSchemas.harnessDefaults());

        assertThat(defaults.path("$defs").size()).isGreaterThan(5);
        defaults.path("$defs").fieldNames().forEachRemaining(name -> assertThat(defaults.path("$defs").get(name))
                .as("$defs.%s of harness-defaults.schema.json", name).isEqualTo(harness.path("$defs").get(name)));
        assertThat(harness.path("properties").path("globals").path("$ref").asText()).isEqualTo("#/$defs/globals");
    }
}
