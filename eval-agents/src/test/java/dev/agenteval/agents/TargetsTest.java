package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.core.Environment;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetsTest {

    private final FakeA2aAgent server = FakeA2aAgent.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @TempDir
    Path dir;

    private String yaml() {
        return """
                # Where the agents live. Secrets are variable NAMES only.
                targets:
                  local:
                    protocol: a2a
                    url: %s
                    auth: {type: bearer, tokenEnv: AGENT_API_TOKEN_LOCAL}
                    settings: {version: "0.3", requestTimeoutSeconds: 2}
                  eu:
                    protocol: agent-service
                    url: https://api.eu.example.com/agents
                    auth:
                      type: oauth2
                      tokenUrl: https://auth.eu.example.com/realms/acme/protocol/openid-connect/token
                      clientIdEnv: AGENT_API_CLIENT_ID_EU
                      clientSecretEnv: AGENT_API_CLIENT_SECRET_EU
                      scope: openid
                    headers:
                      Tenant-Name: acme
                      X-Api-Key: env:EU_GATEWAY_KEY
                    settings:
                      apiVersion: v2
                  public-demo:
                    protocol: http
                    url: https://demo.example.com
                    settings: {answerPath: $.answer}
                """.formatted(server.url().resolve("/rpc"));
    }

    private Path file() throws Exception {
        Path f = dir.resolve(Targets.FILE_NAME);
        Files.writeString(f, yaml());
        return f;
    }

    @Test
    void should_load_named_targets_with_auth_headers_and_settings() throws Exception {
        Targets targets = Targets.load(file());

        assertThat(targets.names()).containsExactly("local", "eu", "public-demo");
        Target eu = targets.get("eu");
        assertThat(eu.protocol()).isEqualTo("agent-service");
        assertThat(eu.auth()).isEqualTo(Target.Auth.oauth2(
                "https://auth.eu.example.com/realms/acme/protocol/openid-connect/token",
                "AGENT_API_CLIENT_ID_EU", "AGENT_API_CLIENT_SECRET_EU", "openid"));
        assertThat(eu.providerSettings()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "url", "https://api.eu.example.com/agents",
                "auth", "oauth2",
                "tokenUrl", "https://auth.eu.example.com/realms/acme/protocol/openid-connect/token",
                "clientIdEnv", "AGENT_API_CLIENT_ID_EU",
                "clientSecretEnv", "AGENT_API_CLIENT_SECRET_EU",
                "scope", "openid",
                "header.Tenant-Name", "acme",
                "header.X-Api-Key", "env:EU_GATEWAY_KEY",
                "apiVersion", "v2"));
        assertThat(targets.get("public-demo").providerSettings()).containsEntry("auth", "none");
    }

    @Test
    void should_create_a_client_for_a_named_target_with_the_token_from_a_dot_env_file() throws Exception {
        Path f = file();
        Path dotEnv = dir.resolve(".env");
        Files.writeString(dotEnv, "AGENT_API_TOKEN_LOCAL=from-dot-env\n");
        server.enqueue(A2aReply.task(TaskState.COMPLETED));

        AgentClient client = AgentClients.target("local", f, Environment.of(Map.of()).withDotEnv(dotEnv));
        client.openSession(SessionRequest.of("c")).send(Message.user("hi"));

        A2aRequest r = server.takeRequest();
        assertThat(r.path()).isEqualTo("/rpc");
        assertThat(r.header("Authorization")).contains("Bearer from-dot-env");
    }

    @Test
    void should_name_the_missing_variables_of_a_target_before_any_request() throws Exception {
        Target eu = Targets.load(file()).get("eu");

        assertThatThrownBy(() -> AgentClients.create(eu, Wire.env("AGENT_API_CLIENT_ID_EU", "id")))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "target 'eu': agent-service: environment variable AGENT_API_CLIENT_SECRET_EU is not set"
                                + " (the OAuth2 client secret of the agent-service agent)",
                        "target 'eu': agent-service: environment variable EU_GATEWAY_KEY is not set (header X-Api-Key)"));
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void should_refuse_an_invalid_tool_calls_path_naming_the_file_and_target_before_any_request() throws Exception {
        Path file = dir.resolve("agent-eval.targets.yaml");
        Files.writeString(file, """
                targets:
                  traced:
                    protocol: a2a
                    url: %s
                    settings: {toolCallsPath: "$.artifacts[*"}
                  ok:
                    protocol: a2a
                    url: %s
                    settings: {toolCallsPath: "$.metadata.trace.steps[*]", version: "0.3"}
                """.formatted(server.url(), server.url()));

        assertThatThrownBy(() -> Targets.load(file))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).singleElement()
                        .asString().startsWith(file + ":5:31: targets.traced.settings.toolCallsPath: is not a valid JSONPath:"
                                + " '$.artifacts[*'"));
        // A valid path is the a2a client's setting.
        Target ok = Targets.parse(Files.readString(file).replace("\"$.artifacts[*\"", "\"$.artifacts\""), "t.yaml").get("ok");
        assertThat(AgentClients.create(ok, name -> null)).isNotNull();
        assertThatThrownBy(() -> AgentClients.create("a2a", server.url(),
                Map.of("toolCallsPath", "$..[?(@.x"), name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("a2a setting 'toolCallsPath': is not a valid JSONPath");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void should_declare_every_variable_the_targets_read() throws Exception {
        assertThat(Targets.load(file()).environmentVariables()).containsExactly(
                EnvironmentVariable.secret("AGENT_API_TOKEN_LOCAL", "Bearer token of target 'local'."),
                EnvironmentVariable.setting("AGENT_API_CLIENT_ID_EU", null, "OAuth2 client id of target 'eu'."),
                EnvironmentVariable.secret("AGENT_API_CLIENT_SECRET_EU", "OAuth2 client secret of target 'eu'."),
                EnvironmentVariable.secret("EU_GATEWAY_KEY", "Header X-Api-Key of target 'eu'."));
    }

    @Test
    void should_reject_secrets_written_in_the_file_and_report_every_problem() {
        assertThatThrownBy(() -> Targets.parse("""
                targets:
                  eu:
                    protocol: agent-service
                    url: https://api.eu.example.com
                    auth: {type: oauth2, tokenUrl: https://auth/token, clientIdEnv: ID, clientSecret: hunter2}
                    headers: {Authorization: Bearer abc123}
                  local:
                    protocol: a2a
                    urll: http://localhost:8080
                    auth: {type: bearer, tokenEnv: "sk-live-abc 123"}
                  odd:
                    protocol: a2a
                    url: ftp://host
                    auth: {type: basic}
                """, "targets.yaml"))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                    assertThat(e.problems()).containsExactly(
                            "targets.yaml:5:11: targets.eu.auth.clientSecretEnv: missing required key 'clientSecretEnv'",
                            "targets.yaml:5:73: targets.eu.auth.clientSecret: would put a secret in this file; name the"
                                    + " environment variable holding it (tokenEnv, clientIdEnv, clientSecretEnv)",
                            "targets.yaml:6:15: targets.eu.headers.Authorization: looks like a credential; never write"
                                    + " secrets in this file: write env:VARIABLE, or use auth",
                            "targets.yaml:8:5: targets.local.url: missing required key 'url'",
                            "targets.yaml:9:5: targets.local.urll: unknown key 'urll' — did you mean 'url'?",
                            "targets.yaml:10:36: targets.local.auth.tokenEnv: must be the NAME of an environment variable"
                                    + " (matching [A-Za-z_][A-Za-z0-9_.]*), never its value",
                            "targets.yaml:13:10: targets.odd.url: must be an absolute http(s) URL but was 'ftp://host'",
                            "targets.yaml:14:18: targets.odd.auth.type: must be none, bearer or oauth2 but was 'basic'");
                    assertThat(e.getMessage()).doesNotContain("hunter2").doesNotContain("abc123").doesNotContain("sk-live");
                });
    }

    @Test
    void should_list_the_known_targets_for_an_unknown_name_and_have_no_default_file() throws Exception {
        Targets targets = Targets.load(file());

        assertThatThrownBy(() -> targets.get("us"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageEndingWith("unknown target 'us' in " + dir.resolve(Targets.FILE_NAME) + "; known: local, eu, public-demo");
        assertThatThrownBy(() -> AgentClients.target("eu", dir.resolve("absent.yaml"), name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("no targets file at ");
    }

    @Test
    void should_point_at_the_line_of_a_yaml_syntax_error() {
        assertThatThrownBy(() -> Targets.parse("targets:\n  eu: {protocol: a2a, token: sk-live-123\n", "t.yaml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("t.yaml:3:1: invalid YAML: expected ',' or '}', but got <stream end>"
                        + " (while parsing a flow mapping at line 2, column 7)");
    }

    @Test
    void should_keep_scalars_as_written_and_refuse_duplicate_keys() {
        Targets targets = Targets.parse("""
                targets:
                  local:
                    protocol: a2a
                    url: http://127.0.0.1:8080
                    settings: {apiVersion: 1.10, legacy: yes, id: 0123}
                """, "t.yaml");
        assertThat(targets.get("local").settings())
                .containsEntry("apiVersion", "1.10").containsEntry("legacy", "yes").containsEntry("id", "0123");

        assertThatThrownBy(() -> Targets.parse("targets:\n  a: {protocol: a2a, url: http://127.0.0.1:1}\n"
                + "  a: {protocol: a2a, url: http://127.0.0.1:2}\n", "t.yaml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("t.yaml:3:3: targets.a: duplicate key 'a' (first at line 2, column 3)");
        assertThatThrownBy(() -> Targets.parse("targets: &t\n  a: *t\n", "t.yaml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("t.yaml:1:10: recursive alias: a list or mapping contains itself");
    }

    @Test
    void should_not_show_settings_in_to_string() throws Exception {
        Target eu = Targets.load(file()).get("eu");

        assertThat(eu.toString()).isEqualTo("Target[eu: agent-service https://api.eu.example.com/agents, auth oauth2,"
                + " headers [Tenant-Name, X-Api-Key]]");
    }

    @Test
    void should_locate_a_typo_in_a_targets_file_and_suggest_the_key_meant() throws Exception {
        Path file = Files.writeString(dir.resolve(Targets.FILE_NAME), """
                targets:
                  local:
                    protocol: a2a
                    urll: http://localhost:8080
                    auth: {type: bearer, tokenEnvv: TOKEN}
                """);

        assertThatThrownBy(() -> Targets.load(file))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).contains(
                        file + ":4:5: targets.local.urll: unknown key 'urll' — did you mean 'url'?",
                        file + ":5:26: targets.local.auth.tokenEnvv: unknown key 'tokenEnvv' — did you mean 'tokenEnv'?"));
    }
}
