package dev.agenteval.report;

import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.AgentClient;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Repeated cases against an agent whose answers depend only on the case and the attempt. */
class RepeatsTest {

    /** "steady" always answers ok, "broken" never does, "flaky" fails its even attempts. */
    private static final AgentClient FLAKY_AGENT = InProcessAgent.of((conversation, message) -> {
        int attempt = conversation.request().attempt();
        boolean ok = switch (conversation.caseId()) {
            case "broken" -> false;
            case "flaky" -> attempt % 2 == 1;
            default -> true;
        };
        return AgentResponse.ofText(ok ? "ok" : "nope");
    });

    private static EvalRunner.Builder runner() {
        return EvalRunner.builder().agent(FLAKY_AGENT).environment(name -> null).concurrency(2);
    }

    private static Case.Builder probe(String id) {
        return Case.id(id).turn("x", contains("ok"));
    }

    @Test
    void should_report_pass_rate_pass_at_k_pass_hat_k_and_flakiness_per_case() {
        Suite suite = Suite.named("s").add(probe("steady")).add(probe("flaky")).add(probe("broken")).build();

        SuiteResult result = runner().repeat(5).build().run(suite);

        CaseResult steady = result.find("steady").orElseThrow();
        CaseResult flaky = result.find("flaky").orElseThrow();
        CaseResult broken = result.find("broken").orElseThrow();
        assertThat(flaky.attempts()).hasSize(5);
        assertThat(flaky.passedAttempts()).isEqualTo(3);
        assertThat(flaky.passRate()).isEqualTo(0.6);
        assertThat(flaky.passAtK()).isTrue();
        assertThat(flaky.passHatK()).isFalse();
        assertThat(flaky.flaky()).isTrue();
        assertThat(flaky.status()).as("by default every attempt must pass").isEqualTo(CaseStatus.FAILED);
        assertThat(flaky.reason()).endsWith(" (2 of 5 attempts)");
        assertThat(steady.passAtK()).isTrue();
        assertThat(steady.passHatK()).isTrue();
        assertThat(steady.flaky()).isFalse();
        assertThat(steady.passed()).isTrue();
        assertThat(broken.passAtK()).isFalse();
        assertThat(broken.passHatK()).isFalse();
        assertThat(broken.flaky()).as("consistently failing is broken, not flaky").isFalse();
    }

    @Test
    void should_pass_a_case_whose_pass_rate_meets_its_threshold_and_fail_one_below_it() {
        Suite suite = Suite.named("s")
                .add(probe("flaky").passThreshold(0.6))
                .build();
        Suite stricter = Suite.named("s").add(probe("flaky").passThreshold(0.61)).build();

        CaseResult met = runner().repeat(5).build().run(suite).cases().get(0);
        CaseResult below = runner().repeat(5).build().run(stricter).cases().get(0);

        assertThat(met.status()).isEqualTo(CaseStatus.PASSED);
        assertThat(met.reason()).isEmpty();
        assertThat(met.passThreshold()).isEqualTo(0.6);
        assertThat(met.flaky()).as("passing by threshold is still flaky").isTrue();
        assertThat(below.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(below.reason()).startsWith("3 of 5 attempts passed, fewer than the pass threshold 61%: turn 1 ")
                .endsWith(" (2 of 5 attempts)");
    }

    @Test
    void should_take_repeat_from_the_case_then_the_suite_then_the_runner() {
        Suite suite = Suite.named("s").repeat(3).passThreshold(0.5)
                .add(probe("steady").repeat(2))
                .add(probe("flaky"))
                .build();
        Suite plain = Suite.named("plain").add(probe("flaky")).build();

        SuiteResult result = runner().repeat(7).build().run(suite);
        SuiteResult runnerDefault = runner().repeat(4).build().run(plain);

        assertThat(result.find("steady").orElseThrow().attempts()).hasSize(2);
        CaseResult flaky = result.find("flaky").orElseThrow();
        assertThat(flaky.attempts()).as("the suite's repeat wins over the runner's").hasSize(3);
        assertThat(flaky.passThreshold()).isEqualTo(0.5);
        assertThat(flaky.status()).as("2 of 3 meets the suite's threshold 0.5").isEqualTo(CaseStatus.PASSED);
        assertThat(runnerDefault.cases().get(0).attempts()).hasSize(4);
        assertThat(runnerDefault.cases().get(0).passThreshold()).isEqualTo(1.0);
    }

    @Test
    void should_write_the_repeat_fields_in_json_markdown_and_console() throws Exception {
        Suite suite = Suite.named("s").add(probe("flaky").passThreshold(0.6)).add(probe("steady").repeat(1)).build();
        SuiteResult result = runner().repeat(5).build().run(suite);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        JsonNode json = new ObjectMapper().readTree(Reports.render("json", result));
        String markdown = Reports.render("md", result);
        Reports.console(new PrintStream(console, true, StandardCharsets.UTF_8)).write(result);

        JsonNode flaky = json.at("/cases/0");
        assertThat(flaky.get("passRate").asDouble()).isEqualTo(0.6);
        assertThat(flaky.get("passThreshold").asDouble()).isEqualTo(0.6);
        assertThat(flaky.get("passAtK").asBoolean()).isTrue();
        assertThat(flaky.get("passHatK").asBoolean()).isFalse();
        assertThat(flaky.get("flaky").asBoolean()).isTrue();
        assertThat(json.at("/cases/1").has("passAtK")).as("a case run once has no repeat fields").isFalse();
        assertThat(json.at("/summary/flaky").asInt()).isEqualTo(1);
        assertThat(markdown).contains("- Attempts: 3/5 attempts passed (60%)\n")
                .contains("- Repeats: pass@5 yes, pass^5 no, flaky, pass threshold 60%\n")
                .contains("\n1 flaky\n");
        assertThat(console.toString(StandardCharsets.UTF_8))
                .as("a passing case is not listed; the totals count the flaky ones")
                .doesNotContain("steady").doesNotContain("3/5 attempts")
                .contains("; 1 flaky");
    }

    @Test
    void should_give_each_distinct_reason_of_a_repeated_case_once_with_its_count() {
        Suite suite = Suite.named("s").add(probe("broken")).add(probe("flaky")).build();
        SuiteResult result = runner().repeat(5).build().run(suite);
        String single = result.find("broken").orElseThrow().attempts().get(0).reason();

        String console = dev.agenteval.report.internal.ConsoleSink.render(result, false);

        assertThat(result.find("broken").orElseThrow().reason()).isEqualTo(single + " (5 of 5 attempts)");
        assertThat(result.find("flaky").orElseThrow().reason()).isEqualTo(single + " (2 of 5 attempts)");
        String failLine = console.lines().filter(l -> l.contains("FAIL") && l.contains("broken")).findFirst().orElseThrow();
        assertThat(failLine.split(java.util.regex.Pattern.quote(single), -1)).as(failLine).hasSize(2);
    }

    @Test
    void should_count_flaky_cases_in_the_summary_and_its_text() {
        Suite suite = Suite.named("s").add(probe("flaky")).add(probe("steady")).build();

        dev.agenteval.api.Summary summary = runner().repeat(5).build().run(suite).summary();

        assertThat(summary.flaky()).isEqualTo(1);
        assertThat(summary.toString()).contains("flaky=1");
    }
}
