package dev.agenteval.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.ProviderConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void should_parse_comments_export_prefix_quotes_and_inline_comments() {
        Map<String, String> values = Environment.parse("""
                # credentials for eu
                AGENT_API_CLIENT_ID_EU=client-eu
                export AGENT_API_CLIENT_SECRET_EU = "s3c#ret \\"quoted\\""

                SINGLE='literal \\n and $HOME'
                UNQUOTED=value with spaces   # a comment
                URL=http://host/path#fragment
                EMPTY=
                ONLY_COMMENT= # nothing
                HASH=#kept
                ESCAPES="a\\tb\\nc"
                MULTI="first
                second"
                """, ".env");

        assertThat(values).containsExactly(
                Map.entry("AGENT_API_CLIENT_ID_EU", "client-eu"),
                Map.entry("AGENT_API_CLIENT_SECRET_EU", "s3c#ret \"quoted\""),
                Map.entry("SINGLE", "literal \\n and $HOME"),
                Map.entry("UNQUOTED", "value with spaces"),
                Map.entry("URL", "http://host/path#fragment"),
                Map.entry("EMPTY", ""),
                Map.entry("ONLY_COMMENT", ""),
                Map.entry("HASH", "#kept"),
                Map.entry("ESCAPES", "a\tb\nc"),
                Map.entry("MULTI", "first\nsecond"));
    }

    @Test
    void should_report_every_malformed_line_by_number_without_showing_its_content() {
        assertThatThrownBy(() -> Environment.parse("""
                OK=1
                sk-live-pasted-secret-without-a-key
                1BAD=x
                OPEN="never closed
                """, "/work/.env"))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                    assertThat(e.problems()).containsExactly(
                            "/work/.env line 2: expected KEY=VALUE",
                            "/work/.env line 3: invalid variable name (must match [A-Za-z_][A-Za-z0-9_.]*)",
                            "/work/.env line 4: variable OPEN has no closing \"");
                    assertThat(e.getMessage()).doesNotContain("sk-live").doesNotContain("never closed");
                });
    }

    @Test
    void should_let_the_process_environment_win_over_the_file() throws Exception {
        Path file = dir.resolve(".env");
        Files.writeString(file, "TOKEN=from-file\nONLY_IN_FILE=file-value\nBLANK_IN_PROCESS=file\n");

        Environment env = Environment.of(Map.of("TOKEN", "from-process", "BLANK_IN_PROCESS", "")).withDotEnv(file);

        assertThat(env.apply("TOKEN")).isEqualTo("from-process");
        assertThat(env.apply("ONLY_IN_FILE")).isEqualTo("file-value");
        // Set (even to empty) in the process environment: the process wins, as with docker/compose.
        assertThat(env.apply("BLANK_IN_PROCESS")).isEmpty();
        assertThat(env.get("BLANK_IN_PROCESS")).isEmpty();
        assertThat(env.apply("UNSET")).isNull();
        assertThat(env.dotEnvFile()).contains(file);
        assertThat(env.dotEnvNames()).containsExactly("TOKEN", "ONLY_IN_FILE", "BLANK_IN_PROCESS");
    }

    @Test
    void should_ignore_a_missing_file() {
        Environment env = Environment.of(Map.of("A", "1")).withDotEnv(dir.resolve("absent.env"));

        assertThat(env.apply("A")).isEqualTo("1");
        assertThat(env.dotEnvFile()).isEmpty();
    }

    @Test
    void should_name_the_missing_variable_and_the_file_when_required() throws Exception {
        Path file = dir.resolve(".env");
        Files.writeString(file, "OTHER=x\n");
        Environment env = Environment.of(Map.of()).withDotEnv(file);

        assertThatThrownBy(() -> env.require("AGENT_API_CLIENT_SECRET_EU", "the OAuth client secret of target 'eu'"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("environment variable AGENT_API_CLIENT_SECRET_EU is not set (the OAuth client secret of"
                        + " target 'eu'); set it or add it to " + file);
    }

    @Test
    void should_serve_as_the_environment_of_a_provider_config() {
        Environment env = Environment.of(Map.of("KEY", "v"));

        assertThat(ProviderConfig.of(Map.of(), env).env("KEY")).contains("v");
    }

    @Test
    void should_never_show_values_in_to_string() throws Exception {
        Path file = dir.resolve(".env");
        Files.writeString(file, "SECRET=hunter2\n");

        Environment env = Environment.of(Map.of("PROCESS_SECRET", "swordfish")).withDotEnv(file);

        assertThat(env.toString()).doesNotContain("hunter2").doesNotContain("swordfish").contains("1 variables");
    }

    @Test
    void should_take_token_names_for_secrets_but_not_a_token_endpoint() {
        assertThat(Environment.looksSecret("AGENT_API_TOKEN_EU")).isTrue();
        assertThat(Environment.looksSecret("AGENT_API_CLIENT_SECRET_EU")).isTrue();
        assertThat(Environment.looksSecret("JUDGE_API_KEY")).isTrue();
        assertThat(Environment.looksSecret("AGENT_API_TOKEN_URL_EU")).isFalse();
        assertThat(Environment.looksSecret("OAUTH_TOKENURL")).isFalse();
        assertThat(Environment.looksSecret("AGENT_API_CLIENT_ID_EU")).isFalse();
    }
}
