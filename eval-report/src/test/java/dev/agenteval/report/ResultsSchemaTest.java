package dev.agenteval.report;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.core.Providers;
import dev.agenteval.report.internal.JsonReport;
import dev.agenteval.report.internal.SampleResults;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code results.schema.json} ({@link Reports#resultsSchema()}) describes the results.json files
 * the runner writes, in every shape, and the README's example of one.
 */
class ResultsSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(Reports.resultsSchema());

    private static List<String> problems(JsonNode document) {
        List<String> problems = new ArrayList<>();
        SCHEMA.validate(document).forEach(e -> problems.add(e.toString()));
        return problems;
    }

    /** The agent: calls a tool and reports its ids and usage; fails "broken" on even attempts, errors on "down". */
    private static final InProcessAgent AGENT = InProcessAgent.of((conversation, message) -> {
        if (conversation.caseId().equals("down")) {
            throw new AgentException(FailureCode.HTTP_ERROR, "HTTP 503 from the agent", Map.of("status", 503), null);
        }
        boolean ok = !conversation.caseId().equals("flaky") || conversation.request().attempt() % 2 == 1;
        return AgentResponse.builder().text(ok ? "ok, done" : "nope").state(TaskState.COMPLETED)
                .toolCall(ToolCall.of("lookup", Map.of("q", message.text())))
                .usage(Usage.tokens(120, 30).withModel("agent-model"))
                .agentId("agent-7").contextId(conversation.contextId()).taskId("task-" + conversation.turn())
                .build();
    });

    /** A judge-like scorer: a verdict that cost tokens. */
    private static final Providers PROVIDERS = Providers.discover().withScorer(new ScorerFactory() {
        @Override
        public String id() {
            return "judged";
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return ctx -> ScoreResult.ofChecks("judged", Check.pass("the answer is polite"))
                    .withUsage(Usage.tokens(50, 10).withModel("judge-mini"));
        }
    });

    private static SuiteResult run(EvalRunner.Builder runner, Case.Builder... cases) {
        Suite.Builder suite = Suite.named("shapes");
        for (Case.Builder c : cases) {
            suite.add(c);
        }
        return runner.agent(AGENT).environment(name -> null).providers(PROVIDERS)
                .prices(Prices.builder().price("judge-mini", 1.0, 2.0).build()).build().run(suite.build());
    }

    private static Case.Builder probe(String id) {
        return Case.id(id).tags(List.of("smoke")).turn("hello", contains("ok"), ScorerSpec.of("judged"));
    }

    /** Writes {@code result} as the runner's report folder does and reads the file back as JSON. */
    private static JsonNode written(SuiteResult result, Path dir, BaselineComparison comparison) throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, comparison == null ? Reports.render("json", result) : JsonReport.render(result, comparison));
        return JSON.readTree(file.toFile());
    }

    @Test
    void should_describe_every_shape_the_runner_writes(@TempDir Path dir) throws IOException {
        SuiteResult plain = run(EvalRunner.builder(), probe("plain"), probe("down"),
                Case.id("two-turns").turn("first", contains("ok")).turn("second", contains("absent")),
                Case.id("feature-input").turn(dev.agenteval.api.Turn.of(dev.agenteval.api.Message.user(
                        dev.agenteval.api.Part.data(Map.of("asset", "P-101")))).expect(contains("ok"))));
        SuiteResult repeated = run(EvalRunner.builder().repeat(3), probe("flaky"), probe("steady"));
        SuiteResult stopped = run(EvalRunner.builder().concurrency(1).stopOnFailure(true),
                Case.id("fails").turn("x", contains("absent")), probe("never-runs"));
        SuiteResult sharded = plain.withShard(Shard.of(1, 2))
                .withFingerprint(dev.agenteval.api.Fingerprint.of("ab12", 3, "a2a http://127.0.0.1/", "judge-mini"));

        Map<String, JsonNode> documents = Map.of(
                "plain, judged, errored, multi-turn", written(plain, dir, null),
                "repeated and flaky", written(repeated, dir, null),
                "stopped early, skipped", written(stopped, dir, null),
                "sharded, fingerprinted, with a baseline", written(sharded, dir, Baseline.of(repeated).compare(sharded)),
                "the sample results", JSON.readTree(Reports.render("json", SampleResults.mixed())));

        documents.forEach((shape, document) -> assertThat(problems(document)).as(shape).isEmpty());
        JsonNode repeatedCase = documents.get("repeated and flaky").at("/cases/0");
        assertThat(repeatedCase.has("passAtK") && repeatedCase.has("flaky") && repeatedCase.has("attempts"))
                .as("the repeated shape has the repeat fields").isTrue();
        JsonNode repeatedSummary = documents.get("repeated and flaky").get("summary");
        assertThat(repeatedSummary.get("passAtK").size()).as("pass@k for k = 1..3 attempts").isEqualTo(3);
        assertThat(repeatedSummary.has("attemptPassRate") && repeatedSummary.has("passRateInterval")).isTrue();
        assertThat(documents.get("plain, judged, errored, multi-turn").get("summary").has("passAtK"))
                .as("no pass@k without repeats").isFalse();
        assertThat(documents.get("plain, judged, errored, multi-turn").at("/judgeUsage/cost").isNumber()).isTrue();
        assertThat(documents.get("plain, judged, errored, multi-turn").at("/cases/1/turns/0/harnessFailure/code").asText())
                .isEqualTo("http_error");
        assertThat(documents.get("plain, judged, errored, multi-turn").at("/cases/3/turns/0/inputParts/0/kind").asText())
                .as("a feature input's parts are written").isEqualTo("data");
        assertThat(documents.get("stopped early, skipped").at("/cases/1/status").asText()).isEqualTo("skipped");
        assertThat(documents.get("plain, judged, errored, multi-turn").at("/scorers/0/interval/method").asText())
                .as("each scorer's mean with its interval").isEqualTo("bootstrap");
        assertThat(documents.get("sharded, fingerprinted, with a baseline").has("baseline")).isTrue();
    }

    @Test
    void should_refuse_a_key_it_does_not_describe_and_a_missing_required_one() throws IOException {
        ObjectNode document = (ObjectNode) JSON.readTree(Reports.render("json", SampleResults.mixed()));
        ((ObjectNode) document.at("/summary")).put("surprise", 1);
        document.remove("cases");

        assertThat(String.join("\n", problems(document))).contains("surprise").contains("cases");
    }

    /** The "The JSON report" section of README.md. */
    private static String readmeSection() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("## The JSON report");
        return readme.substring(start, readme.indexOf("\n## ", start + 1));
    }

    @Test
    void should_validate_the_readme_example_which_shows_every_top_level_summary_case_and_score_key() throws IOException {
        Matcher block = Pattern.compile("(?s)```json\n(.*?)```").matcher(readmeSection());
        assertThat(block.find()).as("the section has a ```json block").isTrue();
        JsonNode example = JSON.readTree(block.group(1));
        JsonNode schema = JSON.readTree(Reports.resultsSchema());

        assertThat(problems(example)).isEmpty();
        assertThat(keys(example)).as("top-level keys").containsAll(names(schema.at("/properties")));
        assertThat(keys(example.get("summary"))).as("summary keys").containsAll(names(schema.at("/properties/summary/properties")));
        Set<String> caseKeys = new TreeSet<>();
        Set<String> scoreKeys = new TreeSet<>();
        Set<String> turnKeys = new TreeSet<>();
        for (JsonNode c : example.get("cases")) {
            caseKeys.addAll(keys(c));
            for (JsonNode t : c.get("turns")) {
                turnKeys.addAll(keys(t));
                t.get("scores").forEach(s -> scoreKeys.addAll(keys(s)));
            }
        }
        assertThat(caseKeys).as("case keys").containsAll(names(schema.at("/$defs/case/properties")));
        assertThat(turnKeys).as("turn keys").containsAll(names(schema.at("/$defs/turn/properties")));
        assertThat(scoreKeys).as("score keys").containsAll(names(schema.at("/$defs/score/properties")));
    }

    @Test
    void should_name_the_schema_command_in_the_readme() throws IOException {
        assertThat(readmeSection()).contains("agent-eval schema --results json");
    }

    private static Set<String> keys(JsonNode node) {
        Set<String> keys = new TreeSet<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static Set<String> names(JsonNode properties) {
        return keys(properties);
    }
}
