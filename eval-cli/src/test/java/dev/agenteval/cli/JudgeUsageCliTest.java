package dev.agenteval.cli;

import static dev.agenteval.cli.FakeOpenAi.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge's own usage, apart from the agent's: a fake OpenAI-compatible judge on loopback reports
 * tokens and its model but no cost; the price table prices it; every report format shows it.
 */
class JudgeUsageCliTest {

    private static final String VERDICT = """
            {"id":"chatcmpl-1","object":"chat.completion","model":"judge-mini","choices":[{"index":0,
              "finish_reason":"stop","message":{"role":"assistant",
              "content":"{\\"verdict\\": \\"pass\\", \\"score\\": 1, \\"reason\\": \\"greets\\"}"}}],
             "usage":{"prompt_tokens":1000,"completion_tokens":100,"total_tokens":1100}}
            """;

    /** 1000 / 1e6 * 1.00 + 100 / 1e6 * 2.00 */
    private static final String PRICED = "1000 input tokens, 100 output tokens, cost ~0.0012 (estimated)";

    @StartStop
    private final MockWebServer judge = new MockWebServer();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(dir.resolve("judged.yaml"), RunChecksCliTest.JUDGED);
        Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  judge-mini: {inputPerMillion: 1.00, outputPerMillion: 2.00}
                """);
        judge.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String target = request.getTarget();
                if (target.endsWith("/models")) {
                    return json("{\"object\":\"list\",\"data\":[{\"id\":\"judge-mini\",\"object\":\"model\"}]}");
                }
                if (target.endsWith("/chat/completions")) {
                    return json(VERDICT);
                }
                return new MockResponse.Builder().code(404).build();
            }
        });
    }

    @Test
    void should_record_price_and_show_the_judges_usage_apart_from_the_agents_in_every_format() throws Exception {
        int code = AgentEvalCli.execute(new String[] {"run", "judged.yaml", "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--judge-url", judge.url("/v1").toString(), "--judge-model", "judge-mini",
                "--prices", "prices.yaml", "--report-dir", "out", "--format", "json,md,junit,html,console"},
                AgentEvalCli.Context.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), dir));

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode results = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        assertThat(results.at("/cases/0/turns/0/scores/0/usage/cost").asDouble()).isEqualTo(0.0012);
        assertThat(results.at("/cases/0/turns/0/scores/0/usage/model").asText()).isEqualTo("judge-mini");
        for (String at : new String[] {"/judgeUsage", "/cases/0/judgeUsage"}) {
            assertThat(results.at(at + "/inputTokens").asLong()).as(at).isEqualTo(1000);
            assertThat(results.at(at + "/outputTokens").asLong()).as(at).isEqualTo(100);
            assertThat(results.at(at + "/cost").asDouble()).as(at).isEqualTo(0.0012);
            assertThat(results.at(at + "/costEstimated").asBoolean()).as(at).isTrue();
        }
        assertThat(results.at("/usage").isNull()).as("the agent reported nothing; the judge's usage is not the agent's")
                .isTrue();
        assertThat(Files.readString(dir.resolve("out/results.md"))).contains("Judge usage: " + PRICED);
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains(PRICED);
        assertThat(Files.readString(dir.resolve("out/summary.txt"))).contains("judge usage: " + PRICED);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("judge usage: " + PRICED);
        assertThat(Files.readString(dir.resolve("out/junit.xml")))
                .contains("<property name=\"agent-eval.judgeUsage.inputTokens\" value=\"1000\"/>")
                .contains("<property name=\"agent-eval.judgeUsage.cost\" value=\"0.0012\"/>")
                .contains("<property name=\"agent-eval.judgeUsage.costEstimated\" value=\"true\"/>");
    }
}
