package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.fast;
import static dev.agenteval.agents.Wire.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class OAuthTest {

    private static final String TASK = """
            {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed",
              "message":{"kind":"message","role":"agent","messageId":"m","parts":[{"kind":"text","text":"ok"}]}}}}
            """;

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private AgentClient client() {
        return AgentClients.create("a2a", URI.create(server.url("/rpc").toString()),
                fast("version", "0.3", "auth", "oauth2", "tokenUrl", server.url("/token").toString(), "scope", "agents"),
                env("AGENT_EVAL_AGENT_CLIENT_ID", "client-1", "AGENT_EVAL_AGENT_CLIENT_SECRET", "s3cret"));
    }

    private static String token(String value, int expiresIn) {
        return "{\"access_token\":\"" + value + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + "}";
    }

    private List<String> requests() throws InterruptedException {
        List<String> out = new ArrayList<>();
        int n = server.getRequestCount();
        for (int i = 0; i < n; i++) {
            RecordedRequest r = server.takeRequest();
            String auth = r.getHeaders().get("Authorization");
            out.add(r.getTarget() + (auth == null ? "" : " " + auth));
        }
        return out;
    }

    @Test
    void should_fetch_the_token_once_for_many_calls_across_sessions() throws Exception {
        server.enqueue(json(token("t-1", 300)));
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(TASK));
        }
        AgentClient client = client();

        client.openSession(SessionRequest.of("a")).send(Message.user("1"));
        AgentSession b = client.openSession(SessionRequest.of("b"));
        b.send(Message.user("2"));
        b.send(Message.user("3"));

        assertThat(requests()).containsExactly("/token", "/rpc Bearer t-1", "/rpc Bearer t-1", "/rpc Bearer t-1");
    }

    @Test
    void should_fetch_a_new_token_when_the_cached_one_is_about_to_expire() throws Exception {
        // 20 s left is inside the 30 s safety margin: the next call fetches a fresh token.
        server.enqueue(json(token("short-lived", 20)));
        server.enqueue(json(TASK));
        server.enqueue(json(token("t-2", 300)));
        server.enqueue(json(TASK));
        server.enqueue(json(TASK));
        AgentSession session = client().openSession(SessionRequest.of("a"));

        session.send(Message.user("1"));
        session.send(Message.user("2"));
        session.send(Message.user("3"));

        assertThat(requests()).containsExactly("/token", "/rpc Bearer short-lived", "/token", "/rpc Bearer t-2",
                "/rpc Bearer t-2");
    }

    @Test
    void should_refresh_the_token_once_after_a_401_and_retry() throws Exception {
        server.enqueue(json(token("revoked", 300)));
        server.enqueue(json(401, "{\"error\":\"invalid_token\"}"));
        server.enqueue(json(token("t-2", 300)));
        server.enqueue(json(TASK));

        String answer = client().openSession(SessionRequest.of("a")).send(Message.user("1")).text();

        assertThat(answer).isEqualTo("ok");
        assertThat(requests()).containsExactly("/token", "/rpc Bearer revoked", "/token", "/rpc Bearer t-2");
    }

    @Test
    void should_send_the_client_credentials_form_to_the_token_url() throws Exception {
        server.enqueue(json(token("t-1", 300)));
        server.enqueue(json(TASK));

        client().openSession(SessionRequest.of("a")).send(Message.user("1"));

        RecordedRequest token = server.takeRequest();
        assertThat(token.getMethod()).isEqualTo("POST");
        assertThat(token.getHeaders().get("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
        assertThat(token.getBody().utf8())
                .isEqualTo("grant_type=client_credentials&client_id=client-1&client_secret=s3cret&scope=agents");
    }

    @Test
    void should_name_every_missing_credential_variable_before_sending_anything() {
        assertThatThrownBy(() -> AgentClients.create("a2a", URI.create(server.url("/rpc").toString()),
                fast("auth", "oauth2", "tokenUrl", server.url("/token").toString(),
                        "clientIdEnv", "AGENT_API_CLIENT_ID_EU", "clientSecretEnv", "AGENT_API_CLIENT_SECRET_EU"),
                env("AGENT_API_CLIENT_ID_EU", "present")))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "a2a: environment variable AGENT_API_CLIENT_SECRET_EU is not set (the OAuth2 client secret of"
                                + " the a2a agent)"));
        assertThatThrownBy(() -> AgentClients.create("a2a", URI.create(server.url("/rpc").toString()),
                fast("auth", "bearer", "tokenEnv", "AGENT_API_TOKEN_LOCAL"), name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("AGENT_API_TOKEN_LOCAL is not set");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void should_keep_secrets_out_of_to_string_and_failures() {
        server.enqueue(json(token("t-1", 300)));
        server.enqueue(json(500, "{\"error\":\"boom\"}"));
        AgentClient client = client();

        assertThat(client.toString()).doesNotContain("s3cret").doesNotContain("client-1");
        assertThatThrownBy(() -> client.openSession(SessionRequest.of("a")).send(Message.user("1")))
                .satisfies(e -> assertThat(e.toString()).doesNotContain("s3cret").doesNotContain("t-1"));
    }
}
