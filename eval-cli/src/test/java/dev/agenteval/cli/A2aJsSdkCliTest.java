package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.agents.A2aJsSdkServer;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code agent-eval run} on a harness-dialect suite against agents built with the official A2A JS
 * SDK ({@code eval-agents/src/test/a2a-js}): A2A 1.0 ({@code @a2a-js/sdk} 1.x), the 1.x SDK with
 * its v0.3 compatibility layer, and A2A 0.3 ({@code @a2a-js/sdk} 0.3.x), each found through its
 * agent card from {@code --agent-url} alone.
 */
class A2aJsSdkCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SUITE = """
            evals:
              - name: artifact
                message: {message: {parts: [{kind: text, text: "artifact please"}]}}
                expectations: {expected_state: completed, must_include: [REPORT_WORD]}
              - name: status_and_artifact
                message: {message: {parts: [{kind: text, text: "status please"}]}}
                expectations: {must_include: [STATUS_WORD, ARTIFACT_WORD]}
              - name: data
                message: {message: {parts: [{kind: text, text: "data please"}]}}
                expectations:
                  jsonpath:
                    - {path: "$.booking.day", equals: Tuesday}
                    - {path: "$.booking.slot", min: 10, max: 10}
                  must_include_json:
                    - {booking: {slot: 10}}
              - name: booking
                type: sequential
                steps:
                  - message: {message: {parts: [{kind: text, text: "book a check-up"}]}}
                    expectations: {expected_state: input-required, must_include: ["Which day suits you?"]}
                  - message: {message: {parts: [{kind: text, text: "Friday"}]}}
                    expectations: {expected_state: completed, must_include: ["Booked for Friday."]}
              - name: message
                message: {message: {parts: [{kind: text, text: "hello"}]}}
                expectations: {must_include: ["Hello from the A2A JS SDK."]}
              - name: user_words_in_history
                message: {message: {parts: [{kind: text, text: "status USER_ONLY_ZEBRA"}]}}
                expectations: {must_include: [USER_ONLY_ZEBRA]}
              - name: user_words_not_excluded_by_history
                message: {message: {parts: [{kind: text, text: "status USER_ONLY_YAK"}]}}
                expectations: {must_not_include: [USER_ONLY_YAK]}
              - name: failed_task
                message: {message: {parts: [{kind: text, text: "fail please"}]}}
            """;

    private static A2aJsSdkServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = A2aJsSdkServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "agent {0}")
    @ValueSource(strings = {"v1/", "compat/", "v03/"})
    void should_give_the_harness_verdicts_against_the_sdk_agents(String agent) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        Path reports = dir.resolve("reports");

        CommandResult r = CommandRunner.in(dir).run("run", suite.toString(), "--protocol", "a2a",
                "--agent-url", server.url(agent).toString(), "--report-dir", reports.toString());
        int code = r.exitCode();

        String output = "exit " + code + "\nstdout:\n" + r.out() + "\nstderr:\n" + r.err() + "\nserver:\n" + server.output();
        assertThat(code).as(output).isEqualTo(1);
        JsonNode results = JSON.readTree(reports.resolve("results.json").toFile());
        Map<String, String> statuses = new LinkedHashMap<>();
        results.path("cases").forEach(c -> statuses.put(c.path("id").asText(), c.path("status").asText()));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("artifact", "passed");
        expected.put("status_and_artifact", "passed");
        expected.put("data", "passed");
        expected.put("booking", "passed");
        expected.put("message", "passed");
        expected.put("user_words_in_history", "failed");
        expected.put("user_words_not_excluded_by_history", "passed");
        expected.put("failed_task", "failed");
        assertThat(statuses).as(output).isEqualTo(expected);

        assertThat(failedScores(results, "user_words_in_history")).containsExactly("must_include");
        assertThat(failedScores(results, "failed_task")).containsExactly("task_state");
        // Every turn reached the SDK and came back as a JSON-RPC response, no harness failure.
        results.path("cases").forEach(c -> c.path("turns").forEach(t -> {
            assertThat(t.path("harnessFailure").isNull()).as(c.path("id").asText()).isTrue();
            assertThat(t.path("response").path("jsonrpc").asText()).isEqualTo("2.0");
        }));
        JsonNode booking = caseNamed(results, "booking").path("turns");
        String taskId = booking.get(0).path("request").path("params").path("message").path("taskId").asText("");
        String followUp = booking.get(1).path("request").path("params").path("message").path("taskId").asText();
        assertThat(taskId).as("no taskId on the first turn").isEmpty();
        assertThat(followUp).as("the SDK's taskId on the follow-up").matches("[0-9a-f-]{36}");
    }

    @Test
    void should_bind_the_fingerprint_to_the_sdk_agents_card() throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        String[] merge = {"merge", "reports", "--threshold", "0", "--suite", suite.toString(), "--protocol", "a2a",
                "--agent-url", server.url("v1/").toString()};
        CommandRunner agentEval = CommandRunner.in(dir);
        CommandResult run = agentEval.run("run", suite.toString(), "--protocol", "a2a", "--agent-url",
                server.url("v1/").toString(), "--report-dir", "reports", "-q");

        String agent = JSON.readTree(dir.resolve("reports/results.json").toFile()).at("/fingerprint/agent").asText();
        assertThat(agent).as(run.err()).matches("a2a http://127\\.0\\.0\\.1:\\d+/v1/"
                + " configuration [0-9a-f]{16}");
        // the same card: the stored result is of the current agent, and meets a 0 % gate
        CommandResult same = agentEval.run(merge);
        assertThat(same.exitCode()).as(same.err()).isZero();
        // another card at the same URL's place (the 0.3 agent): refused
        merge[merge.length - 1] = server.url("v03/").toString();
        CommandResult other = agentEval.run(merge);
        assertThat(other.exitCode()).isEqualTo(2);
        assertThat(other.err()).contains("is not of the current suite and agent");
    }

    private static JsonNode caseNamed(JsonNode results, String id) {
        for (JsonNode c : results.path("cases")) {
            if (id.equals(c.path("id").asText())) {
                return c;
            }
        }
        throw new AssertionError("no case " + id);
    }

    private static List<String> failedScores(JsonNode results, String id) {
        List<String> failed = new ArrayList<>();
        caseNamed(results, id).path("turns").forEach(t -> t.path("scores").forEach(s -> {
            if (s.path("status").asText().equals("failed")) {
                failed.add(s.path("type").asText());
            }
        }));
        return failed;
    }

    /** The platform CLI's tool scorers, and tools_in_order, on the SDK agent that reports toolsCalled. */
    private static final String TOOLS_SUITE = """
            tools:
              - name: find_assets
                description: |
                  Find assets in the knowledge graph.
                  Parameters: filter (string, required), limit (integer, optional).
              - name: summarize
                description: "Summarizes a list of assets. Parameters: items (list of asset ids)."
            cases:
              - id: find-pumps
                turns:
                  - input: "tools which pumps are there?"
                    scorers:
                      - type: toolSelection
                      - type: toolInvocation
                      - type: tools_in_order
                        expected: [find_assets, summarize]
            """;

    @ParameterizedTest(name = "agent {0}")
    @ValueSource(strings = {"v1/", "compat/", "v03/"})
    void should_score_the_tools_called_the_sdk_agent_reports_and_show_them(String agent) throws Exception {
        Files.writeString(dir.resolve("eval.yaml"), TOOLS_SUITE);
        List<String> prompts = new CopyOnWriteArrayList<>();
        try (FakeChatModel judge = judge(prompts)) {
            Result r = run("run", "eval.yaml", "--protocol", "a2a", "--agent-url", server.url(agent).toString(),
                    "--judge-url", judge.url().toString(), "--judge-model", "judge-model", "-v",
                    "--report-dir", "reports");

            assertThat(r.code).as(r.output).isZero();
            // The judge saw the calls, not "(the agent made no tool calls)".
            assertThat(prompts).as(r.output).hasSize(2).allSatisfy(p -> assertThat(p)
                    .contains("1. find_assets").contains("2. summarize").doesNotContain("(the agent made no tool calls)"));
            assertThat(r.err).contains("turn 1 toolsCalled: find_assets{\"filter\":\"pump\",\"limit\":10},"
                    + " summarize{\"items\":[\"P-101\",\"P-102\"]}");
            JsonNode turn = JSON.readTree(dir.resolve("reports/results.json").toFile()).path("cases").get(0)
                    .path("turns").get(0);
            assertThat(turn.path("request").path("params").path("message").path("parts").get(0).path("text").asText())
                    .isEqualTo("tools which pumps are there?");
            assertThat(turn.path("toolCalls").findValuesAsText("name")).containsExactly("find_assets", "summarize");
            Map<String, String> verdicts = new LinkedHashMap<>();
            turn.path("scores").forEach(s -> verdicts.put(s.path("type").asText(), s.path("status").asText()));
            assertThat(verdicts).isEqualTo(Map.of("toolSelection", "passed", "toolInvocation", "passed",
                    "tools_in_order", "passed"));
            assertThat(Files.readString(dir.resolve("reports/results.md")))
                    .contains("- toolsCalled:\n  - `find_assets` `{\"filter\":\"pump\",\"limit\":10}` → `{\"count\":2}`");
            assertThat(Files.readString(dir.resolve("reports/report.html")))
                    .contains("<span class=\"label\">toolsCalled</span>");
        }
    }

    @Test
    void should_read_the_tool_calls_at_the_targets_tool_calls_path() throws Exception {
        Files.writeString(dir.resolve("eval.yaml"), """
                cases:
                  - id: traced
                    turns:
                      - input: "traced running pumps?"
                        scorers:
                          - type: tools_in_order
                            expected: [list_views, query_view]
                """);
        String targets = """
                targets:
                  traced:
                    protocol: a2a
                    url: %s
                    settings: {toolCallsPath: "$.artifacts[*].metadata.trace.steps[*]"}
                  plain:
                    protocol: a2a
                    url: %s
                """.formatted(server.url("v1/"), server.url("v1/"));
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), targets);

        Result traced = run("run", "eval.yaml", "--env", "traced", "-v");
        Result plain = run("run", "eval.yaml", "--env", "plain", "-v");
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), targets.replace("steps[*]", "steps[*"));
        Result invalid = run("run", "eval.yaml", "--env", "traced");

        assertThat(traced.code).as(traced.output).isZero();
        assertThat(traced.err).contains("turn 1 toolsCalled: list_views{\"space\":\"plant\"}, query_view{");
        assertThat(plain.code).as(plain.output).isEqualTo(1);
        assertThat(plain.err).contains("turn 1 toolsCalled: (none)");
        assertThat(invalid.code).as(invalid.output).isEqualTo(2);
        assertThat(invalid.err).containsPattern("agent-eval\\.targets\\.yaml:\\d+:\\d+: targets\\.traced\\.settings"
                + "\\.toolCallsPath: is not a valid JSONPath: '\\$\\.artifacts\\[\\*]\\.metadata\\.trace\\.steps\\[\\*'");
    }

    @Test
    void should_record_the_tools_called_the_sdk_agent_reports() throws Exception {
        Result r = run("record", "--agent-url", server.url("v1/").toString(), "--input", "tools which pumps are there?",
                "--to", "eval/eval.yaml", "--id", "pumps");

        assertThat(r.code).as(r.output).isZero();
        assertThat(r.out).contains("turn 1: expects find_assets, summarize");
        assertThat(Files.readString(dir.resolve("eval/eval.yaml"))).contains("expected: [\"find_assets\", \"summarize\"]");
        assertThat(run("run", "eval", "--agent-url", server.url("v03/").toString()).code).isZero();
    }

    private record Result(int code, String out, String err, String output) {
    }

    private Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = AgentEvalCli.execute(args, AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        return new Result(code, o, e, "exit " + code + "\nstdout:\n" + o + "\nstderr:\n" + e + "\nserver:\n" + server.output());
    }

    /** An OpenAI-compatible judge on 127.0.0.1 that passes everything and keeps the prompts it was sent. */
    private static FakeChatModel judge(List<String> prompts) {
        return FakeChatModel.start().models("judge-model").otherwise(request -> {
            prompts.add(request.body());
            return ChatReply.pass("fits").usage(10, 5);
        });
    }

}
