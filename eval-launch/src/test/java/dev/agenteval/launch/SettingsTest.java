package dev.agenteval.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static Settings of(Map<Setting, String> options, Map<String, String> parameters, Map<String, String> env) {
        Map<Setting, String> given = options.isEmpty() ? Map.of() : new EnumMap<>(options);
        Settings cli = Settings.commandLine(given, env::get);
        return parameters.isEmpty() ? cli : Settings.parameters(name -> Optional.ofNullable(parameters.get(name)), env::get);
    }

    @Test
    void should_resolve_option_then_parameter_then_variable_then_default() {
        Map<String, String> env = Map.of("AGENT_EVAL_PROTOCOL", "from-env");

        assertThat(Settings.commandLine(Map.of(Setting.PROTOCOL, "from-option"), env::get).find(Setting.PROTOCOL))
                .hasValue(new Settings.Value(Setting.PROTOCOL, "from-option", Settings.Source.OPTION));
        assertThat(Settings.parameters(name -> Optional.of("from-parameter").filter(v -> name.equals("agent-eval.protocol")),
                env::get).find(Setting.PROTOCOL))
                .hasValue(new Settings.Value(Setting.PROTOCOL, "from-parameter", Settings.Source.PARAMETER));
        assertThat(of(Map.of(), Map.of(), env).find(Setting.PROTOCOL))
                .hasValue(new Settings.Value(Setting.PROTOCOL, "from-env", Settings.Source.VARIABLE));
        assertThat(of(Map.of(), Map.of(), Map.of()).find(Setting.PROTOCOL))
                .hasValue(new Settings.Value(Setting.PROTOCOL, "a2a", Settings.Source.DEFAULT));
        assertThat(of(Map.of(), Map.of(), Map.of()).find(Setting.AGENT_URL)).isEmpty();
    }

    @Test
    void should_count_blank_parameters_and_variables_as_unset() {
        Settings s = Settings.parameters(name -> Optional.of("  "), Map.of("AGENT_EVAL_AGENT_URL", " ")::get);

        assertThat(s.get(Setting.AGENT_URL)).isEmpty();
        assertThat(s.get(Setting.REPORT_DIR)).isEmpty();
    }

    @Test
    void should_leave_the_judge_variables_to_the_judge_providers() {
        Settings s = of(Map.of(), Map.of(), Map.of("AGENT_EVAL_JUDGE", "overlap", "AGENT_EVAL_JUDGE_BASE_URL", "http://j",
                "AGENT_EVAL_JUDGE_MODEL", "m"));

        assertThat(s.get(Setting.JUDGE)).isEmpty();
        assertThat(s.get(Setting.JUDGE_URL)).isEmpty();
        assertThat(s.get(Setting.JUDGE_MODEL)).isEmpty();
        assertThat(Setting.environmentVariables()).extracting(v -> v.name())
                .doesNotContain("AGENT_EVAL_JUDGE", "AGENT_EVAL_JUDGE_BASE_URL", "AGENT_EVAL_JUDGE_MODEL")
                .contains("AGENT_EVAL_AGENT_URL", "AGENT_EVAL_PROTOCOL", "AGENT_EVAL_TARGET", "AGENT_EVAL_EXTERNAL_ID",
                        "AGENT_EVAL_REPORT_DIR", "AGENT_EVAL_JUDGE_REDACT_SECRETS");
    }

    @Test
    void should_read_yes_no_settings_and_name_where_a_bad_value_came_from() {
        assertThat(of(Map.of(), Map.of(), Map.of()).flag(Setting.JUDGE_REDACT_SECRETS)).isTrue();
        assertThat(of(Map.of(), Map.of(), Map.of("AGENT_EVAL_JUDGE_REDACT_SECRETS", "OFF")).flag(Setting.JUDGE_REDACT_SECRETS))
                .isFalse();
        assertThat(of(Map.of(Setting.JUDGE_REDACT_SECRETS, "true"), Map.of(), Map.of("AGENT_EVAL_JUDGE_REDACT_SECRETS", "no"))
                .flag(Setting.JUDGE_REDACT_SECRETS)).isTrue();

        assertThatThrownBy(() -> of(Map.of(), Map.of(), Map.of("AGENT_EVAL_JUDGE_REDACT_SECRETS", "maybe"))
                .flag(Setting.JUDGE_REDACT_SECRETS)).isInstanceOf(ConfigurationException.class)
                .hasMessage("AGENT_EVAL_JUDGE_REDACT_SECRETS must be true or false but is 'maybe'");
        assertThatThrownBy(() -> of(Map.of(), Map.of("agent-eval.judge-redact-secrets", "maybe"), Map.of())
                .flag(Setting.JUDGE_REDACT_SECRETS)).hasMessageStartingWith("agent-eval.judge-redact-secrets must be");
    }

    @Test
    void should_declare_distinct_names_in_the_agent_eval_namespaces() {
        for (Setting s : Setting.values()) {
            assertThat(s.parameter()).as(s.name()).startsWith("agent-eval.");
            if (s.name().startsWith("OPIK_") && s.options().isEmpty()) {
                // Opik's own SDK variables, kept by name so that a setup that works for Opik works here
                assertThat(s.variable()).as(s.name()).startsWith("OPIK_");
            } else {
                assertThat(s.variable()).as(s.name()).startsWith("AGENT_EVAL_");
                assertThat(s.options()).as(s.name()).isNotEmpty();
            }
            assertThat(s.options()).as(s.name()).allMatch(o -> o.startsWith("--"));
            assertThat(s.description()).as(s.name()).isNotBlank();
        }
        Set<String> parameters = Arrays.stream(Setting.values()).map(Setting::parameter).collect(Collectors.toSet());
        Set<String> variables = Arrays.stream(Setting.values()).map(Setting::variable).collect(Collectors.toSet());
        assertThat(parameters).hasSize(Setting.values().length);
        assertThat(variables).hasSize(Setting.values().length);
    }

    @Test
    void should_describe_settings_as_each_front_end_names_them() {
        assertThat(Settings.commandLine(Map.of(), name -> null).describe(Setting.AGENT_URL))
                .isEqualTo("--agent-url (or AGENT_EVAL_AGENT_URL)");
        assertThat(Settings.parameters(name -> Optional.empty(), name -> null).describe(Setting.AGENT_URL))
                .isEqualTo("agent-eval.agent-url (or AGENT_EVAL_AGENT_URL)");
        assertThat(Settings.commandLine(Map.of(), name -> null).describe(Setting.OPIK_URL)).isEqualTo("OPIK_URL_OVERRIDE");
        assertThat(Settings.parameters(name -> Optional.empty(), name -> null).describe(Setting.OPIK_URL))
                .isEqualTo("agent-eval.opik.url (or OPIK_URL_OVERRIDE)");
    }
}
