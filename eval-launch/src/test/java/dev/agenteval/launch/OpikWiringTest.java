package dev.agenteval.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.opik.OpikSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the Opik of a run comes from, the same for the command line and eval-junit. Nothing is sent. */
class OpikWiringTest {

    @TempDir
    Path dir;

    private static Settings cli(Map<Setting, String> options, Map<String, String> env) {
        return Settings.commandLine(options, env::get);
    }

    private Optional<OpikSink> opik(Settings settings, Map<String, String> env) {
        return Wiring.opik(settings, env::get, dir);
    }

    private void targets() throws Exception {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), """
                targets:
                  staging:
                    protocol: a2a
                    url: http://127.0.0.1:9/agent
                    opik:
                      url: http://127.0.0.1:9/staging-opik/api
                      project: Staging
                      workspace: staging-ws
                      traceIdKeys: [trace]
                """);
    }

    @Test
    void should_have_no_opik_without_a_url_unless_recording_is_asked_for() {
        assertThat(opik(cli(Map.of(), Map.of()), Map.of())).isEmpty();

        assertThatThrownBy(() -> opik(cli(Map.of(Setting.OPIK, "true"), Map.of()), Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("--opik needs OPIK_URL_OVERRIDE (or an opik: url in the --env (or AGENT_EVAL_TARGET)"
                        + " target of agent-eval.targets.yaml, or AGENT_API_OPIK_URL_<NAME>)");
        Map<String, String> env = Map.of("AGENT_EVAL_OPIK", "true");
        assertThatThrownBy(() -> opik(Settings.parameters(name -> Optional.empty(), env::get), env))
                .hasMessageContaining("agent-eval.opik=true needs OPIK_URL_OVERRIDE");
    }

    @Test
    void should_refuse_names_of_a_dataset_or_experiment_without_recording() {
        assertThatThrownBy(() -> opik(cli(Map.of(Setting.OPIK_DATASET, "d", Setting.OPIK_EXPERIMENT, "e"),
                Map.of("OPIK_URL_OVERRIDE", "http://127.0.0.1:9/api")), Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "--dataset-name names the Opik dataset: it needs --opik",
                        "--experiment-name names the Opik experiment: it needs --opik"));
    }

    @Test
    void should_link_without_recording_when_a_url_is_configured() {
        Map<String, String> env = Map.of("OPIK_URL_OVERRIDE", "http://127.0.0.1:9/api");
        OpikSink sink = opik(cli(Map.of(), env), env).orElseThrow();
        assertThat(sink.recording()).isFalse();
        assertThat(sink.url()).hasToString("http://127.0.0.1:9/api");
        assertThat(sink.project()).isEqualTo("Agents");
        assertThat(opik(cli(Map.of(Setting.OPIK, "true"), env), env).orElseThrow().recording()).isTrue();
    }

    @Test
    void should_take_the_targets_opik_unless_the_variables_say_otherwise() throws Exception {
        targets();
        Map<String, String> env = new HashMap<>();
        Map<Setting, String> options = Map.of(Setting.TARGET, "staging", Setting.OPIK, "true");
        OpikSink fromTarget = opik(cli(options, env), env).orElseThrow();
        assertThat(fromTarget.url()).hasToString("http://127.0.0.1:9/staging-opik/api");
        assertThat(fromTarget.project()).isEqualTo("Staging");

        env.put("OPIK_URL_OVERRIDE", "http://127.0.0.1:9/override/api");
        env.put("OPIK_PROJECT_NAME", "Mine");
        OpikSink overridden = opik(cli(options, env), env).orElseThrow();
        assertThat(overridden.url()).hasToString("http://127.0.0.1:9/override/api");
        assertThat(overridden.project()).isEqualTo("Mine");
    }

    @Test
    void should_give_the_same_answer_to_junit_parameters() throws Exception {
        targets();
        Map<String, String> parameters = Map.of("agent-eval.target", "staging", "agent-eval.opik", "true",
                "agent-eval.opik.project", "FromParameter");
        Settings settings = Settings.parameters(name -> Optional.ofNullable(parameters.get(name)), name -> null);
        OpikSink sink = opik(settings, Map.of()).orElseThrow();
        assertThat(sink.url()).hasToString("http://127.0.0.1:9/staging-opik/api");
        assertThat(sink.project()).isEqualTo("FromParameter");
        assertThat(sink.recording()).isTrue();
    }

    @Test
    void should_read_the_opik_of_an_environment_of_the_harness_variables() {
        Map<String, String> env = Map.of("AGENT_API_URL_EU", "http://127.0.0.1:9/eu", "AGENT_API_TOKEN_EU", "t",
                "AGENT_API_OPIK_URL_EU", "http://127.0.0.1:9/eu-opik/api");
        OpikSink sink = opik(cli(Map.of(Setting.TARGET, "eu"), env), env).orElseThrow();
        assertThat(sink.url()).hasToString("http://127.0.0.1:9/eu-opik/api");
        assertThat(sink.recording()).isFalse();

        Map<String, String> bad = new HashMap<>(env);
        bad.put("AGENT_API_OPIK_URL_EU", "not a url");
        // reported where the agent is created, with the other problems of the environment
        assertThatThrownBy(() -> Wiring.target(cli(Map.of(Setting.TARGET, "eu"), bad), bad::get, dir))
                .hasMessageContaining("environment 'eu': AGENT_API_OPIK_URL_EU must be an absolute http(s) URL");
    }

    @Test
    void should_name_a_url_that_is_not_http() {
        Map<String, String> env = Map.of("OPIK_URL_OVERRIDE", "ftp://127.0.0.1/api");
        assertThatThrownBy(() -> opik(cli(Map.of(), env), env))
                .hasMessageContaining("OPIK_URL_OVERRIDE must be an http(s) URL but was 'ftp://127.0.0.1/api'");
    }
}
