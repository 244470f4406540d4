package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.junit.Launch.Outcome;
import dev.agenteval.testkit.FakeA2aAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The gates of the command line in eval-junit: agent-eval.threshold, agent-eval.threshold-lower-bound,
 * agent-eval.baseline with agent-eval.fail-on-regression and agent-eval.fail-on-significant-regression.
 * The pharmacy suite against {@link FakeA2aAgent}: 1 of 3 cases passes, one fails, one errors.
 */
class GatesJunitTest {

    private static final String FACTORY = "agentEval(AgentEvalSetup)";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Launch run(FakeA2aAgent agent, Map<String, String> more) {
        Map<String, String> parameters = new HashMap<>(Map.of("agent-eval.agent-url", agent.url().toString(),
                "agent-eval.judge", "overlap", "agent-eval.report-dir", dir.resolve("reports").toString()));
        parameters.putAll(more);
        return Launch.run(A2aYamlEvals.class, dir, parameters);
    }

    @Test
    void should_add_no_gate_test_without_gates() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = run(agent, Map.of());

            assertThat(launch.tests).containsOnlyKeys("greets", "names-a-dose", "agent-breaks");
            assertThat(launch.test("names-a-dose").throwable()).isInstanceOf(AssertionFailedError.class);
        }
    }

    @Test
    void should_let_a_met_threshold_decide_the_suite_aborting_the_failed_case_with_its_failure() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = run(agent, Map.of("agent-eval.threshold", "30"));

            assertThat(launch.tests).containsOnlyKeys("greets", "names-a-dose", "agent-breaks", "gate");
            assertThat(launch.test("gate").status()).isEqualTo(Status.SUCCESSFUL);
            Outcome failed = launch.test("names-a-dose");
            assertThat(failed.status()).isEqualTo(Status.ABORTED);
            assertThat(failed.throwable()).isInstanceOf(TestAbortedException.class);
            assertThat(failed.message()).startsWith("case 'names-a-dose' failed\nfailed checks:\n")
                    .contains("must_include '200 mg'")
                    .endsWith("(not a failure: agent-eval.threshold gates suite 'pharmacy', and its test 'gate' decides)");
            // A harness failure is never hidden by a gate.
            assertThat(launch.test("agent-breaks").throwable()).isInstanceOf(InfrastructureFailureException.class);
        }
    }

    @Test
    void should_fail_the_gate_test_when_the_pass_rate_is_under_the_threshold() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = run(agent, Map.of("agent-eval.threshold", "50"));

            Outcome gate = launch.test("gate");
            assertThat(gate.throwable()).isInstanceOf(AssertionFailedError.class);
            assertThat(gate.message()).startsWith("suite 'pharmacy' does not meet its gates:\n").contains("33.3");
        }
    }

    @Test
    void should_fail_the_lower_bound_gate_that_the_point_estimate_meets() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            // 1 of 3 passed: 33.3%, but the 95% Wilson interval's lower bound is 6.1% (independently: 0.0615).
            Launch launch = run(agent, Map.of("agent-eval.threshold", "30", "agent-eval.threshold-lower-bound", "30"));

            Outcome gate = launch.test("gate");
            assertThat(gate.throwable()).isInstanceOf(AssertionFailedError.class);
            assertThat(gate.message()).contains("6.1%").contains("lower bound");
            assertThat(launch.test("names-a-dose").status()).isEqualTo(Status.ABORTED);
            assertThat(launch.test("names-a-dose").message())
                    .endsWith("agent-eval.threshold and agent-eval.threshold-lower-bound gates suite 'pharmacy',"
                            + " and its test 'gate' decides)");
        }
    }

    @Test
    void should_compare_with_the_baseline_in_the_reports_and_gate_on_regressions() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            run(agent, Map.of());
            // The baseline: the same run, where names-a-dose passed.
            Path baseline = dir.resolve("baseline/pharmacy/results.json");
            Files.createDirectories(baseline.getParent());
            ObjectNode earlier = (ObjectNode) JSON.readTree(dir.resolve("reports/pharmacy/results.json").toFile());
            for (JsonNode c : earlier.get("cases")) {
                if (c.get("id").asText().equals("names-a-dose")) {
                    ((ObjectNode) c).put("status", "passed");
                }
            }
            JSON.writeValue(baseline.toFile(), earlier);

            Launch launch = run(agent, Map.of("agent-eval.baseline", dir.resolve("baseline").toString(),
                    "agent-eval.fail-on-regression", "true", "agent-eval.fail-on-significant-regression", "true"));

            Outcome gate = launch.test("gate");
            assertThat(gate.throwable()).isInstanceOf(AssertionFailedError.class);
            assertThat(gate.message())
                    .contains("agent-eval.fail-on-regression: 1 case regressed against ")
                    .contains("names-a-dose")
                    // One flipped case is no significant regression: McNemar's p is 1 with one discordant pair.
                    .contains("agent-eval.fail-on-significant-regression: no significant regression");
            JsonNode now = JSON.readTree(dir.resolve("reports/pharmacy/results.json").toFile());
            assertThat(now.has("baseline")).as("results.json compares with the baseline").isTrue();
            assertThat(now.get("baseline").toString()).contains("names-a-dose");
        }
    }

    @Test
    void should_fail_the_factory_naming_an_invalid_gate_setting_before_any_agent_call() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = run(agent, Map.of("agent-eval.threshold", "abc", "agent-eval.fail-on-regression", "true"));

            Outcome factory = launch.containers.get(FACTORY);
            assertThat(factory.status()).isEqualTo(Status.FAILED);
            assertThat(factory.message()).contains("agent-eval.threshold must be a percentage between 0 and 100 but is 'abc'")
                    .contains("agent-eval.fail-on-regression needs agent-eval.baseline (or AGENT_EVAL_BASELINE): an earlier results.json");
            assertThat(agent.requestCount()).isZero();
        }
    }
}
