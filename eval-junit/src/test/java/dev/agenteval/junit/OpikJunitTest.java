package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.launch.Setting;
import dev.agenteval.opik.FakeOpik;
import dev.agenteval.opik.OpikException;
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
        try (FakeA2aAgent agent = new FakeA2aAgent(); FakeOpik opik = new FakeOpik();
             AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true",
                     AgentEvalSetup.OPIK_DATASET_PARAMETER, "junit-ds",
                     AgentEvalSetup.OPIK_EXPERIMENT_PARAMETER, "junit-exp"), env(agent, opik))) {

            Iterator<DynamicNode> nodes = setup.dynamicTests().iterator();
            assertThat(opik.keys()).as("health check before any case").contains("GET /api/is-alive/ping");
            assertThat(agent.requests()).isZero();
            DynamicTest first = (DynamicTest) nodes.next();
            assertThat(first.getDisplayName()).isEqualTo("says-hello");
            first.getExecutable().execute();
            assertThat(opik.experiments).isEmpty();
            assertThat(nodes.hasNext()).isFalse();

            assertThat(opik.violations).isEmpty();
            assertThat(opik.datasets).containsKey("junit-ds");
            assertThat(opik.experiments.values()).extracting(e -> e.path("name").asText()).containsExactly("junit-exp");
            assertThat(opik.experimentItems).hasSize(1);
            assertThat(opik.experimentItems).extracting(i -> i.path("trace_id").asText()).allMatch(opik.traces::containsKey);
            assertThat(Files.readString(dir.resolve("results.json"))).containsPattern("\"traceUrl\"\\s*:\\s*\"http://127\\.0\\.0\\.1:");
        }
    }

    @Test
    void should_fail_the_factory_before_any_case_when_opik_does_not_answer() throws Throwable {
        try (FakeA2aAgent agent = new FakeA2aAgent(); FakeOpik opik = new FakeOpik()) {
            Map<String, String> env = env(agent, opik);
            opik.healthy = false;
            try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true"), env)) {
                assertThatThrownBy(setup::dynamicTests).isInstanceOf(OpikException.class)
                        .hasMessageContaining("is not healthy");
            }
            assertThat(agent.requests()).isZero();
        }
    }

    @Test
    void should_fail_the_container_after_the_verdicts_when_the_upload_fails() throws Throwable {
        try (FakeA2aAgent agent = new FakeA2aAgent(); FakeOpik opik = new FakeOpik();
             AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true"), env(agent, opik))) {
            opik.fault("POST /api/v1/private/experiments", FakeOpik.Fault.of(401,
                    "{\"code\":401,\"message\":\"API key is invalid\"}"));

            Iterator<DynamicNode> nodes = setup.dynamicTests().iterator();
            ((DynamicTest) nodes.next()).getExecutable().execute();

            assertThatThrownBy(nodes::hasNext).isInstanceOf(OpikException.class)
                    .hasMessageContaining("the cases of suite 'greeting' have their verdicts, but the run could not be"
                            + " recorded in Opik")
                    .hasMessageContaining("API key is invalid");
            assertThat(Files.readString(dir.resolve("results.json"))).contains("says-hello");
        }
    }

    @Test
    void should_name_the_missing_url_and_an_invalid_switch() {
        try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "true",
                Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/"), Map.of())) {
            assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("agent-eval.opik=true needs OPIK_URL_OVERRIDE");
        }
        try (AgentEvalSetup setup = setup(Map.of(AgentEvalSetup.OPIK_PARAMETER, "yes",
                Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/"), Map.of())) {
            assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                    .hasMessage("agent-eval.opik must be true or false but is 'yes'");
        }
    }
}
