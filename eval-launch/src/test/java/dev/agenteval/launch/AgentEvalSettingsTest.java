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
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.Judge;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.slf4j.helpers.NOPLoggerFactory;

class AgentEvalSettingsTest {

    private static final Providers PROVIDERS = Providers.discover(AgentEvalSettingsTest.class.getClassLoader());

    private static final Suite JUDGED = Suite.named("support")
            .add(Case.id("follow-up").turn(Turn.of("What can you help me with?").expect(correctness("Offers help"))))
            .build();

    /** The settings of system properties {@code properties}, then the variables {@code variables}. */
    private static AgentEvalSettings settings(Map<String, String> properties, Map<String, String> variables) {
        return AgentEvalSettings.of(Settings.parameters(name -> Optional.ofNullable(properties.get(name)), variables::get),
                variables::get, Path.of("/work"), PROVIDERS);
    }

    @Test
    void should_name_the_settings_that_supply_a_missing_agent() {
        assertThatThrownBy(() -> settings(Map.of(), Map.of()).agent()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("no agent: set agent-eval.agent-url (or AGENT_EVAL_AGENT_URL) to the agent's URL")
                .hasMessageContaining("agent-eval.target (or AGENT_EVAL_TARGET)");
    }

    @Test
    void should_name_the_settings_that_supply_a_missing_judge() {
        assertThatThrownBy(() -> settings(Map.of(), Map.of()).judge()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("no judge: set agent-eval.judge-model (or AGENT_EVAL_JUDGE_MODEL)")
                .hasMessageContaining("agent-eval.judge=overlap (or AGENT_EVAL_JUDGE=overlap)");
        assertThat(settings(Map.of(), Map.of()).findJudge()).isEmpty();
    }

    @Test
    void should_read_the_agent_and_the_judge_from_system_properties_before_variables() {
        AgentEvalSettings s = settings(Map.of("agent-eval.agent-url", "http://127.0.0.1:9/", "agent-eval.judge", "overlap"),
                Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:8/"));

        assertThat(Wiring.agentChoice(s.settings()).url()).map(Settings.Value::value).hasValue("http://127.0.0.1:9/");
        assertThat(s.judge()).isInstanceOf(OverlapJudge.class);
    }

    @Test
    void should_let_a_judge_chosen_by_the_settings_win_over_a_judge_model_given_in_code() {
        Map<String, String> overlapChosen = Map.of("AGENT_EVAL_JUDGE", "overlap");

        AgentEvalSettings s = settings(Map.of(), overlapChosen).withDefault(Setting.JUDGE_MODEL, "gpt-4o-mini");

        assertThat(s.judge()).isInstanceOf(OverlapJudge.class);
        Judge byDefault = settings(Map.of(), Map.of("AGENT_EVAL_JUDGE_API_KEY", "k"))
                .withDefault(Setting.JUDGE_MODEL, "gpt-4o-mini").judge();
        assertThat(byDefault).isInstanceOfSatisfying(OpenAiJudge.class, j -> assertThat(j.model()).isEqualTo("gpt-4o-mini"));
        Judge byVariable = settings(Map.of(), Map.of("AGENT_EVAL_JUDGE_MODEL", "local-model", "AGENT_EVAL_JUDGE_API_KEY", "k"))
                .withDefault(Setting.JUDGE_MODEL, "gpt-4o-mini").judge();
        assertThat(((OpenAiJudge) byVariable).model()).isEqualTo("local-model");
    }

    @Test
    void should_let_every_setting_win_over_an_agent_url_given_in_code() {
        AgentEvalSettings byDefault = settings(Map.of(), Map.of()).withDefault(Setting.AGENT_URL, "http://localhost:8080/");
        AgentEvalSettings byVariable = settings(Map.of(), Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:7/"))
                .withDefault(Setting.AGENT_URL, "http://localhost:8080/");
        AgentEvalSettings byTarget = settings(Map.of("agent-eval.target", "eu"), Map.of())
                .withDefault(Setting.AGENT_URL, "http://localhost:8080/");

        assertThat(Wiring.agentChoice(byDefault.settings()).url()).map(Settings.Value::value).hasValue("http://localhost:8080/");
        assertThat(Wiring.agentChoice(byVariable.settings()).url()).map(Settings.Value::value).hasValue("http://127.0.0.1:7/");
        assertThat(Wiring.agentChoice(byTarget.settings()).url()).isEmpty();
    }

    @Test
    void should_give_each_suite_its_own_report_folder_named_as_the_command_line_names_it() {
        assertThat(settings(Map.of("agent-eval.report-dir", "target/agent-eval"), Map.of()).reportDir(JUDGED))
                .hasValue(Path.of("/work/target/agent-eval/support"));
        assertThat(settings(Map.of(), Map.of()).reportDir(JUDGED)).isEmpty();
    }

    @Test
    void should_say_how_to_choose_a_judge_when_a_scorer_needs_one_and_none_is_chosen() {
        EvalRunner runner = settings(Map.of(), Map.of()).runner(List.of(JUDGED), InProcessAgent.replying(t -> "Hi")).build();

        assertThatThrownBy(() -> runner.run(JUDGED)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'follow-up' turn 1: scorer 'correctness' needs a judge, but none is configured:")
                .hasMessageContaining(Setting.JUDGE.option() + " overlap")
                .hasMessageContaining(Setting.JUDGE.variable() + "=overlap")
                .hasMessageContaining(Setting.JUDGE.parameter() + "=overlap")
                .hasMessageContaining(Setting.JUDGE_MODEL.option())
                .hasMessageContaining(Setting.JUDGE_MODEL.variable())
                .hasMessageContaining(Setting.JUDGE_MODEL.parameter());
    }

    @Test
    void should_say_once_which_logging_binding_to_add_when_there_is_none() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);

        AtomicBoolean shown = new AtomicBoolean();

        LoggingHint.once(new NOPLoggerFactory(), stream, shown);
        LoggingHint.once(new NOPLoggerFactory(), stream, shown);
        LoggingHint.once(org.slf4j.LoggerFactory.getILoggerFactory() instanceof NOPLoggerFactory
                ? name -> null : org.slf4j.LoggerFactory.getILoggerFactory(), stream, new AtomicBoolean());

        String printed = err.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("org.slf4j:slf4j-simple");
        assertThat(printed.indexOf("slf4j-simple")).isEqualTo(printed.lastIndexOf("slf4j-simple"));
    }
}
