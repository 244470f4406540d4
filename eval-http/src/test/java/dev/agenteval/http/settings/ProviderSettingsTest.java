package dev.agenteval.http.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.ProviderConfig;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one reader of provider settings, in the agents' and in the judges' wording. */
class ProviderSettingsTest {

    private static final Set<String> AGENT_KEYS = Set.of("url", "endpoint", "name", "stream", "maxAttempts",
            "temperature", "timeoutSeconds", "mode", "project");
    private static final List<String> JUDGE_KEYS = List.of("model", "threshold", "samples", "requireApiKey");

    private static ProviderSettings agent(Map<String, String> settings) {
        return agent(settings, Map.of());
    }

    private static ProviderSettings agent(Map<String, String> settings, Map<String, String> env) {
        return ProviderSettings.forAgent("a2a", ProviderConfig.of(settings, env::get), AGENT_KEYS);
    }

    private static ProviderSettings judge(Map<String, String> settings, Map<String, String> env) {
        return ProviderSettings.forJudge("openai", ProviderConfig.of(settings, env::get), JUDGE_KEYS);
    }

    /** Settings in the order given: key, value, key, value... */
    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            settings.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return settings;
    }

    @Test
    void should_read_strings_stripped_with_defaults_and_the_environment_as_fallback() {
        ProviderSettings s = judge(Map.of("model", "  m1 ", "threshold", "  "), Map.of("MODEL", "m2", "URL", " u "));

        assertThat(s.string("model")).contains("m1");
        assertThat(s.string("threshold")).isEmpty();
        assertThat(s.string("threshold", "d")).isEqualTo("d");
        assertThat(s.stringOrEnv("model", "MODEL")).contains("m1");
        assertThat(s.stringOrEnv("samples", "URL")).contains("u");
        assertThat(s.stringOrEnv("samples", null)).isEmpty();
        assertThat(s.stringOrEnv("samples", "UNSET")).isEmpty();
        assertThat(s.problems()).isEmpty();
    }

    @Test
    void should_name_a_missing_required_setting_with_its_meaning() {
        ProviderSettings s = agent(Map.of("name", "x"));

        assertThat(s.required("name", "the agent's name")).isEqualTo("x");
        assertThat(s.required("project", "the project the agent lives in")).isNull();
        assertThat(s.problems()).containsExactly("a2a setting 'project': missing (the project the agent lives in)");
    }

    @Test
    void should_read_absolute_http_urls() {
        ProviderSettings s = agent(Map.of("url", "https://agents.example.com/a", "endpoint", "ftp://x"));

        assertThat(s.requiredUri("url", "the base URL")).isEqualTo(URI.create("https://agents.example.com/a"));
        assertThat(s.uri("endpoint")).isNull();
        assertThat(s.uri("name")).isNull();
        assertThat(agent(Map.of("endpoint", "http://bad host")).uri("endpoint")).isNull();
        assertThat(agent(Map.of()).requiredUri("url", "the base URL")).isNull();

        assertThat(s.problems()).containsExactly("a2a setting 'endpoint': must be an absolute http(s) URL but was 'ftp://x'");
        ProviderSettings invalid = agent(Map.of("endpoint", "http://bad host"));
        invalid.uri("endpoint");
        assertThat(invalid.problems()).containsExactly("a2a setting 'endpoint': is not a valid URL: 'http://bad host'");
        ProviderSettings missing = agent(Map.of());
        missing.requiredUri("url", "the base URL");
        assertThat(missing.problems()).containsExactly("a2a setting 'url': missing (the base URL)");
    }

    @Test
    void should_read_booleans_in_any_case() {
        ProviderSettings s = agent(Map.of("stream", "TRUE", "mode", "yes"));

        assertThat(s.bool("stream", false)).isTrue();
        assertThat(s.bool("name", true)).isTrue();
        assertThat(s.bool("mode", false)).isFalse();
        assertThat(s.problems()).containsExactly("a2a setting 'mode': must be true or false but was 'yes'");

        ProviderSettings j = judge(Map.of("requireApiKey", "False", "model", "maybe"), Map.of());
        assertThat(j.flag("requireApiKey")).isFalse();
        assertThat(j.flag("threshold")).isNull();
        assertThat(j.flag("model")).isNull();
        assertThat(j.problems()).containsExactly("judge 'openai': setting 'model' must be true or false but was 'maybe'");
    }

    @Test
    void should_read_whole_numbers_of_at_least_a_minimum() {
        ProviderSettings s = agent(Map.of("maxAttempts", "4", "name", "0", "mode", "many"));

        assertThat(s.wholeNumber("maxAttempts", 1, 3)).isEqualTo(4);
        assertThat(s.wholeNumber("project", 1, 3)).isEqualTo(3);
        assertThat(s.wholeNumber("name", 1, 3)).isEqualTo(3);
        assertThat(s.wholeNumber("mode", 1, 3)).isEqualTo(3);
        assertThat(s.problems()).containsExactly("a2a setting 'name': must be >= 1 but was 0",
                "a2a setting 'mode': must be a whole number but was 'many'");
    }

    @Test
    void should_read_integers_odd_when_asked() {
        ProviderSettings s = judge(Map.of("samples", "3", "threshold", "2", "model", "x"), Map.of());

        assertThat(s.integer("samples", 1, 1, true)).isEqualTo(3);
        assertThat(s.integer("requireApiKey", 1, 5, false)).isEqualTo(5);
        assertThat(s.integer("threshold", 1, 1, true)).isEqualTo(1);
        assertThat(s.integer("model", 0, 2, false)).isEqualTo(2);
        assertThat(s.problems()).containsExactly("judge 'openai': setting 'threshold' must be an odd integer >= 1 but was '2'",
                "judge 'openai': setting 'model' must be an integer >= 0 but was 'x'");
    }

    @Test
    void should_read_decimals() {
        ProviderSettings s = agent(Map.of("temperature", "0.2", "name", "warm"));

        assertThat(s.decimal("temperature")).isEqualTo(0.2);
        assertThat(s.decimal("project")).isNull();
        assertThat(s.decimal("name")).isNull();
        assertThat(s.problems()).containsExactly("a2a setting 'name': must be a number but was 'warm'");
    }

    @Test
    void should_read_numbers_in_a_range() {
        ProviderSettings s = judge(Map.of("threshold", "0.75", "samples", "1.5", "model", "high"), Map.of());

        assertThat(s.numberIn("threshold", 0, 1, 0.5)).isEqualTo(0.75);
        assertThat(s.numberIn("requireApiKey", 0, 1, 0.5)).isEqualTo(0.5);
        assertThat(s.numberIn("samples", 0, 1, 0.5)).isEqualTo(0.5);
        assertThat(s.numberIn("model", 0.001, 3600, 60)).isEqualTo(60);
        assertThat(s.problems()).containsExactly("judge 'openai': setting 'samples' must be a number in 0..1 but was '1.5'",
                "judge 'openai': setting 'model' must be a number in 0.001..3600 but was 'high'");
    }

    @Test
    void should_read_positive_seconds() {
        ProviderSettings s = agent(Map.of("timeoutSeconds", "1.5", "name", "0", "mode", "soon"));

        assertThat(s.seconds("timeoutSeconds", null)).isEqualTo(Duration.ofMillis(1500));
        assertThat(s.seconds("project", Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.seconds("name", Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.seconds("mode", null)).isNull();
        assertThat(s.problems()).containsExactly("a2a setting 'name': must be > 0 but was 0",
                "a2a setting 'mode': must be a number of seconds but was 'soon'");
    }

    @Test
    void should_read_one_of_the_allowed_values_lower_cased() {
        ProviderSettings s = agent(Map.of("mode", "OMIT", "name", "sometimes"));
        List<String> allowed = List.of("true", "false", "omit");

        assertThat(s.choice("mode", "true", allowed)).isEqualTo("omit");
        assertThat(s.choice("project", "true", allowed)).isEqualTo("true");
        assertThat(s.choice("name", "true", allowed)).isEqualTo("true");
        assertThat(s.problems()).containsExactly("a2a setting 'name': must be one of true, false, omit but was 'sometimes'");
    }

    @Test
    void should_require_environment_variables_without_showing_their_values() {
        ProviderSettings s = agent(Map.of(), Map.of("TOKEN", "t0ken"));

        assertThat(s.requireEnv("TOKEN", "the bearer token")).isEqualTo("t0ken");
        assertThat(s.requireEnv("OTHER", "the client secret")).isNull();
        assertThat(s.problems()).containsExactly("a2a: environment variable OTHER is not set (the client secret)");
    }

    @Test
    void should_accept_header_settings_of_agents_only() {
        ProviderSettings s = agent(ordered("header.Tenant-Name", "acme", "header.X-Trace", "1", "header.", "ignored"));

        assertThat(s.headerSettings()).containsExactly(Map.entry("Tenant-Name", "acme"), Map.entry("X-Trace", "1"));
        assertThat(s.problems()).isEmpty();
        assertThat(judge(Map.of("header.X", "1"), Map.of()).problems()).containsExactly(
                "judge 'openai': unknown setting 'header.X' (known: model, threshold, samples, requireApiKey)");
    }

    @Test
    void should_reject_an_unknown_agent_setting_with_a_did_you_mean_and_the_sorted_known_ones() {
        assertThat(agent(Map.of("strem", "true")).problems()).containsExactly("a2a setting 'strem': unknown setting"
                + " (did you mean 'stream'?) (known: endpoint, maxAttempts, mode, name, project, stream, temperature,"
                + " timeoutSeconds, url, header.<Name>)");
        assertThat(agent(Map.of("colour", "blue")).problems()).containsExactly("a2a setting 'colour': unknown setting"
                + " (known: endpoint, maxAttempts, mode, name, project, stream, temperature, timeoutSeconds, url,"
                + " header.<Name>)");
    }

    @Test
    void should_reject_an_unknown_judge_setting_listing_the_known_ones_in_their_order() {
        assertThat(judge(Map.of("modle", "m"), Map.of()).problems()).containsExactly(
                "judge 'openai': unknown setting 'modle' (known: model, threshold, samples, requireApiKey)");
    }

    @Test
    void should_word_problems_of_the_caller_as_the_provider_kind_does() {
        ProviderSettings a = agent(Map.of());
        a.problem("body", "is not valid JSON");
        a.problem("needs a project");
        ProviderSettings j = judge(Map.of(), Map.of());
        j.problem("responseFormat", "must be json_schema, json_object or none but was 'xml'");
        j.problem("needs a model");

        assertThat(a.problems()).containsExactly("a2a setting 'body': is not valid JSON", "a2a: needs a project");
        assertThat(j.problems()).containsExactly(
                "judge 'openai': setting 'responseFormat' must be json_schema, json_object or none but was 'xml'",
                "judge 'openai': needs a model");
        assertThat(a.provider()).isEqualTo("a2a");
        assertThat(a.config().settings()).isEmpty();
    }

    @Test
    void should_raise_every_problem_at_once_on_check() {
        ProviderSettings s = judge(ordered("samples", "2", "threshold", "1.5", "colour", "blue"), Map.of());
        s.integer("samples", 1, 1, true);
        s.numberIn("threshold", 0, 1, 0.5);
        s.stringOrEnv("model", "MODEL").ifPresentOrElse(m -> { }, () -> s.problem("needs a model"));

        assertThatThrownBy(s::check).isInstanceOfSatisfying(ConfigurationException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "judge 'openai': unknown setting 'colour' (known: model, threshold, samples, requireApiKey)",
                        "judge 'openai': setting 'samples' must be an odd integer >= 1 but was '2'",
                        "judge 'openai': setting 'threshold' must be a number in 0..1 but was '1.5'",
                        "judge 'openai': needs a model"));
    }

    @Test
    void should_pass_check_without_problems() {
        ProviderSettings s = agent(Map.of("url", "https://agents.example.com"));
        s.requiredUri("url", "the base URL");

        s.check();
        assertThat(s.problems()).isEmpty();
    }
}
