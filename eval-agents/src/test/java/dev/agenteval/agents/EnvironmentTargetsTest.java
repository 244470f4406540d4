package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.http.Authentication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --env NAME} without a targets file entry: the harness's AGENT_API_*_NAME variables. */
class EnvironmentTargetsTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    @TempDir
    Path dir;

    @Test
    void should_make_local_a_bearer_target_on_localhost_8080_with_tenant_base() {
        Target local = EnvironmentTargets.fromVariables("local", null, env("AGENT_API_TOKEN_LOCAL", "tk"));

        assertThat(local.protocol()).isEqualTo("agent-service");
        assertThat(local.url()).hasToString("http://localhost:8080");
        assertThat(local.auth()).isEqualTo(Target.Auth.bearer("AGENT_API_TOKEN_LOCAL"));
        assertThat(local.headers()).containsExactly(Map.entry("Tenant-Name", "base"));
        assertThat(local.settings()).isEmpty();
    }

    @Test
    void should_prefer_the_client_credentials_with_the_tenant_in_the_token_url_and_scope_openid() {
        Target eu = EnvironmentTargets.fromVariables("eu", null, env(
                "AGENT_API_URL_EU", "https://agents.eu.example.com",
                "AGENT_API_CLIENT_ID_EU", "cid", "AGENT_API_CLIENT_SECRET_EU", "cs",
                "AGENT_API_TOKEN_URL_EU", "https://auth.example.com/realms/{tenant}/protocol/openid-connect/token",
                "AGENT_API_TOKEN_EU", "static", "CORTI_TENANT_NAME", "acme"));

        assertThat(eu.auth()).isEqualTo(Target.Auth.oauth2(
                "https://auth.example.com/realms/acme/protocol/openid-connect/token",
                "AGENT_API_CLIENT_ID_EU", "AGENT_API_CLIENT_SECRET_EU", "openid"));
        assertThat(eu.headers()).containsEntry("Tenant-Name", "acme");
    }

    @Test
    void should_read_agent_tenant_before_the_harness_tenant_and_upper_case_the_name() {
        Target target = EnvironmentTargets.fromVariables("eu-west.2", "a2a", env(
                "AGENT_API_URL_EU_WEST_2", "https://agents.example.com", "AGENT_API_TOKEN_EU_WEST_2", "tk",
                "AGENT_TENANT", "ours", "CORTI_TENANT_NAME", "theirs"));

        assertThat(target.protocol()).isEqualTo("a2a");
        assertThat(target.headers()).containsEntry("Tenant-Name", "ours");
        assertThat(EnvironmentTargets.Variable.URL.of("eu-west.2")).isEqualTo("AGENT_API_URL_EU_WEST_2");
    }

    @Test
    void should_name_every_variable_to_set_in_one_problem_per_subject() {
        assertThatThrownBy(() -> EnvironmentTargets.fromVariables("eu", null, env()))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "environment 'eu': set AGENT_API_URL_EU (the agent's base URL), or add a target 'eu' to "
                                + Targets.FILE_NAME,
                        "environment 'eu' has no credentials: set AGENT_API_CLIENT_ID_EU, AGENT_API_CLIENT_SECRET_EU and"
                                + " AGENT_API_TOKEN_URL_EU (OAuth2 client credentials), or AGENT_API_TOKEN_EU (a bearer token)"));
        assertThatThrownBy(() -> EnvironmentTargets.fromVariables("eu", null, env("AGENT_API_URL_EU", "https://a.example.com",
                "AGENT_API_CLIENT_ID_EU", "cid")))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "environment 'eu' has no credentials: set AGENT_API_CLIENT_SECRET_EU and AGENT_API_TOKEN_URL_EU"
                                + " (OAuth2 client credentials; AGENT_API_CLIENT_ID_EU is set), or AGENT_API_TOKEN_EU"
                                + " (a bearer token)"));
    }

    @Test
    void should_name_the_static_token_first_for_local() {
        assertThatThrownBy(() -> EnvironmentTargets.fromVariables("local", null, env()))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "environment 'local' has no credentials: set AGENT_API_TOKEN_LOCAL (a bearer token), or"
                                + " AGENT_API_CLIENT_ID_LOCAL, AGENT_API_CLIENT_SECRET_LOCAL and AGENT_API_TOKEN_URL_LOCAL"
                                + " (OAuth2 client credentials)"));
    }

    @Test
    void should_refuse_a_url_that_is_not_http_without_showing_it() {
        assertThatThrownBy(() -> EnvironmentTargets.fromVariables("local", null, env(
                "AGENT_API_URL_LOCAL", "ftp://files", "AGENT_API_TOKEN_LOCAL", "tk")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("environment 'local': AGENT_API_URL_LOCAL must be an absolute http(s) URL");
    }

    @Test
    void should_let_the_targets_file_win_and_fall_back_for_names_it_does_not_have() throws Exception {
        Path file = dir.resolve(Targets.FILE_NAME);
        Files.writeString(file, "targets:\n  local:\n    protocol: a2a\n    url: http://127.0.0.1:9\n");
        var environment = env("AGENT_API_URL_LOCAL", "http://127.0.0.1:1", "AGENT_API_TOKEN_LOCAL", "tk",
                "AGENT_API_URL_EU", "http://127.0.0.1:2", "AGENT_API_TOKEN_EU", "tk");

        assertThat(EnvironmentTargets.resolve("local", file, null, environment).url()).hasToString("http://127.0.0.1:9");
        assertThat(EnvironmentTargets.resolve("eu", file, null, environment).url()).hasToString("http://127.0.0.1:2");
        assertThatThrownBy(() -> EnvironmentTargets.resolve("us", file, null, environment))
                .hasMessageContaining("set AGENT_API_URL_US (the agent's base URL), or add a target 'us' to " + file
                        + " (it names local)");
    }

    @Test
    void should_find_the_environments_variables_name() {
        assertThat(EnvironmentTargets.named(List.of("AGENT_API_TOKEN_URL_EU", "AGENT_API_TOKEN_LOCAL", "PATH",
                "AGENT_API_CLIENT_SECRET_US", "AGENT_API_URL_", "AGENT_API_URL_EU"))).containsExactly("eu", "local", "us");
    }

    @Test
    void should_fetch_the_token_a_client_of_the_target_would_send() throws Exception {
        server.enqueue(json("{\"access_token\":\"fetched-1\",\"expires_in\":300}"));
        var environment = env("AGENT_API_URL_EU", server.url("/svc").toString(),
                "AGENT_API_CLIENT_ID_EU", "cid", "AGENT_API_CLIENT_SECRET_EU", "cs",
                "AGENT_API_TOKEN_URL_EU", server.url("/") + "realms/{tenant}/token");

        Authentication auth = AgentClients.authentication(EnvironmentTargets.fromVariables("eu", null, environment),
                environment);

        assertThat(auth.headers()).containsEntry("Authorization", "Bearer fetched-1");
        RecordedRequest token = server.takeRequest();
        assertThat(token.getTarget()).isEqualTo("/realms/base/token");
        assertThat(token.getBody().utf8())
                .isEqualTo("grant_type=client_credentials&client_id=cid&client_secret=cs&scope=openid");
    }
}
