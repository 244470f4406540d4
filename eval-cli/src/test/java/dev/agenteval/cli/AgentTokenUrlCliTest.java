package dev.agenteval.cli;

import static dev.agenteval.cli.JsonResponses.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --agent-url} with OAuth2 client credentials and no targets file: the token endpoint from
 * {@code --agent-token-url} (or {@code AGENT_EVAL_AGENT_TOKEN_URL}), the client from
 * {@code AGENT_EVAL_AGENT_CLIENT_ID} and {@code AGENT_EVAL_AGENT_CLIENT_SECRET}. The token
 * endpoint and the A2A agent are one MockWebServer on loopback.
 */
class AgentTokenUrlCliTest {

    private static final String SECRET = "oauth-secret-0815";
    private static final String TOKEN = "fetched-token-4711";

    @StartStop
    private final MockWebServer server = new MockWebServer();

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void serve() throws IOException {
        Files.copy(Path.of("src/test/resources/suites/greetings.yaml"), dir.resolve("greetings.yaml"));
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getTarget().equals("/token")) {
                    return json("{\"access_token\":\"" + TOKEN + "\",\"token_type\":\"Bearer\",\"expires_in\":300}");
                }
                if (request.getTarget().contains("/.well-known/")) {
                    return new MockResponse.Builder().code(404).build(); // no agent card: JSON-RPC at the URL
                }
                if (!("Bearer " + TOKEN).equals(request.getHeaders().get("Authorization"))) {
                    return new MockResponse.Builder().code(401).body("{\"error\":\"no token\"}").build();
                }
                // The answer echoes the secret, as a careless agent might: it must still not reach a report.
                return json("""
                        {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed",
                          "message":{"kind":"message","role":"agent","messageId":"m","parts":[{"kind":"text",
                          "text":"hello banana (%s)"}]}}}}
                        """.formatted(SECRET));
            }
        });
    }

    private int run(Map<String, String> extraEnv, String... more) {
        Map<String, String> env = new HashMap<>(Map.of("AGENT_EVAL_AGENT_CLIENT_ID", "client-1",
                "AGENT_EVAL_AGENT_CLIENT_SECRET", SECRET));
        env.putAll(extraEnv);
        env.values().removeIf(String::isEmpty); // an empty value: the variable is not set
        List<String> args = new ArrayList<>(List.of("run", "greetings.yaml", "--agent-url", server.url("/rpc").toString(),
                "--report-dir", "out", "-vv"));
        args.addAll(List.of(more));
        last = CommandRunner.in(dir).withEnvironment(env).run(args.toArray(String[]::new));
        return last.exitCode();
    }

    private List<RecordedRequest> requests() throws InterruptedException {
        List<RecordedRequest> all = new ArrayList<>();
        for (int i = server.getRequestCount(); i > 0; i--) {
            all.add(server.takeRequest());
        }
        return all;
    }

    private void assertNoSecretInOutputOrReports() throws IOException {
        String printed = last.out() + last.err();
        assertThat(printed).doesNotContain(SECRET).doesNotContain(TOKEN);
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            for (Path f : files.toList()) {
                assertThat(Files.readString(f)).as(f.getFileName().toString()).doesNotContain(SECRET).doesNotContain(TOKEN);
            }
        }
    }

    @Test
    void should_fetch_a_token_from_the_token_url_option_and_send_it_to_the_agent() throws Exception {
        int code = run(Map.of(), "--agent-token-url", server.url("/token").toString());

        assertThat(code).as(last.err()).isZero();
        List<RecordedRequest> requests = requests();
        RecordedRequest token = requests.stream().filter(r -> r.getTarget().equals("/token")).findFirst().orElseThrow();
        assertThat(token.getMethod()).isEqualTo("POST");
        assertThat(token.getBody().utf8()).contains("grant_type=client_credentials");
        assertThat(requests).filteredOn(r -> r.getTarget().equals("/rpc")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer " + TOKEN));
        assertNoSecretInOutputOrReports();
    }

    @Test
    void should_read_the_token_url_from_its_variable() throws Exception {
        int code = run(Map.of("AGENT_EVAL_AGENT_TOKEN_URL", server.url("/token").toString()));

        assertThat(code).as(last.err()).isZero();
        assertThat(requests()).extracting(RecordedRequest::getTarget).contains("/token");
        assertNoSecretInOutputOrReports();
    }

    @Test
    void should_name_the_missing_client_secret_before_sending_anything() {
        int code = run(Map.of("AGENT_EVAL_AGENT_CLIENT_SECRET", ""), "--agent-token-url", server.url("/token").toString());

        assertThat(code).isEqualTo(2);
        assertThat(last.err()).contains("AGENT_EVAL_AGENT_CLIENT_SECRET");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void should_refuse_a_token_url_beside_a_target_that_would_ignore_it() throws Exception {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), "targets:\n  eu:\n    protocol: a2a\n    url: "
                + server.url("/rpc") + "\n");

        last = CommandRunner.in(dir).run("run", "greetings.yaml", "--env", "eu", "--agent-token-url",
                server.url("/token").toString());
        int code = last.exitCode();

        assertThat(code).isEqualTo(2);
        assertThat(last.err()).contains("--agent-token-url goes with the agent's URL, but --env"
                + " chose the target 'eu'");
        assertThat(server.getRequestCount()).isZero();
    }
}
