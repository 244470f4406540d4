package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.launch.Setting;
import dev.agenteval.opik.FakeOpik;
import dev.agenteval.opik.OpikException;
import dev.agenteval.testkit.FakeA2aAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult.Status;

/**
 * {@code agent-eval.opik=true}: Opik is health-checked before the cases run (the factory fails),
 * and the suite is recorded after its cases have their verdicts (a failed upload fails the
 * container, not the cases), against a loopback fake Opik.
 */
class OpikJunitTest {

    @TempDir
    Path dir;

    private static AgentEvalSetup setup(Map<String, String> parameters, Map<String, String> env) {
        return new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                name -> Optional.ofNullable(parameters.get(name)), env::get);
    }

    private Map<String, String> env(FakeA2aAgent agent, FakeOpik opik) {
        Map<String, String> env = new HashMap<>();
        env.put(Setting.AGENT_URL.variable(), agent.url().toString());
        env.put(Setting.REPORT_DIR.variable(), dir.toString());
        env.put("OPIK_URL_OVERRIDE", opik.url().toString());
        env.put("OPIK_WORKSPACE", "team");
        return env;
    }

    @Test
    void should_record_the_suite_as_an_experiment_after_its_cases_and_link_the_reports() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start(); FakeOpik opik = new FakeOpik();
             AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true",
                     AgentEvalSetup.OPIK_DATASET_PARAMETER, "junit-ds",
                     AgentEvalSetup.OPIK_EXPERIMENT_PARAMETER, "junit-exp"), env(agent, opik))) {

            Iterator<DynamicNode> nodes = setup.dynamicTests().iterator();
            assertThat(opik.keys()).as("health check before any case").contains("GET /api/is-alive/ping");
            assertThat(agent.requestCount()).isZero();
            DynamicTest first = (DynamicTest) nodes.next();
            assertThat(first.getDisplayName()).isEqualTo("says-hello");
            first.getExecutable().execute();
            assertThat(opik.experiments).isEmpty();
            DynamicTest upload = (DynamicTest) nodes.next();
            assertThat(upload.getDisplayName()).isEqualTo(AgentEvalSetup.OPIK_TEST);
            upload.getExecutable().execute();
            assertThat(nodes.hasNext()).isFalse();

            assertThat(opik.violations).isEmpty();
            assertThat(opik.datasets).containsKey("junit-ds");
            assertThat(opik.experiments.values()).extracting(e -> e.path("name").asText()).containsExactly("junit-exp");
            assertThat(opik.experimentItems).hasSize(1);
            assertThat(opik.experimentItems).extracting(i -> i.path("trace_id").asText()).allMatch(opik.traces::containsKey);
            assertThat(Files.readString(dir.resolve("greeting/results.json"))).containsPattern("\"traceUrl\"\\s*:\\s*\"http://127\\.0\\.0\\.1:");
        }
    }

    @Test
    void should_fail_the_factory_before_any_case_when_opik_does_not_answer() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start(); FakeOpik opik = new FakeOpik()) {
            Map<String, String> env = env(agent, opik);
            opik.healthy = false;
            try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true"), env)) {
                assertThatThrownBy(setup::dynamicTests).isInstanceOf(OpikException.class)
                        .hasMessageContaining("is not healthy");
            }
            assertThat(agent.requestCount()).isZero();
        }
    }

    @Test
    void should_fail_the_container_after_the_verdicts_when_the_upload_fails() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start(); FakeOpik opik = new FakeOpik();
             AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true"), env(agent, opik))) {
            opik.fault("POST /api/v1/private/experiments", FakeOpik.Fault.of(401,
                    "{\"code\":401,\"message\":\"API key is invalid\"}"));

            Iterator<DynamicNode> nodes = setup.dynamicTests().iterator();
            ((DynamicTest) nodes.next()).getExecutable().execute();

            DynamicTest upload = (DynamicTest) nodes.next();
            assertThatThrownBy(upload.getExecutable()::execute).isInstanceOf(OpikException.class)
                    .hasMessageContaining("the cases of suite 'greeting' have their verdicts, but the run could not be"
                            + " recorded in Opik")
                    .hasMessageContaining("API key is invalid");
            assertThat(Files.readString(dir.resolve("greeting/results.json"))).contains("says-hello");
        }
    }

    @Test
    void should_fail_only_the_suites_container_through_the_platform_when_the_upload_fails() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start(); FakeOpik opik = new FakeOpik()) {
            opik.fault("POST /api/v1/private/experiments", FakeOpik.Fault.of(401,
                    "{\"code\":401,\"message\":\"API key is invalid\"}"));
            Path reports = dir.resolve("reports");

            Launch launch = Launch.run(A2aYamlEvals.class, dir, Map.of("agent-eval.agent-url", agent.url().toString(),
                    "agent-eval.judge", "overlap", "agent-eval.report-dir", reports.toString(),
                    "agent-eval.opik", "true", "agent-eval.opik.url", opik.url().toString()));

            // every case has its own verdict, as without Opik
            assertThat(launch.tests).containsOnlyKeys("greets", "names-a-dose", "agent-breaks", AgentEvalSetup.OPIK_TEST);
            assertThat(launch.test("greets").status()).isEqualTo(Status.SUCCESSFUL);
            assertThat(launch.test("names-a-dose").status()).isEqualTo(Status.FAILED);
            assertThat(launch.test("agent-breaks").throwable()).isInstanceOf(InfrastructureFailureException.class);
            // one more test carries the upload failure; the factory itself succeeds
            assertThat(launch.containers.get("agentEval(AgentEvalSetup)").status()).isEqualTo(Status.SUCCESSFUL);
            Launch.Outcome upload = launch.test(AgentEvalSetup.OPIK_TEST);
            assertThat(upload.status()).isEqualTo(Status.FAILED);
            assertThat(upload.throwable()).isInstanceOf(OpikException.class)
                    .hasMessageContaining("the cases of suite 'pharmacy' have their verdicts, but the run could not be"
                            + " recorded in Opik")
                    .hasMessageContaining("API key is invalid");
            assertThat(opik.keys().get(0)).isEqualTo("GET /api/is-alive/ping");
            assertThat(reports.resolve("pharmacy/results.json")).isNotEmptyFile();
            // the XML report keeps each case's verdict: only the upload test carries the Opik error
            String xml = Files.readString(dir.resolve("TEST-junit-jupiter.xml"));
            java.util.List<String> testcases = java.util.Arrays.asList(xml.split("<testcase ")).subList(1, 5);
            assertThat(testcases).filteredOn(t -> t.contains("API key is invalid")).hasSize(1);
            assertThat(testcases).filteredOn(t -> t.contains("<error") || t.contains("<failure")).hasSize(3);
        }
    }

    @Test
    void should_record_in_the_opik_of_the_target_named_by_the_parameters() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start(); FakeOpik opik = new FakeOpik()) {
            Files.writeString(dir.resolve("agent-eval.targets.yaml"), "targets:\n  staging:\n    protocol: a2a\n"
                    + "    url: " + agent.url() + "\n    opik:\n      url: " + opik.url() + "\n      project: Staging\n");
            Map<String, String> parameters = Map.of("agent-eval.target", "staging", AgentEvalSetup.OPIK_PARAMETER, "true");
            try (AgentEvalSetup setup = new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                    name -> Optional.ofNullable(parameters.get(name)), name -> null, dir)) {
                Iterator<DynamicNode> nodes = setup.dynamicTests().iterator();
                ((DynamicTest) nodes.next()).getExecutable().execute();
                ((DynamicTest) nodes.next()).getExecutable().execute();
                assertThat(nodes.hasNext()).isFalse();
            }
            assertThat(opik.violations).isEmpty();
            assertThat(opik.projects).containsOnlyKeys("Staging");
            assertThat(opik.experimentItems).hasSize(1);
        }
    }

    @Test
    void should_name_the_missing_url_and_an_invalid_switch() {
        try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true",
                Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/"), Map.of())) {
            assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("agent-eval.opik=true needs OPIK_URL_OVERRIDE");
        }
        try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "maybe",
                Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/"), Map.of())) {
            assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                    .hasMessage("agent-eval.opik must be true or false but is 'maybe'");
        }
    }
}
