package dev.agenteval.cli;

import static dev.agenteval.cli.JsonResponses.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
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
 * Costs the agent does not report, computed from the user's prices ({@code --prices FILE}, a
 * target's {@code prices:}), against loopback agents that report tokens and a model but no cost:
 * an OpenAI-compatible chat endpoint and an A2A agent with the agent service's {@code $usage}.
 */
class PricesCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SUITE = """
            cases:
              - id: greet
                turns:
                  - input: Hello
                    scorers:
                      - type: must_include
                        values: [hello]
            """;

    /** 1200 input and 300 output tokens per answer, the model named, no cost. */
    private static final String CHAT_ANSWER = """
            {"id":"chatcmpl-1","object":"chat.completion","model":"gpt-4o-mini","choices":[{"index":0,
              "finish_reason":"stop","message":{"role":"assistant","content":"hello there"}}],
             "usage":{"prompt_tokens":1200,"completion_tokens":300,"total_tokens":1500}}
            """;

    private static final String A2A_ANSWER = """
            {"jsonrpc":"2.0","id":"%s","result":{"kind":"task","id":"t-1","contextId":"c-1",
              "status":{"state":"completed","message":{"kind":"message","messageId":"m-1","role":"agent",
                "parts":[{"kind":"text","text":"hello from a2a"}]}},
              "metadata":{"$usage":{"model":"claude-x","inputTokens":2000000,"outputTokens":100000,"credits":0.5}}}}
            """;

    @StartStop
    private final MockWebServer agent = new MockWebServer();

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);
        agent.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String target = request.getTarget();
                if (target.endsWith("/chat/completions")) {
                    return json(CHAT_ANSWER);
                }
                if (target.startsWith("/a2a")) {
                    JsonNode body;
                    try {
                        body = JSON.readTree(request.getBody().utf8());
                    } catch (Exception e) {
                        return new MockResponse.Builder().code(400).build();
                    }
                    return json(A2A_ANSWER.formatted(body.path("id").asText()));
                }
                return new MockResponse.Builder().code(404).build();
            }
        });
    }

    private int run(String... args) {
        last = CommandRunner.in(dir).run(args);
        return last.exitCode();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + agent.getPort() + path;
    }

    private void targets(String prices) throws Exception {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), """
                targets:
                  chat:
                    protocol: openai-chat
                    url: %s
                    auth: {type: none}
                    settings: {model: gpt-4o-mini}
                %s""".formatted(url("/v1"), prices));
    }

    private JsonNode results() throws Exception {
        return JSON.readTree(dir.resolve("out/results.json").toFile());
    }

    @Test
    void a_targets_prices_estimate_the_cost_of_an_openai_chat_agent_in_every_report() throws Exception {
        targets("""
                    prices:
                      gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
                """);

        int code = run("run", "suite.yaml", "--env", "chat", "--report-dir", "out", "--format", "json,md,html,console");

        assertThat(code).as(last.err()).isZero();
        // 1200 / 1e6 * 0.15 + 300 / 1e6 * 0.60
        JsonNode turn = results().at("/cases/0/turns/0/usage");
        assertThat(turn.get("cost").asDouble()).isEqualTo(0.00036);
        assertThat(turn.get("costEstimated").asBoolean()).isTrue();
        assertThat(turn.get("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(results().at("/cases/0/usage/costEstimated").asBoolean()).isTrue();
        assertThat(results().at("/usage/cost").asDouble()).isEqualTo(0.00036);
        assertThat(results().at("/usage/costEstimated").asBoolean()).isTrue();
        String estimated = "1200 input tokens, 300 output tokens, cost ~0.00036 (estimated)";
        assertThat(Files.readString(dir.resolve("out/results.md"))).contains("- Usage: " + estimated + "\n");
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains(estimated);
        assertThat(Files.readString(dir.resolve("out/summary.txt"))).contains("usage: " + estimated);
        assertThat(last.out()).contains("usage: " + estimated);
    }

    @Test
    void prices_file_prices_an_a2a_agent_by_the_model_its_usage_names() throws Exception {
        Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  claude-x: {inputPerMillion: 3, outputPerMillion: 15}
                  default: {inputPerMillion: 100, outputPerMillion: 100}
                """);

        int code = run("run", "suite.yaml", "--agent-url", url("/a2a/"), "--prices", "prices.yaml",
                "--report-dir", "out", "--format", "json,harness");

        assertThat(code).as(last.err()).isZero();
        // 2,000,000 / 1e6 * 3 + 100,000 / 1e6 * 15 = 6 + 1.5; the credits stay as reported
        JsonNode usage = results().at("/cases/0/usage");
        assertThat(usage.get("cost").asDouble()).isEqualTo(7.5);
        assertThat(usage.get("costEstimated").asBoolean()).isTrue();
        assertThat(usage.get("credits").asDouble()).isEqualTo(0.5);
        JsonNode harness = JSON.readTree(dir.resolve("out/harness.json").toFile());
        assertThat(harness.at("/0/usage/estimated_cost").asDouble()).isEqualTo(7.5);
        assertThat(Files.readString(dir.resolve("out/harness.md"))).contains("cost ~7.5 (estimated)");
    }

    @Test
    void prices_file_wins_over_the_targets_price_for_the_same_model() throws Exception {
        targets("""
                    prices:
                      gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
                """);
        Files.writeString(dir.resolve("prices.yaml"), "prices:\n  gpt-4o-mini: {inputPerMillion: 1, outputPerMillion: 2}\n");

        int code = run("run", "suite.yaml", "--env", "chat", "--prices", "prices.yaml", "--report-dir", "out",
                "--format", "json");

        assertThat(code).as(last.err()).isZero();
        assertThat(results().at("/usage/cost").asDouble()).isEqualTo(0.0018);
    }

    @Test
    void without_prices_an_unreported_cost_stays_null() throws Exception {
        targets("");

        assertThat(run("run", "suite.yaml", "--env", "chat", "--report-dir", "out", "--format", "json")).isZero();

        assertThat(results().at("/usage/cost").isNull()).isTrue();
        assertThat(results().at("/usage").has("costEstimated")).isFalse();
    }

    @Test
    void a_bad_price_file_is_refused_naming_file_line_and_field_before_anything_is_sent() throws Exception {
        targets("");
        Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  gpt-4o-mini: {inputPerMillion: 0.15, outputPerMilion: 0.60}
                """);

        int code = run("run", "suite.yaml", "--env", "chat", "--prices", "prices.yaml");

        assertThat(code).isEqualTo(2);
        assertThat(agent.getRequestCount()).isZero();
        assertThat(last.err())
                .contains("prices.yaml:2:40: prices.gpt-4o-mini.outputPerMilion: unknown key 'outputPerMilion' — did you"
                        + " mean 'outputPerMillion'?")
                .contains("prices.yaml:2:16: prices.gpt-4o-mini.outputPerMillion: missing required key 'outputPerMillion'");
        assertThat(run("validate", "suite.yaml", "--env", "chat", "--prices", "missing.yaml")).isEqualTo(2);
        assertThat(last.err()).contains("no price file at");
    }

    @Test
    void a_bad_prices_block_in_the_targets_file_is_refused_with_its_line() throws Exception {
        targets("""
                    prices:
                      gpt-4o-mini: {inputPerMillion: free, outputPerMillion: 0.60}
                """);

        assertThat(run("run", "suite.yaml", "--env", "chat")).isEqualTo(2);
        assertThat(agent.getRequestCount()).isZero();
        assertThat(last.err()).contains("agent-eval.targets.yaml:8:38: targets.chat.prices"
                + ".gpt-4o-mini.inputPerMillion: must be a number >= 0");
    }
}
