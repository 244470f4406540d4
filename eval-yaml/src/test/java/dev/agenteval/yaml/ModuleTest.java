package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ModuleTest {

    @Test
    void should_export_the_public_package_and_its_reader_only_to_agent_evals_modules() throws IOException {
        ModuleDescriptor descriptor;
        try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            descriptor = ModuleDescriptor.read(in);
        }

        assertThat(descriptor.name()).isEqualTo("dev.agenteval.yaml");
        assertThat(descriptor.exports()).filteredOn(e -> !e.isQualified()).extracting(ModuleDescriptor.Exports::source)
                .containsExactly("dev.agenteval.yaml");
        // The safe reader serves the other YAML files agent-eval reads (targets, prices); it is no API.
        assertThat(descriptor.exports()).filteredOn(ModuleDescriptor.Exports::isQualified)
                .singleElement().satisfies(e -> {
                    assertThat(e.source()).isEqualTo("dev.agenteval.yaml.internal");
                    assertThat(e.targets()).containsExactlyInAnyOrder("dev.agenteval.agents", "dev.agenteval.cli");
                });
        assertThat(Path.of("target/classes/dev/agenteval/yaml/internal/PlatformMapper.class")).exists();
    }

    @Test
    void should_ship_both_schemas_as_draft_2020_12_json_in_the_jar() throws IOException {
        ObjectMapper json = new ObjectMapper();
        for (String schema : new String[] {SuiteSchemas.platform(), SuiteSchemas.harness()}) {
            JsonNode node = json.readTree(schema);
            assertThat(node.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        }
        assertThat(json.readTree(SuiteSchemas.platform()).path("properties").has("cases")).isTrue();
        assertThat(json.readTree(SuiteSchemas.harness()).path("properties").has("evals")).isTrue();
        assertThat(Files.readString(Path.of("target/classes/dev/agenteval/yaml/platform.schema.json")))
                .isEqualTo(SuiteSchemas.platform());
    }
}
