package dev.agenteval.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.internal.Fingerprints;
import dev.agenteval.spi.Judge;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WiringTest {

    private static final Providers PROVIDERS = Providers.discover(WiringTest.class.getClassLoader());

    private static Suite suite(ScorerSpec spec) {
        return Suite.named("s").add(Case.id("a").turn(Turn.of("hi").expect(spec))).build();
    }

    @Test
    void should_need_a_judge_only_for_a_judge_scorer_that_is_not_written_in_code() {
        ScorerSpec rubric = ScorerSpec.of("rubric", Map.of("rubric", "Is kind"));
        ScorerSpec inlineNamedRubric = ScorerSpec.inline("rubric", ctx -> ScoreResult.ofChecks("rubric", Check.pass("ok")));

        assertThat(Wiring.needsJudge(List.of(suite(rubric)), PROVIDERS)).isTrue();
        assertThat(Wiring.needsJudge(List.of(suite(inlineNamedRubric)), PROVIDERS)).isFalse();
        assertThat(Wiring.needsJudge(List.of(suite(ScorerSpec.of("contains", Map.of("values", List.of("x"))))), PROVIDERS))
                .isFalse();
        assertThat(Wiring.needsJudge(List.of(suite(inlineNamedRubric), suite(rubric)), PROVIDERS)).isTrue();
    }

    @Test
    void should_let_the_more_specific_level_choose_between_a_target_and_a_url() {
        Map<String, String> env = Map.of("AGENT_EVAL_AGENT_URL", "http://env", "AGENT_EVAL_TARGET", "env-target");

        Wiring.AgentChoice option = Wiring.agentChoice(Settings.commandLine(Map.of(Setting.TARGET, "local"), env::get));
        assertThat(option.target()).map(Settings.Value::value).hasValue("local");
        assertThat(option.url()).isEmpty();

        Wiring.AgentChoice parameter = Wiring.agentChoice(Settings.parameters(
                name -> Optional.of("http://param").filter(v -> name.equals("agent-eval.agent-url")), env::get));
        assertThat(parameter.url()).map(Settings.Value::value).hasValue("http://param");
        assertThat(parameter.target()).isEmpty();

        assertThatThrownBy(() -> Wiring.agentChoice(Settings.commandLine(Map.of(), env::get)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("AGENT_EVAL_TARGET and AGENT_EVAL_AGENT_URL are alternatives: give one");
        assertThatThrownBy(() -> Wiring.agentChoice(Settings.parameters(name -> Optional.empty(), env::get)))
                .hasMessage("both agent-eval.target (or AGENT_EVAL_TARGET) and agent-eval.agent-url"
                        + " (or AGENT_EVAL_AGENT_URL) are set: give one");
    }

    @Test
    void should_let_the_more_specific_level_choose_between_external_id_and_system_agent() {
        Map<String, String> env = Map.of("AGENT_EVAL_EXTERNAL_ID", "env_agent", "AGENT_EVAL_SYSTEM_AGENT", "env_system");

        assertThat(Wiring.agentId(Settings.commandLine(Map.of(Setting.SYSTEM_AGENT, "sys"), env::get)))
                .map(Settings.Value::value).hasValue("sys");
        assertThat(Wiring.agentId(Settings.commandLine(Map.of(), Map.of("AGENT_EVAL_EXTERNAL_ID", "x")::get)))
                .map(Settings.Value::value).hasValue("x");
        assertThatThrownBy(() -> Wiring.agentId(Settings.commandLine(Map.of(), env::get)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("AGENT_EVAL_EXTERNAL_ID and AGENT_EVAL_SYSTEM_AGENT are alternatives: give one");
        assertThat(Wiring.readsAgentFile(Settings.commandLine(Map.of(Setting.SYSTEM_AGENT, "sys"), name -> null))).isFalse();
        assertThat(Wiring.readsAgentFile(Settings.commandLine(Map.of(), name -> null))).isTrue();
    }

    @Test
    void should_need_an_agent_id_from_the_agent_file_only_for_a_platform_chat_agent_named_by_nothing_else() {
        Map<Setting, String> platform = Map.of(Setting.AGENT_URL, "http://127.0.0.1:1/", Setting.PROTOCOL, "platform-chat");

        assertThat(Wiring.needsAgentId(Settings.commandLine(platform, name -> null), name -> null, Path.of(""))).isTrue();
        assertThat(Wiring.needsAgentId(Settings.commandLine(platform, Map.of("AGENT_EVAL_SYSTEM_AGENT", "s")::get),
                name -> null, Path.of(""))).isFalse();
        assertThat(Wiring.needsAgentId(Settings.commandLine(Map.of(Setting.AGENT_URL, "http://127.0.0.1:1/"), name -> null),
                name -> null, Path.of(""))).isFalse();
    }

    @Test
    void should_name_where_an_invalid_url_came_from() {
        Settings s = Settings.commandLine(Map.of(), Map.of("AGENT_EVAL_AGENT_URL", "not a url")::get);

        assertThatThrownBy(() -> Wiring.agent(s, name -> null, Path.of("")))
                .isInstanceOf(ConfigurationException.class).hasMessage("AGENT_EVAL_AGENT_URL is not a URL: not a url");
    }

    @Test
    void should_describe_the_agent_without_credentials() {
        Settings s = Settings.commandLine(Map.of(Setting.AGENT_URL, "https://user:pw@agent.example/a2a?key=1"),
                Map.of("AGENT_EVAL_PROTOCOL", "openai-chat", "AGENT_EVAL_EXTERNAL_ID", "x1")::get);

        assertThat(Fingerprints.describeAgent(s)).isEqualTo("openai-chat https://agent.example/a2a externalId=x1");
        assertThat(Fingerprints.describeAgent(Settings.commandLine(Map.of(Setting.TARGET, "eu"), name -> null)))
                .isEqualTo("target 'eu'");
    }

    @Test
    void should_choose_no_judge_unless_one_is_configured_and_the_overlap_judge_only_when_named() {
        assertThat(Wiring.judge(Settings.commandLine(Map.of(), name -> null), PROVIDERS, name -> null)).isNull();
        Judge overlap = Wiring.judge(Settings.commandLine(Map.of(), Map.of("AGENT_EVAL_JUDGE", "overlap")::get), PROVIDERS,
                Map.of("AGENT_EVAL_JUDGE", "overlap")::get);
        assertThat(overlap).isNotNull();
        assertThat(Fingerprints.describeJudge(overlap)).isEqualTo(overlap.toString());
    }

    @Test
    void should_put_each_suite_in_its_own_report_folder_when_several_run() {
        Settings s = Settings.commandLine(Map.of(), Map.of("AGENT_EVAL_REPORT_DIR", "out")::get);
        Path dir = Wiring.reportDir(s, Path.of("/work")).orElseThrow();

        assertThat(dir).isEqualTo(Path.of("/work/out"));
        Suite suite = Suite.named("a b/c").add(Case.id("a").turn(Turn.of("hi"))).build();
        assertThat(Wiring.reportDir(dir, suite, true)).isEqualTo(Path.of("/work/out/a_b_c"));
        assertThat(Wiring.reportDir(dir, suite, false)).isEqualTo(dir);
    }

    @Test
    void should_declare_the_settings_variables_and_the_providers() {
        assertThat(Wiring.declaredVariables(WiringTest.class.getClassLoader()))
                .containsKeys("AGENT_EVAL_AGENT_URL", "AGENT_EVAL_REPORT_DIR", "AGENT_EVAL_JUDGE", "AGENT_EVAL_JUDGE_API_KEY",
                        "AGENT_EVAL_AGENT_TOKEN");
    }
}
