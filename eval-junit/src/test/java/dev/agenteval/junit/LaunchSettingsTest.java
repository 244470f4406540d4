package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.launch.Setting;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * eval-junit's settings are the launch settings ({@link Setting}): the parameters and variables
 * it reads, documents and names in messages are those of the one declaration.
 */
class LaunchSettingsTest {

    @TempDir
    Path dir;

    private static AgentEvalSetup setup(Map<String, String> parameters, Map<String, String> env) {
        return new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                name -> Optional.ofNullable(parameters.get(name)), env::get);
    }

    @Test
    void should_document_every_declared_setting_in_the_readme_and_the_annotation() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String table = readme.substring(readme.indexOf("## JUnit 5"), readme.indexOf("## Splitting a suite"));
        String annotation = Files.readString(Path.of("src/main/java/dev/agenteval/junit/AgentEvalSuite.java"));

        for (Setting s : Setting.values()) {
            assertThat(table).as("README row of " + s).contains("| `" + s.parameter() + "` | `" + s.variable() + "` |");
            assertThat(annotation).as("@AgentEvalSuite row of " + s)
                    .contains("<tr><td>{@code " + s.parameter() + "}</td><td>{@code " + s.variable() + "}</td>");
        }
    }

    @Test
    void should_read_the_agent_and_report_folder_from_the_declared_variables() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start();
             AgentEvalSetup setup = setup(Map.of(), Map.of(Setting.AGENT_URL.variable(), agent.url().toString(),
                     Setting.PROTOCOL.variable(), "a2a", Setting.REPORT_DIR.variable(), dir.toString()))) {

            ((DynamicTest) setup.dynamicTests().toList().get(0)).getExecutable().execute();

            assertThat(agent.requestCount()).isEqualTo(1);
            assertThat(Files.readString(dir.resolve("greeting/results.json"))).containsPattern("\"agent\"\\s*:\\s*\"a2a http://");
        }
    }

    @Test
    void should_compute_the_reports_intervals_at_the_declared_confidence_and_refuse_an_invalid_one() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start();
             AgentEvalSetup setup = setup(Map.of(Setting.CONFIDENCE.parameter(), "0.9", Setting.SEED.parameter(), "3"),
                     Map.of(Setting.AGENT_URL.variable(), agent.url().toString(), Setting.PROTOCOL.variable(), "a2a",
                             Setting.REPORT_DIR.variable(), dir.toString()))) {

            ((DynamicTest) setup.dynamicTests().toList().get(0)).getExecutable().execute();

            assertThat(Files.readString(dir.resolve("greeting/results.json"))).containsPattern("\"level\"\\s*:\\s*0\\.9\\b")
                    .doesNotContain("0.95");
        }
        try (AgentEvalSetup setup = setup(Map.of(Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/",
                Setting.CONFIDENCE.parameter(), "95"), Map.of())) {
            assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                    .hasMessage("agent-eval.confidence must be a confidence level between 0 and 1 exclusive"
                            + " (e.g. 0.95, or 95%) but is '95'");
        }
    }

    @Test
    void should_name_the_declared_parameter_of_an_invalid_value() {
        try (AgentEvalSetup setup = setup(Map.of(Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/",
                Setting.JUDGE_REDACT_SECRETS.parameter(), "maybe"), Map.of())) {
            assertThatThrownBy(setup::runner).isInstanceOf(ConfigurationException.class)
                    .hasMessage("agent-eval.judge-redact-secrets must be true or false but is 'maybe'");
        }
    }

    @Test
    void should_refuse_a_url_and_a_target_set_at_the_same_level_and_prefer_the_parameter_to_the_variable() {
        AgentEvalSetup both = setup(Map.of(Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/",
                Setting.TARGET.parameter(), "local"), Map.of());
        assertThatThrownBy(both::runner).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("both agent-eval.target (or AGENT_EVAL_TARGET) and agent-eval.agent-url");

        AgentEvalSetup levels = setup(Map.of(Setting.AGENT_URL.parameter(), "http://127.0.0.1:9/"),
                Map.of(Setting.TARGET.variable(), "no-such-target"));
        assertThat(levels.runner()).isNotNull();
        levels.close();
    }
}
