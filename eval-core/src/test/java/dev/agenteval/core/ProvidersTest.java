package dev.agenteval.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.testing.ShoutingScorerFactory;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import org.junit.jupiter.api.Test;

class ProvidersTest {

    static final class OtherShouting implements ScorerFactory {
        @Override
        public String id() {
            return "shouting";
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            return null;
        }
    }

    record FakeAgentProvider(String id) implements AgentClientProvider {
        @Override
        public AgentClient create(ProviderConfig config) {
            return InProcessAgent.replying(t -> t);
        }
    }

    @Test
    void should_discover_built_in_scorers_and_a_test_only_plugin_through_service_loader() {
        Providers providers = Providers.discover(getClass().getClassLoader());

        assertThat(providers.scorerIds()).contains("must_include", "jsonpath", "must_include_json", "tools_in_order", "shouting");
        assertThat(providers.scorer("shouting")).isInstanceOf(ShoutingScorerFactory.class);
    }

    @Test
    void should_fail_on_a_duplicate_id_naming_both_classes() {
        Providers providers = Providers.empty().withScorer(new ShoutingScorerFactory());

        assertThatThrownBy(() -> providers.withScorer(new OtherShouting()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("duplicate scorer id 'shouting': " + ShoutingScorerFactory.class.getName()
                        + " and " + OtherShouting.class.getName());
    }

    @Test
    void should_fail_on_an_unknown_id_listing_the_known_ones() {
        Providers providers = Providers.empty()
                .withAgentClient(new FakeAgentProvider("a2a"))
                .withAgentClient(new FakeAgentProvider("openai-chat"));

        assertThatThrownBy(() -> providers.agentClient("a2b"))
                .hasMessage("unknown agent client 'a2b'; known: a2a, openai-chat — did you mean 'a2a'?");
        assertThatThrownBy(() -> providers.agentClient("zzzzzz"))
                .as("no suggestion when nothing is close").hasMessage("unknown agent client 'zzzzzz'; known: a2a, openai-chat");
        assertThatThrownBy(() -> providers.judge("x")).hasMessage("unknown judge 'x'; known: (none)");
    }

    @Test
    void should_require_kebab_case_provider_ids() {
        assertThatThrownBy(() -> Providers.empty().withAgentClient(new FakeAgentProvider("OpenAI_Chat")))
                .hasMessageContaining("has an invalid id 'OpenAI_Chat'");
        assertThatThrownBy(() -> Providers.empty().withAgentClient(new FakeAgentProvider(null)))
                .hasMessageContaining("has an invalid id 'null'");
    }

    @Test
    void should_be_immutable() {
        Providers empty = Providers.empty();
        Providers one = empty.withScorer(new ShoutingScorerFactory());

        assertThat(empty.scorerIds()).isEmpty();
        assertThat(one.findScorer("shouting")).isPresent();
    }

    @Test
    void should_export_only_the_public_packages() throws java.io.IOException {
        assertThat(exports(EvalRunner.class)).containsExactlyInAnyOrder("dev.agenteval.core", "dev.agenteval.core.internal");
        // The internals only to eval-judge, whose Calibration masks secrets in what the judge is sent as a run does.
        assertThat(descriptor(EvalRunner.class).exports().stream().filter(java.lang.module.ModuleDescriptor.Exports::isQualified))
                .singleElement().satisfies(e -> {
                    assertThat(e.source()).isEqualTo("dev.agenteval.core.internal");
                    assertThat(e.targets()).containsExactly("dev.agenteval.judge");
                });
        assertThat(descriptor(EvalRunner.class).exports().stream().filter(e -> !e.isQualified())
                .map(java.lang.module.ModuleDescriptor.Exports::source)).containsExactly("dev.agenteval.core");
        assertThat(descriptor(EvalRunner.class).requires().stream().map(java.lang.module.ModuleDescriptor.Requires::name))
                .as("eval-core speaks no HTTP").doesNotContain("java.net.http", "io.github.resilience4j.retry",
                        "io.github.resilience4j.core");
        java.lang.module.ModuleDescriptor api = descriptor(dev.agenteval.api.Suite.class);
        assertThat(api.exports().stream().filter(e -> !e.isQualified()).map(java.lang.module.ModuleDescriptor.Exports::source))
                .containsExactlyInAnyOrder("dev.agenteval.api", "dev.agenteval.spi");
        // The one JSON string escaper (JsonValues) serves the scorers' harness-dialect rendering; it is no API.
        assertThat(api.exports().stream().filter(java.lang.module.ModuleDescriptor.Exports::isQualified))
                .singleElement().satisfies(e -> {
                    assertThat(e.source()).isEqualTo("dev.agenteval.api.internal");
                    assertThat(e.targets()).containsExactly("dev.agenteval.scorers");
                });
    }

    private static java.util.List<String> exports(Class<?> type) throws java.io.IOException {
        return descriptor(type).exports().stream().map(java.lang.module.ModuleDescriptor.Exports::source).toList();
    }

    private static java.lang.module.ModuleDescriptor descriptor(Class<?> type) {
        try {
            return descriptorOf(type);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static java.lang.module.ModuleDescriptor descriptorOf(Class<?> type) throws java.net.URISyntaxException {
        // Read the compiled module-info of the jar or folder holding `type`, on the class path or module path alike.
        java.net.URL url = type.getProtectionDomain().getCodeSource().getLocation();
        java.nio.file.Path root = java.nio.file.Path.of(java.net.URI.create(url.toString()));
        return java.lang.module.ModuleFinder.of(root).findAll().iterator().next().descriptor();
    }
}
