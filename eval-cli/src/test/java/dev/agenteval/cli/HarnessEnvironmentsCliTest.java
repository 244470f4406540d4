package dev.agenteval.cli;

import static dev.agenteval.cli.JsonResponses.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A harness user's habits through {@code agent-eval}: {@code --env NAME} with only the harness's
 * {@code AGENT_API_*_<NAME>} variables (no targets file), {@code token --env NAME},
 * {@code --show SUITE}, {@code -v}/{@code -vv} and the judge key {@code JUDGE_API_KEY}. The agent
 * service and its token endpoint are MockWebServers on loopback.
 */
class HarnessEnvironmentsCliTest {

    /** A harness suite talking to an existing agent: one message:send per run. */
    private static final String HELLO = """
            evals:
              - name: hello_world
                agent_id: agent-1
                message:
                  message:
                    role: user
                    kind: message
                    parts:
                      - kind: text
                        text: Hello there!
                expectations:
                  must_include:
                    - hello
            """;

    /** A suite that needs the judge. */
    private static final String JUDGED = RunChecksCliTest.JUDGED;

    private static final String SEND_PATH = "/v2/agentic/agents/agent-1/a2a/message:send";
    private static final String TOKEN_PATH = "/realms/acme/protocol/openid-connect/token";

    @StartStop
    private final MockWebServer service = new MockWebServer();

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void writeSuiteAndServeTheAgentService() throws IOException {
        Files.writeString(dir.resolve("hello.yaml"), HELLO);
        service.setDispatcher(new AgentService());
    }

