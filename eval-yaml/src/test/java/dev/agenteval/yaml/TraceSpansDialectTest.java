package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code trace_spans} scorer in both dialects: the DSL's spec, the schemas, located errors. */
class TraceSpansDialectTest {

    private static final ScorerSpec DSL = Scorers.traceSpans().count("execute_tool *", 1, 3)
            .maxErrorSpans("chat *", 0).maxDuration(Duration.ofMillis(5000)).build();

    @TempDir
    Path dir;

    private static ScorerSpec only(Suite suite) {
        return suite.cases().get(0).turns().get(0).scorers().get(0);
    }

    @Test
    void should_load_both_dialects_into_the_spec_the_dsl_builds() throws IOException {
        Path platform = Files.writeString(dir.resolve("platform.yaml"), """
                cases:
                  - id: weather
                    turns:
                      - input: Weather?
                        scorers:
                          - type: trace_spans
                            span_count: [{pattern: "execute_tool *", min: 1, max: 3}]
                            error_spans: {pattern: "chat *", max: 0}
                            max_duration_ms: {pattern: "*", max: 5000}
                """);
        Path harness = Files.writeString(dir.resolve("harness.yaml"), """
                evals:
                  - name: weather
                    message:
                      message:
                        parts:
                          - kind: text
                            text: Weather?
                    expectations:
                      trace_spans:
                        span_count: [{pattern: "execute_tool *", min: 1, max: 3}]
                        error_spans: {pattern: "chat *", max: 0}
                        max_duration_ms: {pattern: "*", max: 5000}
                """);

        assertThat(only(SuiteLoader.defaults().load(platform))).isEqualTo(DSL);
        assertThat(SuiteLoader.defaults().load(harness).cases().get(0).turns().get(0).scorers()).contains(DSL);
        assertThat(Fixtures.schemaProblems(platform)).isEmpty();
        assertThat(Fixtures.schemaProblems(harness)).isEmpty();
    }

    @Test
    void should_locate_a_misspelled_key_inside_span_count_with_a_did_you_mean() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                cases:
                  - id: weather
                    turns:
                      - input: Weather?
                        scorers:
                          - type: trace_spans
                            span_count:
                              - {pattern: "execute_tool *", mni: 1, max: 3}
                """);

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(file));
        assertThat(e.problems()).first().asString().startsWith(file + ":8:45: cases[0].turns[0].scorers[0]"
                + ".span_count[0].mni (case 'weather'): scorer 'trace_spans': 'span_count' item 1: unknown key 'mni'"
                + " — did you mean 'min'?");
    }
}
