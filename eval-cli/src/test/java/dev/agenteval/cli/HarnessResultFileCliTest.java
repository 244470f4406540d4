package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's result file through the command line: a harness suite run against a loopback A2A
 * agent ({@link FakeA2aAgent}) writes the JSON array the harness README shows, key for key and
 * type for type, valid against the schema {@code agent-eval schema --results harness} prints; by
 * default under {@code results/}, also when the agent is down or the run is interrupted.
 */
class HarnessResultFileCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = "s3cr3t-token-4711";
    /** The bound on each wait: a safety net, not a sleep. */
    private static final long WAIT_SECONDS = 120;

    /** Keys the README documents as null in some entries (aborted steps, unreported usage). */
    private static final Set<String> NULLABLE = Set.of("request", "response", "context_id", "usage", "input_tokens",
            "output_tokens", "credits");
    /** Keys the README's prose adds to its example: a case's summed usage and trace links. */
    private static final Set<String> CASE_EXTRAS = Set.of("usage", "trace_url");
    private static final Set<String> STEP_EXTRAS = Set.of("trace_url");
    /** What a step's own entry adds to the step's fields. */
    private static final Set<String> STEP_ENTRY_EXTRAS = Set.of("trace_url", "is_step_result", "case_name",
            "step_name", "step_index", "agent_id");

    @TempDir
    Path dir;

    private final ExecutorService background = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        background.shutdownNow();
    }

    private static final String SUITE = """
            variables:
              api_token: env:API_TOKEN
            evals:
              - name: painkiller_lookup
                agent_id: agent-123
                message: {message: {parts: [{kind: text, text: "Which painkillers? token {{api_token}}"}]}}
                expectations:
                  must_include: [ibuprofen]
              - name: greeting
                agent_id: agent-123
                message: {message: {parts: [{kind: text, text: Hello there}]}}
                expectations:
                  must_include: [hello, farewell]
                  max_duration_seconds: 300
              - name: intake_follow_up
                type: sequential
                agent_id: agent-123
                steps:
                  - name: initial_prompt
                    message: {message: {parts: [{kind: text, text: I need a check-up.}]}}
                    expectations:
                      expected_state: input-required
                  - name: provide_details
                    message: {message: {parts: [{kind: text, text: Here are the details.}]}}
                    expectations:
                      must_include: [booked]
              - name: agent_breaks
                type: sequential
                agent_id: agent-123
                steps:
                  - name: first
                    message: {message: {parts: [{kind: text, text: Start}]}}
                    expectations:
                      must_include: [started]
                  - name: second
                    message: {message: {parts: [{kind: text, text: Crash}]}}
                    expectations:
                      must_include: [never]
            """;

    private static String usageTask(String contextId, String state, String answer, String metadata) {
        return "{\"kind\": \"task\", \"id\": \"task-" + contextId + "\", \"contextId\": \"" + contextId + "\","
                + " \"status\": {\"state\": \"" + state + "\", \"message\": {\"kind\": \"message\", \"role\": \"agent\","
                + " \"messageId\": \"m-" + contextId + "\", \"parts\": [{\"kind\": \"text\", \"text\": \"" + answer + "\"}]}},"
                + " \"metadata\": " + metadata + "}";
    }

    private static FakeA2aAgent agent() {
        return FakeA2aAgent.start()
                .when("Which painkillers? token " + SECRET, A2aReply.result(usageTask("ctx-lookup", "completed",
                        "Try ibuprofen.", "{\"_usage\": {\"input_tokens\": 26514, \"output_tokens\": 3319}, \"credits\": 0.15916}")))
                .when("Hello there", A2aReply.completed("hello to you"))
                .when("I need a check-up.", A2aReply.result(usageTask("ctx-intake", "input-required", "Which date suits you?",
                        "{\"_usage\": {\"input_tokens\": 10, \"output_tokens\": 5}}")))
                .when("Here are the details.", A2aReply.result(usageTask("ctx-intake", "completed", "You are booked.",
                        "{\"_usage\": {\"input_tokens\": 20}, \"credits\": 0.1}")))
                .when("Start", A2aReply.completed("started"))
                .when("Crash", A2aReply.httpStatus(500, "Internal Server Error"));
    }

    /** One in-process CLI run: exit code and both streams. */
    private CommandResult run(String... args) {
        return CommandRunner.in(dir).withVariable("API_TOKEN", SECRET).run(args);
    }

    private CommandResult runHarnessSuite(String... more) throws IOException {
        Files.writeString(dir.resolve("hello.yaml"), SUITE);
        try (FakeA2aAgent agent = agent()) {
            List<String> args = new ArrayList<>(List.of("run", "hello.yaml", "--protocol", "a2a", "--agent-url",
                    agent.url().toString()));
            args.addAll(List.of(more));
            return run(args.toArray(String[]::new));
        }
    }

    private Schema schema() {
        CommandResult printed = run("schema", "--results", "harness");
        assertThat(printed.exitCode()).as(printed.toString()).isZero();
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(printed.out());
    }

    private List<String> schemaErrors(JsonNode document) {
        List<String> errors = new ArrayList<>();
        schema().validate(document).forEach(e -> errors.add(e.getMessage()));
        return errors;
    }

    private static JsonNode entry(JsonNode entries, String name) {
        for (JsonNode e : entries) {
            if (name.equals(e.path("name").asText())) {
                return e;
            }
        }
        throw new AssertionError("no entry '" + name + "' in " + entries.toPrettyString());
    }

    private List<Path> resultFiles() throws IOException {
        Path results = dir.resolve("results");
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(results)) {
            return files.filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    // ------------------------------------------------------------------- the file, key for key

    @Test
    void should_write_the_harness_file_with_every_key_and_type_of_the_readme_example_valid_against_the_schema()
            throws IOException {
        CommandResult o = runHarnessSuite("--output", "out/results.json");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        JsonNode entries = JSON.readTree(dir.resolve("out/results.json").toFile());
        assertThat(schemaErrors(entries)).isEmpty();

        JsonNode example = JSON.readTree(getClass().getResource("/harness/readme-result-example.json"));
        JsonNode caseExample = example.get(0);
        JsonNode stepExample = caseExample.path("step_results").get(0);
        List<String> problems = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonNode e : entries) {
            names.add(e.path("name").asText());
            if (e.has("is_step_result")) {
                conforms(e, stepExample, e.path("name").asText(), STEP_ENTRY_EXTRAS, problems);
            } else {
                conforms(e, caseExample, e.path("name").asText(), CASE_EXTRAS, problems);
            }
        }
        assertThat(problems).as("keys and value types that differ from the README's example").isEmpty();
        assertThat(names).containsExactly("painkiller_lookup", "greeting", "intake_follow_up",
                "intake_follow_up/initial_prompt", "intake_follow_up/provide_details", "agent_breaks",
                "agent_breaks/first", "agent_breaks/second");
        assertThat(Files.readString(dir.resolve("out/results.json"))).doesNotContain(SECRET).contains("***");
    }

    @Test
    void should_record_usage_context_steps_and_an_aborted_step_as_the_readme_describes() throws IOException {
        CommandResult o = runHarnessSuite("--output", "out/results.json");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        JsonNode entries = JSON.readTree(dir.resolve("out/results.json").toFile());
        JsonNode lookup = entry(entries, "painkiller_lookup");
        assertThat(lookup.path("success").asBoolean()).isTrue();
        assertThat(lookup.path("agent_id").asText()).isEqualTo("agent-123");
        JsonNode step = lookup.path("step_results").get(0);
        assertThat(step.path("name").isNull()).isTrue();
        assertThat(step.path("context_id").asText()).isEqualTo("ctx-lookup");
        assertThat(step.path("usage")).isEqualTo(JSON.readTree(
                "{\"input_tokens\": 26514, \"output_tokens\": 3319, \"credits\": 0.15916}"));
        assertThat(step.path("request").path("params").path("message").path("parts").get(0).path("text").asText())
                .isEqualTo("Which painkillers? token ***");
        assertThat(step.path("response").path("result").path("contextId").asText()).isEqualTo("ctx-lookup");
        assertThat(step.path("expectation_results")).isEqualTo(JSON.readTree("[{\"key\": \"must_include\", \"checks\":"
                + " [{\"label\": \"ibuprofen\", \"passed\": true, \"detail\": \"found in response\"}],"
                + " \"show_on_pass\": false}]"));

        JsonNode greeting = entry(entries, "greeting");
        assertThat(greeting.path("success").asBoolean()).isFalse();
        assertThat(greeting.path("usage").isNull()).as("no step reported usage").isTrue();
        assertThat(greeting.path("step_results").get(0).path("usage").isNull()).isTrue();
        assertThat(greeting.path("step_results").get(0).path("expectation_results"))
                .extracting(r -> r.path("key").asText()).containsExactly("must_include", "max_duration_seconds");

        JsonNode intake = entry(entries, "intake_follow_up");
        assertThat(intake.path("success").asBoolean()).isTrue();
        assertThat(intake.path("step_results")).extracting(s -> s.path("name").asText())
                .containsExactly("initial_prompt", "provide_details");
        assertThat(intake.path("usage")).as("field-wise sum of the steps").isEqualTo(JSON.readTree(
                "{\"input_tokens\": 30, \"output_tokens\": 5, \"credits\": 0.1}"));
        JsonNode second = entry(entries, "intake_follow_up/provide_details");
        assertThat(second.path("is_step_result").asBoolean()).isTrue();
        assertThat(second.path("case_name").asText()).isEqualTo("intake_follow_up");
        assertThat(second.path("step_index").asInt()).isEqualTo(2);
        assertThat(second.path("usage")).isEqualTo(JSON.readTree(
                "{\"input_tokens\": 20, \"output_tokens\": null, \"credits\": 0.1}"));
        assertThat(second.path("request").path("params").path("message").path("contextId").asText())
                .as("the request as sent, with the propagated context").isEqualTo("ctx-intake");

        JsonNode breaks = entry(entries, "agent_breaks");
        assertThat(breaks.path("success").asBoolean()).isFalse();
        for (JsonNode aborted : List.of(breaks.path("step_results").get(1), entry(entries, "agent_breaks/second"))) {
            assertThat(aborted.path("success").asBoolean()).isFalse();
            assertThat(aborted.path("request").isNull()).isTrue();
            assertThat(aborted.path("response").isNull()).isTrue();
            assertThat(aborted.path("expectation_results").isArray()).isTrue();
            assertThat(aborted.path("expectation_results")).isEmpty();
            JsonNode error = aborted.path("harness_error");
            assertThat(names(error)).containsExactly("code", "message", "context");
            assertThat(error.path("code").asText()).isEqualTo("http_error");
            assertThat(error.path("context").path("status").asInt()).isEqualTo(500);
        }
        assertThat(breaks.path("step_results").get(0).path("harness_error").isNull()).isTrue();

        String md = Files.readString(dir.resolve("out/results.md"));
        assertThat(md).contains("`painkiller_lookup`").contains("Duration: ")
                .contains("Errors: must_include 'farewell': not found in response")
                .contains("Harness error: http_error").contains("### Input\n\n```json\n{")
                .contains("\"text\": \"Try ibuprofen.\"").doesNotContain("Trace:").doesNotContain(SECRET);
    }

    @Test
    void should_write_agent_eval_json_with_output_for_a_harness_suite_when_output_format_says_so() throws IOException {
        CommandResult o = runHarnessSuite("--output", "out/results.json", "--output-format", "json");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        JsonNode report = JSON.readTree(dir.resolve("out/results.json").toFile());
        assertThat(report.path("suite").asText()).isEqualTo("hello");
        assertThat(report.path("cases")).hasSize(4);
        assertThat(dir.resolve("out/results.md")).exists();
    }

    // ------------------------------------------------------------------- results/ by default

    @Test
    void should_write_the_results_under_results_named_after_the_suite_and_start_time_and_say_where()
            throws IOException {
        CommandResult o = runHarnessSuite();

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        List<Path> files = resultFiles();
        assertThat(files).hasSize(2);
        String json = files.get(0).getFileName().toString();
        assertThat(json).matches("hello-\\d{8}T\\d{6}Z\\.json");
        assertThat(files.get(1).getFileName().toString()).isEqualTo(json.replace(".json", ".md"));
        assertThat(o.out()).contains("Reports: results/" + json + ", results/" + json.replace(".json", ".md"));
        JsonNode entries = JSON.readTree(files.get(0).toFile());
        assertThat(entries.isArray()).as("a harness suite's results are the harness file").isTrue();
        assertThat(schemaErrors(entries)).isEmpty();
    }

    @Test
    void should_write_the_json_report_under_results_for_a_platform_suite() throws IOException {
        TestSuites.copyInto(dir);

        CommandResult o = run("run", "mixed.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        List<Path> files = resultFiles();
        assertThat(files).extracting(f -> f.getFileName().toString().replaceAll("\\d{8}T\\d{6}Z", "<start>"))
                .containsExactly("mixed-<start>.json", "mixed-<start>.md");
        assertThat(JSON.readTree(files.get(0).toFile()).path("suite").asText()).isEqualTo("mixed");
    }

    @Test
    void should_write_no_results_folder_when_a_report_folder_is_given() throws IOException {
        TestSuites.copyInto(dir);

        CommandResult o = run("run", "greetings.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", "reports", "--format", "harness");

        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(dir.resolve("results")).doesNotExist();
        assertThat(schemaErrors(JSON.readTree(dir.resolve("reports/harness.json").toFile()))).isEmpty();
        assertThat(dir.resolve("reports/harness.md")).exists();
    }

    @Test
    void should_write_the_results_when_the_agent_is_down() throws IOException {
        TestSuites.copyInto(dir);

        CommandResult o = run("run", "greetings.yaml", "--protocol", "test-down", "--agent-url", "http://127.0.0.1:9");

        assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.NOT_CARRIED_OUT);
        List<Path> files = resultFiles();
        assertThat(files).hasSize(2);
        JsonNode entries = JSON.readTree(files.get(0).toFile());
        assertThat(schemaErrors(entries)).isEmpty();
        assertThat(entries).extracting(e -> e.path("name").asText()).containsExactly("greets", "repeats");
        for (JsonNode e : entries) {
            JsonNode step = e.path("step_results").get(0);
            assertThat(step.path("harness_error").path("code").asText()).isEqualTo("network_error");
            assertThat(step.path("request").isNull()).isTrue();
            assertThat(step.path("expectation_results")).isEmpty();
        }
        assertThat(o.out()).contains("Reports: results/greetings-");
    }

    @Test
    void should_write_the_results_when_the_run_is_interrupted() throws Exception {
        TestSuites.copyInto(dir);
        TestAgents.Holding.reset();
        List<Thread> runner = new ArrayList<>();
        Future<CommandResult> run = background.submit(() -> {
            synchronized (runner) {
                runner.add(Thread.currentThread());
            }
            return run("run", "greetings.yaml", "--protocol", "test-hold", "--agent-url", "http://127.0.0.1:1",
                    "--concurrency", "1");
        });
        try {
            assertThat(TestAgents.Holding.ENTERED.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            synchronized (runner) {
                runner.get(0).interrupt(); // what the SIGTERM hook does (Interruption)
            }

            CommandResult o = run.get(WAIT_SECONDS, TimeUnit.SECONDS);

            assertThat(o.exitCode()).as(o.toString()).isEqualTo(AgentEvalCli.INTERRUPTED);
            List<Path> files = resultFiles();
            assertThat(files).hasSize(2);
            assertThat(schemaErrors(JSON.readTree(files.get(0).toFile()))).isEmpty();
            assertThat(Files.readString(files.get(1))).contains("INCOMPLETE run").contains("## Not run")
                    .contains("`greets`");
            assertThat(o.out()).contains("Reports: results/greetings-");
            assertThat(o.err()).contains("Interrupted");
        } finally {
            TestAgents.Holding.RELEASE.countDown();
        }
    }

    // ------------------------------------------------------------------- the schema command

    @Test
    void should_print_the_result_schema_and_refuse_two_schemas_at_once() throws IOException {
        CommandResult printed = run("schema", "--results", "harness");

        assertThat(printed.exitCode()).isZero();
        JsonNode schema = JSON.readTree(printed.out());
        assertThat(schema.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(printed.out()).contains("is_step_result").contains("harness_error");
        CommandResult both = run("schema", "--results", "harness", "--dialect", "harness");
        assertThat(both.exitCode()).isEqualTo(AgentEvalCli.INVALID);
        assertThat(both.err()).contains("--dialect, --results and --labels are alternatives");
    }

    // ------------------------------------------------------------------- comparing with the README

    /**
     * Adds to {@code problems} every key of {@code example} that {@code actual} lacks or holds with
     * another JSON type, and every key of {@code actual} the example lacks unless in {@code extras}.
     * A null in the example admits any value (the README gives their shapes in prose, the schema
     * checks them); a null in {@code actual} is admitted only for the {@link #NULLABLE} keys; an
     * example object holding only {@code "..."} stands for any object.
     */
    private static void conforms(JsonNode actual, JsonNode example, String path, Set<String> extras,
                                 List<String> problems) {
        for (Iterator<String> it = example.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!actual.has(key)) {
                problems.add(path + "." + key + ": missing");
            } else {
                matches(actual.get(key), example.get(key), key, path + "." + key, problems);
            }
        }
        for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!example.has(key) && !extras.contains(key)) {
                problems.add(path + "." + key + ": not in the README's example");
            }
        }
    }

    private static void matches(JsonNode actual, JsonNode example, String key, String path, List<String> problems) {
        if (example.isNull()) {
            return;
        }
        if (actual.isNull()) {
            if (!NULLABLE.contains(key)) {
                problems.add(path + ": null, the README has " + example.getNodeType());
            }
            return;
        }
        if (actual.getNodeType() != example.getNodeType()
                || example.isIntegralNumber() && !actual.isIntegralNumber()) {
            problems.add(path + ": " + actual.getNodeType() + " " + actual + ", the README has " + example.getNodeType()
                    + " " + example);
            return;
        }
        if (example.isObject() && !names(example).equals(List.of("..."))) {
            conforms(actual, example, path, Set.of(), problems);
        } else if (example.isArray() && !example.isEmpty()) {
            for (int i = 0; i < actual.size(); i++) {
                JsonNode item = actual.get(i);
                String at = path + "[" + i + "]";
                if (example.get(0).isObject()) {
                    conforms(item, example.get(0), at, key.equals("step_results") ? STEP_EXTRAS : Set.of(), problems);
                } else {
                    matches(item, example.get(0), key, at, problems);
                }
            }
        }
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