    /** The agent service (v2 message:send) and a Keycloak-style token endpoint. */
    private static final class AgentService extends Dispatcher {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
            if (request.getTarget().endsWith(TOKEN_PATH)) {
                return json("{\"access_token\":\"fetched-eu-token-7\",\"token_type\":\"Bearer\",\"expires_in\":300}");
            }
            if (request.getTarget().endsWith(SEND_PATH)) {
                return json("""
                        {"task":{"id":"t-1","contextId":"c-1","status":{"state":"TASK_STATE_COMPLETED",
                          "message":{"messageId":"m-1","role":"ROLE_AGENT","parts":[{"text":"hello back, friend"}]}}}}
                        """);
            }
            return new MockResponse.Builder().code(404).build();
        }
    }

    private int run(Map<String, String> env, String... args) {
        last = CommandRunner.in(dir).withEnvironment(env).run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
    }

    private String serviceUrl() {
        return "http://127.0.0.1:" + service.getPort();
    }

    private Map<String, String> local() {
        return Map.of("AGENT_API_URL_LOCAL", serviceUrl(), "AGENT_API_TOKEN_LOCAL", "local-token-4711");
    }

    private Map<String, String> eu() {
        return Map.of("AGENT_API_URL_EU", serviceUrl(),
                "AGENT_API_CLIENT_ID_EU", "eu-client", "AGENT_API_CLIENT_SECRET_EU", "eu-secret-0815",
                "AGENT_API_TOKEN_URL_EU", serviceUrl() + "/realms/{tenant}/protocol/openid-connect/token",
                "CORTI_TENANT_NAME", "acme");
    }

    @Test
    void env_local_with_only_the_harness_token_and_url_sends_the_bearer_token_and_tenant_to_that_url() throws Exception {
        int code = run(local(), "run", "hello.yaml", "--env", "local");

        assertThat(code).as(err()).isZero();
        assertThat(service.getRequestCount()).isEqualTo(1);
        RecordedRequest send = service.takeRequest();
        assertThat(send.getMethod()).isEqualTo("POST");
        assertThat(send.getTarget()).isEqualTo(SEND_PATH);
        assertThat(send.getHeaders().get("Authorization")).isEqualTo("Bearer local-token-4711");
        assertThat(send.getHeaders().get("Tenant-Name")).isEqualTo("base");
        assertThat(out() + err()).doesNotContain("local-token-4711");
    }

    @Test
    void env_eu_exchanges_the_client_credentials_with_scope_openid_then_sends_the_token() throws Exception {
        int code = run(eu(), "run", "hello.yaml", "--env", "eu");

        assertThat(code).as(err()).isZero();
        RecordedRequest token = service.takeRequest();
        assertThat(token.getTarget()).isEqualTo(TOKEN_PATH);
        assertThat(token.getBody().utf8())
                .isEqualTo("grant_type=client_credentials&client_id=eu-client&client_secret=eu-secret-0815&scope=openid");
        RecordedRequest send = service.takeRequest();
        assertThat(send.getTarget()).isEqualTo(SEND_PATH);
        assertThat(send.getHeaders().get("Authorization")).isEqualTo("Bearer fetched-eu-token-7");
        assertThat(send.getHeaders().get("Tenant-Name")).isEqualTo("acme");
        assertThat(service.getRequestCount()).isEqualTo(2);
    }

    @Test
    void a_missing_credential_is_one_error_naming_both_variables_and_nothing_is_sent() {
        int code = run(Map.of("AGENT_API_URL_EU", serviceUrl()), "run", "hello.yaml", "--env", "eu");

        assertThat(code).isEqualTo(AgentEvalCli.INVALID);
        assertThat(err()).contains("environment 'eu' has no credentials: set AGENT_API_CLIENT_ID_EU,"
                + " AGENT_API_CLIENT_SECRET_EU and AGENT_API_TOKEN_URL_EU (OAuth2 client credentials), or"
                + " AGENT_API_TOKEN_EU (a bearer token)");
        assertThat(err().lines().filter(l -> l.contains("AGENT_API_CLIENT_ID_EU"))).hasSize(1);
        assertThat(service.getRequestCount()).isZero();
    }

    @Test
    void a_targets_file_entry_wins_over_the_variables_and_names_it_lacks_fall_back_to_them() throws Exception {
        try (MockWebServer other = new MockWebServer()) {
            other.setDispatcher(new AgentService());
            other.start();
            Files.writeString(dir.resolve("agent-eval.targets.yaml"), """
                    targets:
                      local:
                        protocol: agent-service
                        url: http://127.0.0.1:%d
                        auth: {type: bearer, tokenEnv: FILE_TARGET_TOKEN}
                    """.formatted(other.getPort()));
            Map<String, String> env = new HashMap<>(local());
            env.put("FILE_TARGET_TOKEN", "file-token-31");

            int code = run(env, "run", "hello.yaml", "--env", "local");

            assertThat(code).as(err()).isZero();
            assertThat(service.getRequestCount()).isZero();
            RecordedRequest send = other.takeRequest();
            assertThat(send.getHeaders().get("Authorization")).isEqualTo("Bearer file-token-31");
            assertThat(send.getHeaders().get("Tenant-Name")).isNull();

            env.putAll(eu());
            assertThat(run(env, "run", "hello.yaml", "--env", "eu")).as(err()).isZero();
            assertThat(other.getRequestCount()).isEqualTo(1);
            assertThat(service.getRequestCount()).isEqualTo(2); // the token, then message:send
        }
    }

    @Test
    void the_protocol_of_an_env_of_variables_can_be_overridden() {
        int code = run(local(), "run", "hello.yaml", "--env", "local", "--protocol", "test-echo", "-v");

        assertThat(code).as(err()).isZero();
        assertThat(err()).contains("turn 1 answer (completed): hello, you said: Hello there!");
        assertThat(service.getRequestCount()).isZero();
    }

    @Test
    void the_env_can_come_from_a_dot_env_file_in_the_working_folder() throws Exception {
        Files.writeString(dir.resolve(".env"), "AGENT_API_URL_LOCAL=" + serviceUrl() + "\nAGENT_API_TOKEN_LOCAL=dotenv-token-99\n");

        int code = run(Map.of(), "run", "hello.yaml", "--env", "local");

        assertThat(code).as(err()).isZero();
        assertThat(service.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer dotenv-token-99");
    }

    @Test
    void token_prints_the_static_token_alone_on_standard_output() {
        int code = run(local(), "token", "--env", "local");

        assertThat(code).as(err()).isZero();
        assertThat(out()).isEqualTo("local-token-4711" + System.lineSeparator());
        assertThat(err()).doesNotContain("local-token-4711");
        assertThat(service.getRequestCount()).isZero();
    }

    @Test
    void token_fetches_the_token_the_run_would_use_with_the_client_credentials() throws Exception {
        int code = run(eu(), "token", "--env", "eu");

        assertThat(code).as(err()).isZero();
        assertThat(out()).isEqualTo("fetched-eu-token-7" + System.lineSeparator());
        assertThat(service.takeRequest().getBody().utf8()).contains("client_id=eu-client").contains("scope=openid");
        assertThat(service.getRequestCount()).isEqualTo(1);
    }

    @Test
    void token_names_the_missing_variables_and_sends_nothing() {
        int code = run(Map.of(), "token", "--env", "us");

        assertThat(code).isEqualTo(AgentEvalCli.INVALID);
        assertThat(out()).isEmpty();
        assertThat(err()).contains("set AGENT_API_URL_US").contains("AGENT_API_CLIENT_ID_US, AGENT_API_CLIENT_SECRET_US");
    }

    @Test
    void show_option_lists_the_cases_as_the_show_command_does() {
        assertThat(run(Map.of(), "show", "hello.yaml")).isZero();
        String shown = out();

        assertThat(run(Map.of(), "--show", "hello.yaml")).as(err()).isZero();

        assertThat(out()).isEqualTo(shown).contains("hello_world");
    }

    @Test
    void verbose_prints_each_answer_and_its_tool_calls_as_the_case_finishes() throws IOException {
        Files.writeString(dir.resolve("refund.yaml"), """
                cases:
                  - id: refund
                    turns:
                      - input: Where is my refund?
                        scorers:
                          - type: contains
                            values: [done]
                """);

        int code = run(Map.of(), "run", "refund.yaml", "--protocol", "test-tools", "--agent-url", "http://127.0.0.1:1", "-v");

        assertThat(code).as(err()).isZero();
        assertThat(err()).contains("turn 1 answer (completed): done: Where is my refund?")
                .contains("turn 1 toolsCalled: find_order{\"q\":\"Where is my refund?\"}, log_event")
                .doesNotContain("turn 1 request:");
    }

    @Test
    void without_verbose_no_answer_is_printed() {
        int code = run(local(), "run", "hello.yaml", "--env", "local");

        assertThat(code).as(err()).isZero();
        assertThat(err()).doesNotContain("hello back, friend");
    }

    @Test
    void double_verbose_adds_each_request_and_response_with_secrets_masked() throws Exception {
        Files.writeString(dir.resolve("secret.yaml"), HELLO.replace("Hello there!", "Hello {{password}}!")
                .replace("evals:", "variables:\n  password: env:VV_SECRET_PASSWORD\nevals:"));
        Map<String, String> env = new HashMap<>(local());
        env.put("VV_SECRET_PASSWORD", "pw-vv-2718");

        int code = run(env, "run", "secret.yaml", "--env", "local", "-vv");

        assertThat(code).as(err()).isZero();
        assertThat(service.takeRequest().getBody().utf8()).contains("Hello pw-vv-2718!");
        assertThat(err()).contains("turn 1 request: {").contains("\"text\":\"Hello ***!\"")
                .contains("turn 1 response: {\"task\":{\"id\":\"t-1\"")
                .contains("turn 1 answer (completed): hello back, friend")
                .doesNotContain("pw-vv-2718");
    }

    @Test
    void run_help_lists_the_harness_variables_and_the_environments_found() throws IOException {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"),
                "targets:\n  staging:\n    protocol: a2a\n    url: http://127.0.0.1:9\n");
        Files.writeString(dir.resolve(".env"), "AGENT_API_CLIENT_ID_EU=x\nAGENT_API_CLIENT_SECRET_EU=y\n");

        assertThat(run(Map.of("AGENT_API_TOKEN_LOCAL", "z"), "run", "--help")).isZero();

        assertThat(out()).contains("Environments (--env NAME):")
                .contains("  AGENT_API_URL_<NAME>\n").contains("  AGENT_API_CLIENT_ID_<NAME>\n")
                .contains("  AGENT_API_CLIENT_SECRET_<NAME>\n").contains("  AGENT_API_TOKEN_URL_<NAME>\n")
                .contains("  AGENT_API_TOKEN_<NAME>\n").contains("  AGENT_TENANT\n").contains("  CORTI_TENANT_NAME\n")
                .contains("Found: staging (agent-eval.targets.yaml), eu (.env), local (environment)");
    }

    @Test
    void judge_api_key_of_the_harness_authenticates_the_judge() throws Exception {
        try (FakeChatModel judge = FakeChatModel.start().models("judge-model")
                .otherwise(ChatReply.pass("greets").usage(10, 5))) {
            Files.writeString(dir.resolve("judged.yaml"), JUDGED);

            int code = run(Map.of("JUDGE_API_KEY", "harness-judge-key-5"), "run", "judged.yaml", "--protocol", "test-echo",
                    "--agent-url", "http://127.0.0.1:1", "--judge-url", judge.url().toString(),
                    "--judge-model", "judge-model");

            assertThat(code).as(err()).isZero();
            assertThat(judge.requests()).isNotEmpty().allSatisfy(r ->
                    assertThat(r.header("Authorization")).contains("Bearer harness-judge-key-5"));
            assertThat(out() + err()).doesNotContain("harness-judge-key-5");
        }
    }

    @Test
    void the_judge_key_of_agent_eval_wins_over_the_harness_one() throws Exception {
        try (FakeChatModel judge = FakeChatModel.start().models("judge-model")
                .otherwise(ChatReply.httpStatus(401, "{\"error\":\"bad key\"}"))) {
            Files.writeString(dir.resolve("judged.yaml"), JUDGED);

            run(Map.of("JUDGE_API_KEY", "harness-judge-key-6", "AGENT_EVAL_JUDGE_API_KEY", "agent-eval-judge-key-6"),
                    "run", "judged.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1",
                    "--judge-url", judge.url().toString(), "--judge-model", "judge-model");

            assertThat(judge.takeRequest().header("Authorization")).contains("Bearer agent-eval-judge-key-6");
        }
    }
}
