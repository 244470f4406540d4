package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteLocationsTest {

    @TempDir
    Path dir;

    @Test
    void should_point_at_variables_cases_and_placeholders_bare_or_inside_text_as_the_reader_reads_them() throws Exception {
        Path suite = Files.writeString(dir.resolve("suite.yaml"), """
                globals:
                  variables: {region: eu}
                variables:
                  token: env:TOKEN
                evals:
                  - name: greets
                    type: sequential
                    steps:
                      - message: hello
                      - message: {{ who }}
                  - name: asks
                    message: "ask {{region}} about {{topic}}"
                """);
        SuiteLocations at = new SuiteLocations(List.of(suite));

        assertThat(at.variable("token")).contains(suite + ":4:10: variables.token");
        assertThat(at.variable("region")).contains(suite + ":2:23: globals.variables.region");
        assertThat(at.caseId("asks")).contains(suite + ":11:11");
        assertThat(at.placeholder("greets", 2, "who")).contains(suite + ":10:18");
        assertThat(at.placeholder("asks", 1, "topic")).contains(suite + ":12:14");
        assertThat(at.placeholder("asks", 1, "nobody")).isEmpty();
        assertThat(new SuiteLocations(List.of(dir.resolve("absent.yaml"))).caseId("asks")).isEmpty();
    }
}
