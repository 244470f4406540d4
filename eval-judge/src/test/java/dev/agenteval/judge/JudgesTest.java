package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JudgesTest {

    private final Providers providers = Providers.discover();

    private Optional<Judge> select(Map<String, String> settings, Map<String, String> env) {
        return Judges.select(providers, ProviderConfig.of(settings, env::get));
    }

    @Test
    void should_choose_no_judge_when_nothing_is_configured() {
        assertThat(select(Map.of(), Map.of())).isEmpty();
    }

    @Test
    void should_choose_the_model_judge_when_a_model_is_configured() {
        Judge judge = select(Map.of(), Map.of("AGENT_EVAL_JUDGE_MODEL", "gpt-4o-mini",
                "AGENT_EVAL_JUDGE_BASE_URL", "http://localhost:11434")).orElseThrow();

        assertThat(judge).isInstanceOfSatisfying(OpenAiJudge.class, j -> {
            assertThat(j.model()).isEqualTo("gpt-4o-mini");
            assertThat(j.baseUrl()).hasToString("http://localhost:11434/v1/");
        });
        assertThat(select(Map.of("model", "m", "baseUrl", "http://127.0.0.1:1/v1"), Map.of()).orElseThrow().name()).isEqualTo("m");
        assertThat(select(Map.of("judge", "openai", "model", "m", "url", "http://127.0.0.1:1"), Map.of("AGENT_EVAL_JUDGE_BASE_URL",
                "http://ignored:1")).orElseThrow()).isInstanceOfSatisfying(OpenAiJudge.class,
                j -> assertThat(j.baseUrl()).hasToString("http://127.0.0.1:1/v1/"));
    }

    @Test
    void should_choose_the_overlap_judge_only_by_name_and_never_over_a_model() {
        assertThat(select(Map.of("judge", "overlap"), Map.of()).orElseThrow()).isInstanceOf(OverlapJudge.class);
        assertThat(select(Map.of(), Map.of("AGENT_EVAL_JUDGE", "overlap")).orElseThrow()).isInstanceOf(OverlapJudge.class);
        assertThatThrownBy(() -> select(Map.of("judge", "overlap"), Map.of("AGENT_EVAL_JUDGE_MODEL", "gpt-4o-mini")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("judge 'overlap' was chosen but a judge model is configured ('gpt-4o-mini'): the overlap judge"
                        + " is never used in place of a model; choose 'openai', or unset the model (AGENT_EVAL_JUDGE_MODEL"
                        + " or the setting 'model') to use the overlap judge");
    }

    @Test
    void should_fail_on_an_unknown_judge_listing_the_known_ones() {
        assertThatThrownBy(() -> select(Map.of("judge", "claude"), Map.of()))
                .hasMessage("unknown judge 'claude'; known: openai, overlap");
    }

    @Test
    void should_report_every_invalid_setting_of_the_model_judge_at_once() {
        assertThatThrownBy(() -> select(Map.of("judge", "openai", "samples", "2", "threshold", "1.5",
                "responseFormat", "xml", "colour", "blue"), Map.of()))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "judge 'openai': unknown setting 'colour' (known: judge, url, baseUrl, model, apiKeyEnv, requireApiKey,"
                                + " timeoutSeconds, maxAttempts, verdictRetries, requestsPerSecond, maxConcurrency, samples,"
                                + " threshold, cacheDir, templatesDir, responseFormat)",
                        "judge 'openai': needs a model: set AGENT_EVAL_JUDGE_MODEL or the setting 'model'",
                        "judge 'openai': setting 'samples' must be an odd integer >= 1 but was '2'",
                        "judge 'openai': setting 'threshold' must be a number in 0..1 but was '1.5'",
                        "judge 'openai': setting 'responseFormat' must be json_schema, json_object or none but was 'xml'"));
    }

    @Test
    void should_read_the_key_from_the_variable_the_settings_name() throws Exception {
        Judge judge = select(Map.of("model", "m", "baseUrl", "https://judge.example.invalid/v1", "apiKeyEnv", "MY_KEY"),
                Map.of()).orElseThrow();

        assertThatThrownBy(judge::preflight).hasMessageContaining("set the environment variable MY_KEY");
    }

    @Test
    void should_declare_the_environment_variables_it_reads() {
        assertThat(providers.judge("openai").environmentVariables())
                .extracting(v -> v.name() + (v.secret() ? " (secret)" : ""))
                .containsExactly("AGENT_EVAL_JUDGE_API_KEY (secret)", "JUDGE_API_KEY (secret)", "AGENT_EVAL_JUDGE_BASE_URL",
                        "AGENT_EVAL_JUDGE_MODEL");
        assertThat(Judges.environmentVariables()).extracting(v -> v.name()).containsExactly("AGENT_EVAL_JUDGE");
    }
}
