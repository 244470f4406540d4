package dev.agenteval.report;

import dev.agenteval.results.Journal;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.expectedState;
import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustIncludeJson;
import static dev.agenteval.api.Scorers.mustNotInclude;
import static dev.agenteval.api.Scorers.toolsInOrder;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.api.Variable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** A suite written with the DSL, run against an in-process agent, rendered by all four sinks. */
class EndToEndTest {

    private static final String SECRET = "tok-9f8e7d6c5b4a";

    private static final InProcessAgent AGENT = InProcessAgent.of((conversation, message) -> {
        String text = message.text();
        if (text.startsWith("vitals")) {
            return AgentResponse.builder()
                    .part(Part.text("Here are the vitals"))
                    .part(Part.data(Map.of("items", List.of(
                            Map.of("type", "TEMP", "value", 38.5, "unitName", "°C"),
                            Map.of("type", "SYS", "value", 120, "unitName", "mmHg")))))
                    .state(TaskState.COMPLETED).usage(Usage.tokens(100, 20)).build();
        }
        if (text.startsWith("book")) {
            return conversation.turn() == 1
                    ? AgentResponse.builder().text("Which day?").state(TaskState.INPUT_REQUIRED).build()
                    : AgentResponse.builder().text("Booked " + text).state(TaskState.COMPLETED).build();
        }
        if (text.startsWith("lookup")) {
            return AgentResponse.builder().text("Found 2 pumps")
                    .toolCall(ToolCall.of("list_views", Map.of()))
                    .toolCall(ToolCall.of("find_assets", Map.of("filter", "pump")))
                    .usage(new Usage(null, null, 0.5, null)).build();
        }
        return AgentResponse.builder().text("Echo: " + text).state(TaskState.COMPLETED).build();
    });

    private static Suite suite() {
        return Suite.named("demo")
                .variable("token", Variable.env("DEMO_TOKEN"))
                .add(Case.id("vitals").tag("ci").turn(Turn.of("vitals please").expect(
                        mustInclude("\"unitName\": \"°C\""),
                        jsonPath(JsonPathCheck.at("$.items").length(2), JsonPathCheck.at("$.items[*].value").min(0).max(300)),
                        mustIncludeJson(Map.of("items", List.of(Map.of("type", "SYS", "value", 120)))))))
                .add(Case.id("booking").tag("ci")
                        .turn(Turn.of("book a check-up").expect(expectedState("input-required")))
                        .turn(Turn.of("book Friday").expect(contains("Friday"), mustNotInclude("error"))))
                .add(Case.id("lookup").turn(Turn.of("lookup pumps").expect(toolsInOrder("find_assets", "execute"))))
                .add(Case.id("negative").expectPass(false).turn(Turn.of("say hi").expect(contains("refund"))))
                .add(Case.id("secret-echo").turn(Turn.of("token is {{token}}").expect(contains("Echo"))))
                .build();
    }

    @Test
    void should_run_a_dsl_suite_and_write_json_markdown_junit_and_console_reports(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        EvalRunner runner = EvalRunner.builder()
                .agent(AGENT)
                .environment(Map.of("DEMO_TOKEN", SECRET)::get)
                .sink(Reports.sink("json", dir.resolve("results.json")))
                .sink(Reports.sink("md", dir.resolve("results.md")))
                .sink(Reports.sink("junit", dir.resolve("junit.xml")))
                .sink(Reports.console(new PrintStream(console, true, StandardCharsets.UTF_8)))
                .build();

        SuiteResult result = runner.run(suite());

        assertThat(result.cases()).extracting(CaseResult::id, CaseResult::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("vitals", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("booking", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("lookup", CaseStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("negative", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("secret-echo", CaseStatus.PASSED));
        assertThat(result.find("lookup").orElseThrow().reason()).contains("execute");

        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertThat(json.get("suite").asText()).isEqualTo("demo");
        assertThat(json.get("complete").asBoolean()).isTrue();
        assertThat(json.at("/summary/cases").asInt()).isEqualTo(5);
        assertThat(json.at("/summary/passed").asInt()).isEqualTo(4);
        assertThat(json.at("/summary/failed").asInt()).isEqualTo(1);
        assertThat(json.at("/usage/inputTokens").asLong()).isEqualTo(100);
        assertThat(json.at("/usage/credits").asDouble()).isEqualTo(0.5);
        assertThat(json.at("/usage/cost").isNull()).isTrue();
        assertThat(json.at("/cases/1/turns/0/state").asText()).isEqualTo("input-required");
        assertThat(json.at("/cases/2/status").asText()).isEqualTo("failed");
        assertThat(json.at("/cases/2/turns/0/toolCalls/1/name").asText()).isEqualTo("find_assets");
        assertThat(json.at("/cases/2/turns/0/scores/0/checks/1/passed").asBoolean()).isFalse();

        String md = Files.readString(dir.resolve("results.md"));
        assertThat(md).contains("vitals").contains("lookup").contains("execute");

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("junit.xml").toFile());
        assertThat(xml.getElementsByTagName("testcase").getLength()).isEqualTo(5);
        assertThat(xml.getElementsByTagName("failure").getLength()).isEqualTo(1);

        assertThat(console.toString(StandardCharsets.UTF_8)).contains("lookup").contains("4 passed");
    }

    @Test
    void should_keep_environment_secrets_out_of_every_sink(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        EvalRunner.builder()
                .agent(AGENT)
                .environment(Map.of("DEMO_TOKEN", SECRET)::get)
                .sink(Journal.start(dir.resolve(Journal.FILE_NAME), "secrets", null))
                .sink(Reports.all(dir))
                .sink(Reports.sink("json", dir.resolve("extra/results.json")))
                .sink(Reports.sink("md", dir.resolve("extra/results.md")))
                .sink(Reports.sink("junit", dir.resolve("extra/junit.xml")))
                .sink(Reports.console(new PrintStream(console, true, StandardCharsets.UTF_8), true))
                .build()
                .run(suite());

        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(6);
        for (Path f : files) {
            assertThat(Files.readString(f)).as(f.toString()).doesNotContain(SECRET).contains("***");
        }
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain(SECRET);
    }
}
