package dev.agenteval.scorers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.spi.ScorerFactory;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ScorerDiscoveryTest {

    private static final List<String> BUILT_IN_IDS = List.of("must_include", "must_not_include", "contains",
            "not_contains", "regex", "equals", "jsonpath", "must_include_json", "expected_state",
            "max_duration_seconds", "max_tokens", "max_cost", "tools_in_order", "tool_args", "trajectory", "trace_spans");

    @Test
    void should_find_every_built_in_scorer_through_the_service_loader() {
        List<String> ids = new ArrayList<>();
        for (ScorerFactory f : ServiceLoader.load(ScorerFactory.class)) {
            ids.add(f.id());
        }

        assertThat(BUILT_IN_IDS).hasSize(16);
        assertThat(ids).containsAll(BUILT_IN_IDS).doesNotHaveDuplicates();
    }

    @Test
    void should_not_need_a_judge_for_any_built_in_scorer() {
        for (ScorerFactory f : ServiceLoader.load(ScorerFactory.class)) {
            if (BUILT_IN_IDS.contains(f.id())) {
                assertThat(f.needsJudge()).as(f.id()).isFalse();
            }
        }
    }

    @Test
    void should_provide_in_module_info_every_scorer_listed_for_the_class_path_and_export_nothing() throws Exception {
        Path classes = Path.of(MustIncludeScorerFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleDescriptor module = ModuleFinder.of(classes).findAll().iterator().next().descriptor();
        List<String> provided = module.provides().stream().filter(p -> p.service().equals(ScorerFactory.class.getName()))
                .flatMap(p -> p.providers().stream()).toList();
        List<String> listed = Files.readAllLines(classes.resolve("META-INF/services/" + ScorerFactory.class.getName()))
                .stream().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();

        assertThat(module.name()).isEqualTo("dev.agenteval.scorers");
        assertThat(provided).hasSize(BUILT_IN_IDS.size()).containsExactlyInAnyOrderElementsOf(listed);
        assertThat(module.exports()).isEmpty();
    }

    @Test
    void should_reject_unknown_parameters_of_built_in_scorers() {
        ScorerFactory contains = new ContainsScorerFactory();

        assertThat(contains.validate(ScorerSpec.of("contains", Map.of("values", List.of("x"), "ignorecase", true))))
                .containsExactly("unknown parameter 'ignorecase' (known: values, ignoreCase)");
    }
}
