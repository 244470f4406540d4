package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent-eval schema --results json}: the schema the results.json of {@code run} validates against. */
class ResultsSchemaCliTest {

    @TempDir
    Path dir;

    private String run(int expectedCode, String... args) {
        CommandResult result = CommandRunner.in(dir).run(args);
        int code = result.exitCode();
        assertThat(code).as(result.err()).isEqualTo(expectedCode);
        return result.out();
    }

    @Test
    void should_print_the_schema_that_a_runs_results_json_validates_against() throws Exception {
        Files.copy(Path.of("src/test/resources/suites/mixed.yaml"), dir.resolve("mixed.yaml"));
        run(1, "run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1", "--repeat", "2",
                "--report-dir", "out", "--format", "json");

        String schema = run(0, "schema", "--results", "json");

        assertThat(new ObjectMapper().readTree(schema).path("title").asText()).isEqualTo("agent-eval results.json");
        List<String> problems = new ArrayList<>();
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schema)
                .validate(new ObjectMapper().readTree(dir.resolve("out/results.json").toFile()))
                .forEach(e -> problems.add(e.toString()));
        assertThat(problems).isEmpty();
    }
}
