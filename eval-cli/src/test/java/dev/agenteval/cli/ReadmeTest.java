package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.yaml.SuiteSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's tables come from the same declarations the code reads. */
class ReadmeTest {

    private static String readme() throws IOException {
        return Files.readString(Path.of("..", "README.md"));
    }

    @Test
    void should_list_every_declared_environment_variable_in_the_readme_table() throws IOException {
        String readme = readme();
        String table = readme.substring(readme.indexOf("## Environment variables"), readme.indexOf("## Plugins"));

        for (String name : EnvironmentHelp.all().keySet()) {
            if (!name.startsWith("TEST_")) {
                assertThat(table).as("README lists " + name).contains("| `" + name + "` |");
            }
        }
    }

    @Test
    void should_give_a_rule_for_every_harness_expectation_and_every_jsonpath_comparator() throws IOException {
        String readme = readme();
        String section = readme.substring(readme.indexOf("## Harness expectations"), readme.indexOf("## Command line"));
        JsonNode expectations = new ObjectMapper().readTree(SuiteSchemas.harness()).at("/$defs/expectations/properties");

        expectations.fieldNames().forEachRemaining(key ->
                assertThat(section).as("README gives the rule of " + key).containsPattern("(?m)^\\|[^|\\n]*`" + key + "`[^|\\n]*\\| \\S"));
        for (String comparator : JsonPathCheck.COMPARATORS) {
            assertThat(section).as("README gives the rule of comparator " + comparator).contains("`" + comparator + "`");
        }
    }

    @Test
    void should_document_every_exit_code_the_command_uses() throws IOException {
        String readme = readme();

        for (ExitCode code : ExitCode.values()) {
            assertThat(readme).contains("| " + code.code() + " |");
        }
    }
}
