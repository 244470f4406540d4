package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
}
