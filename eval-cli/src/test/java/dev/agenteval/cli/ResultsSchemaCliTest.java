package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(expectedCode);
        return out.toString(StandardCharsets.UTF_8);
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
