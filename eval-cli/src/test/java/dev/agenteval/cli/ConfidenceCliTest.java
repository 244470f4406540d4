package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --confidence} and {@code --seed} (and their variables) reach every report: the console's
 * totals line, results.json's intervals and the scorers' bootstrap, the same numbers for the same
 * seed; an invalid value is refused before anything runs, naming where it came from.
 */
class ConfidenceCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The echo agent answers with the message: must_include scores 1, 1/2 and 0 in turn. */
    private static final String SUITE = """
            evals:
              - name: both
                message: {message: {parts: [{kind: text, text: Good morning}]}}
                expectations: {must_include: [Good, morning]}
              - name: half
                message: {message: {parts: [{kind: text, text: Good evening}]}}
                expectations: {must_include: [Good, morning]}
              - name: neither
                message: {message: {parts: [{kind: text, text: Hi}]}}
                expectations: {must_include: [Good, morning]}
              - name: both-again
                message: {message: {parts: [{kind: text, text: Good morning all}]}}
                expectations: {must_include: [Good, morning]}
              - name: half-again
                message: {message: {parts: [{kind: text, text: morning}]}}
                expectations: {must_include: [Good, morning]}
              - name: neither-again
                message: {message: {parts: [{kind: text, text: Hello}]}}
                expectations: {must_include: [Good, morning]}
            """;

    @TempDir
    Path dir;

    @BeforeEach
    void suite() throws IOException {
        Files.writeString(dir.resolve("s.yaml"), SUITE);
    }

    private CommandResult run(Map<String, String> environment, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "s.yaml", "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--concurrency", "1"));
        args.addAll(List.of(extra));
        return CommandRunner.in(dir).withEnvironment(environment).run(args.toArray(String[]::new));
    }

    private JsonNode results(String folder) throws IOException {
        return JSON.readTree(dir.resolve(folder).resolve("results.json").toFile());
    }

    @Test
    void should_give_the_same_scorer_intervals_for_the_same_seed_and_others_for_another() throws IOException {
        run(Map.of(), "--report-dir", "a", "--seed", "11");
        run(Map.of(), "--report-dir", "b", "--seed", "11");
        run(Map.of(), "--report-dir", "c", "--seed", "12");
        run(Map.of("AGENT_EVAL_SEED", "12"), "--report-dir", "d");

        JsonNode a = results("a").get("scorers");
        assertThat(a.at("/0/id").asText()).isEqualTo("must_include");
        assertThat(a.at("/0/n").asInt()).isEqualTo(6);
        assertThat(a.at("/0/mean").asDouble()).isEqualTo(0.5);
        assertThat(results("b").get("scorers")).as("the same seed").isEqualTo(a);
        assertThat(results("c").get("scorers")).as("another seed").isNotEqualTo(a);
        assertThat(results("d").get("scorers")).as("AGENT_EVAL_SEED").isEqualTo(results("c").get("scorers"));
    }

    @Test
    void should_compute_and_label_every_interval_at_the_confidence_asked_for() throws IOException {
        CommandResult o = run(Map.of(), "--report-dir", "r", "--confidence", "0.9");

        assertThat(o.out()).contains("pass rate 33.3% (90% CI 12-65%, n=6)");
        JsonNode results = results("r");
        assertThat(results.at("/summary/passRateInterval/level").asDouble()).isEqualTo(0.9);
        assertThat(results.at("/scorers/0/interval/level").asDouble()).isEqualTo(0.9);
        assertThat(Files.readString(dir.resolve("r/results.md"))).contains("| `must_include` | 6 | 0.500 |")
                .contains("(90% CI 12–65%)");
        assertThat(Files.readString(dir.resolve("r/junit.xml")))
                .contains("<property name=\"agent-eval.scorer.must_include.interval.level\" value=\"0.9\"/>");
        assertThat(Files.readString(dir.resolve("r/report.html"))).contains("90% CI 12–65% (Wilson, n=6)");

        assertThat(run(Map.of("AGENT_EVAL_CONFIDENCE", "0.8"), "-q").out()).contains("(80% CI ");
        assertThat(run(Map.of(), "-q", "--confidence", "99%").out()).as("a percentage, as calibrate takes it")
                .contains("(99% CI ");
    }

    @Test
    void should_refuse_a_level_outside_zero_to_one_or_a_seed_that_is_no_integer_naming_its_source() {
        CommandResult option = run(Map.of(), "--confidence", "95");
        assertThat(option.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(option.err()).contains("--confidence must be a confidence level between 0 and 1 exclusive"
                + " (e.g. 0.95, or 95%) but is '95'");

        CommandResult variable = run(Map.of("AGENT_EVAL_CONFIDENCE", "1"));
        assertThat(variable.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(variable.err()).contains("AGENT_EVAL_CONFIDENCE must be a confidence level");

        CommandResult seed = run(Map.of(), "--seed", "x1");
        assertThat(seed.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(seed.err()).contains("--seed must be an integer (the bootstrap's seed) but is 'x1'");
        assertThat(dir.resolve("results")).as("nothing ran").doesNotExist();
    }
}
