package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every suite under {@code invalid/} is refused with exactly the problems its root file lists in
 * {@code # error:} comments, each naming file, line, column, field path and case. {@code ${dir}}
 * stands for the folder the fixture's paths are relative to.
 */
class InvalidSuitesTest {

    static Stream<Arguments> fixtures() {
        return Stream.of("platform", "harness")
                .flatMap(d -> Fixtures.suitesIn(Fixtures.path("invalid", d)).stream())
                .map(p -> Arguments.of(p.getParent().getFileName() + "/" + p.getFileName(), p));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void should_report_every_problem_with_its_exact_location_and_message(String name, Path fixture) {
        String dir = Files.isDirectory(fixture) ? fixture.toString() : fixture.getParent().toString();
        List<String> expected = Fixtures.directives(fixture, "error").stream()
                .map(line -> line.replace("${dir}", dir))
                .toList();
        assertThat(expected).as("fixture %s lists its expected errors", name).isNotEmpty();

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().load(fixture));

        assertThat(e).as("%s must be refused", name).isNotNull();
        assertThat(e.problems()).containsExactlyElementsOf(expected);
        assertThat(e.getMessage()).contains(expected.get(0));
    }

    @Test
    void should_keep_at_least_forty_invalid_suites() {
        assertThat(fixtures()).hasSizeGreaterThanOrEqualTo(40);
    }
}
