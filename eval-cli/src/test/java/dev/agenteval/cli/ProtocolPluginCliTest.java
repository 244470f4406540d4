package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A protocol plugin of one class extending {@code dev.agenteval.http.HttpAgentProvider}, loaded
 * through {@code --plugin-path}, gets what the built-in protocols get from the base: OAuth2 client
 * credentials against the token endpoint, retries on 503, and its client secret registered with the
 * run's secrets, so that no report holds it even when the agent repeats it.
 */
class ProtocolPluginCliTest {

    private static final String SECRET = "plugin-client-secret-4711";

    /** The whole plugin: the settings, auth, timeouts and retries come from the base. */
    private static final String PLUGIN = """
            import dev.agenteval.api.AgentResponse;
            import dev.agenteval.http.HttpAgentProvider;
            import dev.agenteval.http.HttpClientSettings;
            import dev.agenteval.http.HttpJson;
            import dev.agenteval.http.JsonResponse;
            import dev.agenteval.http.settings.ProviderSettings;
            import dev.agenteval.spi.AgentClient;
            import java.util.Map;
            import java.util.Set;

            public final class ChatProvider extends HttpAgentProvider {
                public String id() { return "plugin-chat"; }

                protected Set<String> settingKeys() { return Set.of("path"); }

                protected AgentClient create(HttpClientSettings connection, ProviderSettings settings) {
                    String path = settings.string("path", "chat");
                    settings.check();
                    HttpJson http = connection.http();
                    return request -> message -> {
                        JsonResponse r = http.post(path, Map.of("text", message.text()), Map.of());
                        return AgentResponse.builder().text(r.body().path("answer").asText()).raw(r.value()).build();
                    };
                }
            }
            """;

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<String> tokenForms = new CopyOnWriteArrayList<>();
    private final List<String> chatAuthorizations = new CopyOnWriteArrayList<>();
    private final AtomicInteger chats = new AtomicInteger();

    @BeforeEach
    void startTheAgentAndItsTokenEndpoint() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/token", exchange -> {
            tokenForms.add(body(exchange));
            reply(exchange, 200, "{\"access_token\": \"tok-123\", \"token_type\": \"Bearer\", \"expires_in\": 300}");
        });
        server.createContext("/agent/chat", exchange -> {
            String text = new ObjectMapper().readTree(body(exchange)).path("text").asText();
            chatAuthorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            if (chats.incrementAndGet() == 1) {
                reply(exchange, 503, "{\"error\": \"busy\"}");
            } else {
                // A careless agent repeats the caller's credentials: the reports must not.
                reply(exchange, 200, new ObjectMapper().writeValueAsString(Map.of("answer", "echo " + text
                        + " (debug: client_secret=" + SECRET + ")")));
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void should_authenticate_with_oauth2_retry_on_503_and_keep_the_secret_out_of_the_reports() throws IOException {
        Path plugins = PluginJars.jar(dir.resolve("build"), "chat-protocol", System.getProperty("java.class.path"),
                Map.of("ChatProvider", PLUGIN), Map.of("ChatProvider", "dev.agenteval.spi.AgentClientProvider"))
                .getParent();
        Files.writeString(dir.resolve("suite.yaml"), """
                cases:
                  - id: greet
                    turns:
                      - input: "hello"
                        scorers:
                          - type: contains
                            values: ["echo hello"]
                """);
        String base = "http://127.0.0.1:" + server.getAddress().getPort();

        CommandResult r = CommandRunner.in(dir).withEnvironment(Map.of("AGENT_EVAL_AGENT_CLIENT_ID", "plugin-client",
                "AGENT_EVAL_AGENT_CLIENT_SECRET", SECRET)).run("run", "suite.yaml", "--plugin-path", plugins.toString(),
                "--protocol", "plugin-chat", "--agent-url", base + "/agent/", "--agent-token-url", base + "/token",
                "--report-dir", "out", "--format", "json,md,junit,html,harness");
        int code = r.exitCode();
        String all = r.out() + r.err();

        assertThat(code).as(all).isEqualTo(AgentEvalCli.OK);
        JsonNode results = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        assertThat(results.at("/cases/0/status").asText()).as(all).isEqualTo("passed");
        assertThat(tokenForms).hasSize(1);
        assertThat(tokenForms.get(0)).contains("grant_type=client_credentials").contains("client_id=plugin-client");
        assertThat(chats.get()).as("the 503 was retried").isEqualTo(2);
        assertThat(chatAuthorizations).containsOnly("Bearer tok-123");
        assertThat(all).doesNotContain(SECRET);
        try (Stream<Path> files = Files.walk(dir.resolve("out"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain(SECRET);
            }
        }
        assertThat(Files.readString(dir.resolve("out/results.json"))).contains("client_secret=***");
    }

    private static String body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
