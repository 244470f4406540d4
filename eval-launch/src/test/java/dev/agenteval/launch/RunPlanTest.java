package dev.agenteval.launch;

import static dev.agenteval.api.Scorers.correctness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.core.Providers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's settings resolved once: every question of the run gets the answer of one resolution. */
class RunPlanTest {

    private static final Providers PROVIDERS = Providers.discover(RunPlanTest.class.getClassLoader());

    @TempDir
    Path dir;

    private RunPlan plan(Map<String, String> properties, Map<String, String> variables) {
        return RunPlan.of(Settings.parameters(name -> Optional.ofNullable(properties.get(name)), variables::get),
                variables::get, dir, PROVIDERS);
    }

    @Test
    void should_read_the_targets_file_once_for_every_question_about_the_agent() throws Exception {
        Path targets = dir.resolve("agent-eval.targets.yaml");
        Files.writeString(targets, """
                targets:
                  staging:
                    protocol: a2a
                    url: http://127.0.0.1:9/staging
                    prices:
                      gpt-x: {inputPerMillion: 1, outputPerMillion: 2}
                """);
        RunPlan plan = plan(Map.of("agent-eval.target", "staging"), Map.of());

        String described = plan.agent().describe(null);
        // The file changes (or goes) after the run's settings were resolved: the run keeps its answers.
        Files.delete(targets);

        assertThat(plan.agent()).isSameAs(plan.agent());
        assertThat(plan.agent().target()).isPresent();
        assertThat(plan.agent().describe(null)).isEqualTo(described).startsWith("target 'staging': a2a http://127.0.0.1:9/staging");
        assertThat(plan.prices().find("gpt-x")).isPresent();
        try (var client = plan.createAgent(null)) {
            assertThat(client).isNotNull();
        }
    }

    @Test
    void should_report_the_same_problem_every_time_it_is_asked() {
        RunPlan plan = plan(Map.of("agent-eval.target", "nowhere"), Map.of());

        ConfigurationException first = (ConfigurationException) org.assertj.core.api.Assertions.catchThrowable(plan::agent);
        assertThat(first).isNotNull().hasMessageContaining("nowhere");
        assertThatThrownBy(plan::agent).isSameAs(first);
        assertThatThrownBy(() -> plan.createAgent(null)).isSameAs(first);
        // Other concerns do not fail for the agent's problem: it is reported where the agent is created.
        assertThat(plan.prices().isEmpty()).isTrue();
        assertThat(plan.opik()).isEmpty();
    }

    @Test
    void should_create_the_judge_once_and_configure_every_runner_with_it() {
        RunPlan plan = plan(Map.of("agent-eval.judge", "overlap"), Map.of());
        Suite judged = Suite.named("support")
                .add(Case.id("help").turn(Turn.of("What can you help me with?").expect(correctness("Offers help"))))
                .build();

        EvalRunner one = plan.runner(List.of(judged), InProcessAgent.replying(text -> "I can help")).build();
        EvalRunner two = plan.runner(List.of(judged), InProcessAgent.replying(text -> "I can help")).build();

        assertThat(plan.judge()).isPresent();
        assertThat(plan.judge().get()).isSameAs(plan.judge().get());
        assertThat(one.fingerprint(judged).judge()).isEqualTo(two.fingerprint(judged).judge()).contains("OverlapJudge");
        assertThat(one.run(judged).cases().get(0).status()).isNotNull();
    }

    @Test
    void should_keep_the_gates_and_error_bars_of_one_resolution() {
        RunPlan plan = plan(Map.of("agent-eval.threshold", "80", "agent-eval.confidence", "0.9"), Map.of());

        assertThat(plan.gates()).isSameAs(plan.gates());
        assertThat(plan.gates().gated()).isTrue();
        assertThat(plan.confidence().level()).isEqualTo(0.9);
        assertThatThrownBy(() -> plan(Map.of("agent-eval.confidence", "95"), Map.of()).confidence())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("agent-eval.confidence");
    }
}
