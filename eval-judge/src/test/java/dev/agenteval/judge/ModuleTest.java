package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.core.Providers;
import dev.agenteval.spi.JudgeProvider;
import dev.agenteval.spi.ScorerFactory;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModuleTest {

    private static final Path CLASSES = classes();

    private static Path classes() {
        try {
            return Path.of(OpenAiJudge.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ModuleDescriptor descriptor() {
        return ModuleFinder.of(CLASSES).findAll().iterator().next().descriptor();
    }

    private static List<String> provided(Class<?> service) {
        return descriptor().provides().stream().filter(p -> p.service().equals(service.getName()))
                .flatMap(p -> p.providers().stream()).toList();
    }

    private static List<String> listed(Class<?> service) throws Exception {
        return Files.readAllLines(CLASSES.resolve("META-INF/services/" + service.getName())).stream()
                .map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    @Test
    void should_export_only_the_public_packages() {
        assertThat(descriptor().name()).isEqualTo("dev.agenteval.judge");
        assertThat(descriptor().exports()).allMatch(e -> !e.isQualified()).extracting(ModuleDescriptor.Exports::source)
                .containsExactlyInAnyOrder("dev.agenteval.judge", "dev.agenteval.judge.calibration");
    }

    @Test
    void should_provide_in_module_info_what_the_services_files_list() throws Exception {
        assertThat(provided(ScorerFactory.class)).hasSize(9).containsExactlyInAnyOrderElementsOf(listed(ScorerFactory.class));
        assertThat(provided(JudgeProvider.class)).hasSize(2).containsExactlyInAnyOrderElementsOf(listed(JudgeProvider.class));
        assertThat(provided(dev.agenteval.spi.UserSimulatorProvider.class)).hasSize(1)
                .containsExactlyInAnyOrderElementsOf(listed(dev.agenteval.spi.UserSimulatorProvider.class));
    }

    @Test
    void should_be_discovered_with_the_core_scorers() {
        Providers providers = Providers.discover(getClass().getClassLoader());

        assertThat(providers.scorerIds()).contains("correctness", "faithfulness", "toolSelection", "toolInvocation",
                "expected_output_text", "rubric", "must_include");
        assertThat(providers.judgeIds()).containsExactly("openai", "overlap");
        assertThat(providers.userSimulatorIds()).containsExactly("openai");
        assertThat(providers.scorerIds()).contains("goal_completion", "knowledge_retention", "role_adherence");
        assertThat(providers.scorer("rubric").needsJudge()).isTrue();
    }
}
