package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AgentProvidersTest {

    private static final Map<String, Map<String, String>> MINIMAL = Map.of(
            "a2a", Map.of(),
            "agent-service", Map.of(),
            "platform-chat", Map.of("project", "p"),
            "openai-chat", Map.of("model", "m"),
            "http", Map.of("answerPath", "$.answer"));

    @Test
    void should_find_every_protocol_through_the_service_loader_by_its_id() {
        Providers providers = Providers.discover(AgentClients.class.getClassLoader());

        assertThat(providers.agentClientIds()).containsExactlyInAnyOrder("a2a", "agent-service", "platform-chat",
                "openai-chat", "http");
        assertThat(providers.agentClient("a2a").description()).contains("A2A");
    }

    @Test
    void should_fail_on_an_unknown_protocol_listing_the_known_ones() {
        assertThatThrownBy(() -> AgentClients.create("grpc", URI.create("http://127.0.0.1:1"), Map.of(), name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("unknown agent client 'grpc'; known: a2a, agent-service, http, openai-chat, platform-chat");
    }

    @Test
    void should_provide_in_module_info_what_the_services_file_lists_and_export_only_the_public_package() throws Exception {
        Path classes = Path.of(AgentClients.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleDescriptor module = ModuleFinder.of(classes).findAll().iterator().next().descriptor();
        List<String> provided = module.provides().stream()
                .filter(p -> p.service().equals(AgentClientProvider.class.getName()))
                .flatMap(p -> p.providers().stream()).toList();
        List<String> listed = Files.readAllLines(classes.resolve("META-INF/services/" + AgentClientProvider.class.getName()))
                .stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();

        assertThat(module.name()).isEqualTo("dev.agenteval.agents");
        assertThat(provided).hasSize(5).containsExactlyInAnyOrderElementsOf(listed);
        assertThat(module.exports()).extracting(ModuleDescriptor.Exports::source).containsExactly("dev.agenteval.agents");
    }

    @Test
    void should_declare_the_default_variables_once_with_their_secrecy() {
        Map<String, Boolean> secret = new HashMap<>();
        for (EnvironmentVariable v : AgentClients.environmentVariables()) {
            assertThat(secret.put(v.name(), v.secret())).as(v.name() + " declared once").isNull();
        }

        assertThat(secret).containsExactlyInAnyOrderEntriesOf(Map.of(
                "AGENT_EVAL_AGENT_TOKEN", true,
                "AGENT_EVAL_AGENT_CLIENT_ID", false,
                "AGENT_EVAL_AGENT_CLIENT_SECRET", true,
                "OPENAI_API_KEY", true));
    }

    @Test
    void should_read_only_declared_variables_whatever_the_auth_mode() {
        for (AgentClientProvider provider : AgentClients.providers()) {
            Set<String> declared = names(provider.environmentVariables());
            for (String auth : new String[] {null, "none", "bearer", "oauth2"}) {
                Map<String, String> settings = new HashMap<>(MINIMAL.get(provider.id()));
                settings.put("url", "http://127.0.0.1:9");
                if (auth != null) {
                    settings.put("auth", auth);
                    settings.put("tokenUrl", "http://127.0.0.1:9/token");
                }
                Set<String> read = new TreeSet<>();
                Function<String, String> recording = name -> {
                    read.add(name);
                    return null;
                };
                try {
                    provider.create(ProviderConfig.of(settings, recording));
                } catch (ConfigurationException expectedWhenAVariableIsMissing) {
                    assertThat(expectedWhenAVariableIsMissing.getMessage()).contains("is not set");
                }
                assertThat(declared).as(provider.id() + " auth " + auth).containsAll(read);
                if ("bearer".equals(auth) || "oauth2".equals(auth)) {
                    assertThat(read).as(provider.id() + " auth " + auth).isNotEmpty();
                }
            }
        }
    }

    @Test
    void should_read_only_the_variables_a_target_declares() {
        Target target = new Target("eu", "agent-service", URI.create("http://127.0.0.1:9"),
                Target.Auth.oauth2("http://127.0.0.1:9/token", "ID_EU", "SECRET_EU", null),
                Map.of("X-Key", "env:KEY_EU"), Map.of());
        Set<String> read = new TreeSet<>();

        assertThatThrownBy(() -> AgentClients.create(target, name -> {
            read.add(name);
            return null;
        })).isInstanceOf(ConfigurationException.class);

        assertThat(read).containsExactlyInAnyOrder("ID_EU", "SECRET_EU", "KEY_EU");
        assertThat(names(target.environmentVariables())).isEqualTo(read);
    }

    private static Set<String> names(List<EnvironmentVariable> vars) {
        Set<String> names = new TreeSet<>();
        vars.forEach(v -> names.add(v.name()));
        return names;
    }
}
