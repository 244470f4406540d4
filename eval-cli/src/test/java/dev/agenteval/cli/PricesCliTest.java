package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.testkit.FakeChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Costs the agent does not report, computed from the user's prices ({@code --prices FILE}, a
 * target's {@code prices:}), against loopback agents that report tokens and a model but no cost:
 * an OpenAI-compatible chat endpoint and an A2A agent with the agent service's {@code $usage}
 * (the testkit's {@link FakeChatModel} and {@link FakeA2aAgent}).
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

    /** 1200 input and 300 output tokens per answer, the model named (the one asked for), no cost. */
    private final FakeChatModel chat = FakeChatModel.start().otherwise(ChatReply.text("hello there").usage(1200, 300));

    /** An A2A 0.3 agent reporting the agent service's {@code $usage}: a model, tokens and credits, no cost. */
    private final FakeA2aAgent agent = FakeA2aAgent.start().otherwise(A2aReply.completed("hello from a2a")
            .metadata("$usage", "{\"model\":\"claude-x\",\"inputTokens\":2000000,\"outputTokens\":100000,\"credits\":0.5}"));

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);
    }

    @AfterEach
    void stop() {
        chat.close();
        agent.close();
    }

    private int run(String... args) {
        last = CommandRunner.in(dir).run(args);
        return last.exitCode();
    }

    private void targets(String prices) throws Exception {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), """
                targets:
                  chat:
                    protocol: openai-chat
                    url: %s
                    auth: {type: none}
                    settings: {model: gpt-4o-mini}
                %s""".formatted(chat.url(), prices));
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

        int code = run("run", "suite.yaml", "--agent-url", agent.url().toString(), "--prices", "prices.yaml",
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
        assertThat(chat.requestCount()).isZero();
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
        assertThat(chat.requestCount()).isZero();
        assertThat(last.err()).contains("agent-eval.targets.yaml:8:38: targets.chat.prices"
                + ".gpt-4o-mini.inputPerMillion: must be a number >= 0");
    }
}
