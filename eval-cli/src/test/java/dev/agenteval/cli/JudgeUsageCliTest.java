package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge's own usage, apart from the agent's: a fake OpenAI-compatible judge on loopback reports
 * tokens and its model but no cost; the price table prices it; every report format shows it.
 */
class JudgeUsageCliTest {

    /** 1000 / 1e6 * 1.00 + 100 / 1e6 * 2.00 */
    private static final String PRICED = "1000 input tokens, 100 output tokens, cost ~0.0012 (estimated)";

    private final FakeChatModel judge = FakeChatModel.start().models("judge-mini")
            .otherwise(ChatReply.pass("greets").usage(1000, 100));

    @TempDir
    Path dir;

    @BeforeEach
    void serve() throws Exception {
        Files.writeString(dir.resolve("judged.yaml"), RunChecksCliTest.JUDGED);
        Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  judge-mini: {inputPerMillion: 1.00, outputPerMillion: 2.00}
                """);
    }

    @AfterEach
    void stop() {
        judge.close();
    }

    @Test
    void should_record_price_and_show_the_judges_usage_apart_from_the_agents_in_every_format() throws Exception {
        CommandResult r = CommandRunner.in(dir).run("run", "judged.yaml", "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--judge-url", judge.url().toString(), "--judge-model", "judge-mini",
                "--prices", "prices.yaml", "--report-dir", "out", "--format", "json,md,junit,html,console");

        assertThat(r.exitCode()).as(r.toString()).isZero();
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
        assertThat(r.out()).contains("judge usage: " + PRICED);
        assertThat(Files.readString(dir.resolve("out/junit.xml")))
                .contains("<property name=\"agent-eval.judgeUsage.inputTokens\" value=\"1000\"/>")
                .contains("<property name=\"agent-eval.judgeUsage.cost\" value=\"0.0012\"/>")
                .contains("<property name=\"agent-eval.judgeUsage.costEstimated\" value=\"true\"/>");
    }
}
