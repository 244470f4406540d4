package dev.agenteval.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.Secrets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a subclass of the public base gets without writing it: the shared settings read, its own
 * keys known beside them, unknown keys refused with a did-you-mean, every problem raised at once
 * even when the subclass did not check, and the credentials registered with the run's secrets.
 */
class HttpAgentProviderTest {

    /** A plugin that builds its client without checking its settings first. */
    static final class Careless extends HttpAgentProvider {
        HttpClientSettings seen;

        @Override
        public String id() {
            return "careless";
        }

        @Override
        protected Set<String> settingKeys() {
            return Set.of("path");
        }

        @Override
        protected AgentClient create(HttpClientSettings connection, ProviderSettings settings) {
            seen = connection;
            HttpJson http = connection.http();
            return request -> message -> AgentResponse.builder().text(http.baseUri().toString()).build();
        }
    }

    @Test
    void should_read_the_shared_settings_and_register_the_token_as_a_secret() {
        Secrets secrets = Secrets.create();
        Careless provider = new Careless();

        provider.create(ProviderConfig.of(Map.of("url", "http://127.0.0.1:9/agent", "path", "chat",
                "maxAttempts", "5", "requestTimeoutSeconds", "2"), Map.of("AGENT_EVAL_AGENT_TOKEN", "tok-98765")::get)
                .withSecrets(secrets));

        assertThat(provider.seen.baseUrl()).hasToString("http://127.0.0.1:9/agent/");
        assertThat(provider.seen.authType()).isEqualTo("bearer");
        assertThat(provider.seen.retryPolicy().maxAttempts()).isEqualTo(5);
        assertThat(provider.seen.retryPolicy().retryStatuses()).containsExactlyInAnyOrder(429, 502, 503, 504);
        assertThat(provider.seen.requestTimeout()).hasSeconds(2);
        assertThat(secrets.redact("echo tok-98765")).isEqualTo("echo ***");
        assertThat(provider.seen.toString()).doesNotContain("tok-98765");
    }

    @Test
    void should_raise_every_problem_at_once_even_when_the_subclass_did_not_check() {
        Careless provider = new Careless();

        assertThatThrownBy(() -> provider.create(ProviderConfig.of(Map.of("auth", "oauth2", "pathh", "x"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("careless setting 'url': missing")
                .hasMessageContaining("careless setting 'pathh': unknown setting (did you mean 'path'?)")
                .hasMessageContaining("careless setting 'tokenUrl': missing")
                .hasMessageContaining("environment variable AGENT_EVAL_AGENT_CLIENT_SECRET is not set");
    }

    @Test
    void should_give_the_authentication_its_clients_would_send() throws InterruptedException {
        Authentication auth = new Careless().authentication(ProviderConfig.of(Map.of("url", "http://127.0.0.1:9/"),
                Map.of("AGENT_EVAL_AGENT_TOKEN", "tok-1")::get));

        assertThat(auth.headers()).containsEntry("Authorization", "Bearer tok-1");
        assertThat(new Careless().environmentVariables()).extracting(v -> v.name())
                .containsExactly("AGENT_EVAL_AGENT_TOKEN", "AGENT_EVAL_AGENT_CLIENT_ID", "AGENT_EVAL_AGENT_CLIENT_SECRET");
    }
}
