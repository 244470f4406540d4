package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.spi.AgentClient;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A built-in client names its target (protocol and URL, no secrets), and so does the library's fingerprint. */
class AgentDescriptionTest {

    private static final URI URL = URI.create("http://user:pass-123@127.0.0.1:1/agents/a1?api_key=key-456#frag");

    private static AgentClient client(String protocol) {
        Map<String, String> settings = switch (protocol) {
            case "openai-chat" -> Map.of("model", "m");
            case "http" -> Map.of("body", "{\"q\": \"{{input}}\"}", "answerPath", "$.a");
            case "platform-chat" -> Map.of("project", "p", "agentExternalId", "a1");
            default -> Map.of();
        };
        return AgentClients.create(protocol, URL, settings, name -> null);
    }

    @ParameterizedTest
    @CsvSource({"a2a", "agent-service", "platform-chat", "openai-chat", "http"})
    void should_describe_a_built_in_client_by_its_protocol_and_url_without_secrets(String protocol) {
        try (AgentClient client = client(protocol)) {
            assertThat(client.description()).isEqualTo(protocol + " http://127.0.0.1:1/agents/a1"
                    + (protocol.equals("platform-chat") ? " externalId=a1" : ""));
        }
    }

    @Test
    void should_name_the_target_in_the_fingerprint_when_the_runner_is_given_no_description() {
        Suite suite = Suite.named("s").add(Case.id("c").turn("hi")).build();
        try (AgentClient client = client("openai-chat")) {
            String agent = EvalRunner.builder().agent(client).build().fingerprint(suite).agent();

            assertThat(agent).startsWith("openai-chat http://127.0.0.1:1/agents/a1").doesNotContain("pass-123")
                    .doesNotContain("key-456").doesNotContain("OpenAiChatClient");
        }
    }

    @Test
    void should_keep_the_class_name_for_a_client_that_says_nothing() {
        AgentClient custom = request -> null;
        assertThat(custom.description()).startsWith(AgentDescriptionTest.class.getName() + "$$Lambda")
                .doesNotContain("/");
    }
}
