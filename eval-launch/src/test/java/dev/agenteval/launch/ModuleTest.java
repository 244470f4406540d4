package dev.agenteval.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * eval-launch exports {@code dev.agenteval.launch} to everyone and its {@code internal} package
 * only to agent-eval's command and JUnit integration; a public type that only agent-eval's modules use
 * ({@code @API(status = INTERNAL)}) belongs in the internal package, unless a module that cannot
 * be named in a qualified export's place needs it from the public one ({@link #INTERNAL_IN_PUBLIC}).
 */
class ModuleTest {

    /** Internal types that stay in the exported package, each with the reason. */
    private static final Map<String, String> INTERNAL_IN_PUBLIC = Map.of(
            "Wiring", "eval-junit builds its run with it beside RunPlan; moving it also moves its calls there");

    private static ModuleDescriptor descriptor() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    @Test
    void should_export_the_public_package_and_its_internal_one_only_to_the_command_and_junit() throws IOException {
        ModuleDescriptor d = descriptor();

        assertThat(d.exports()).filteredOn(e -> !e.isQualified()).extracting(ModuleDescriptor.Exports::source)
                .containsExactly("dev.agenteval.launch");
        assertThat(d.exports()).filteredOn(ModuleDescriptor.Exports::isQualified).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("dev.agenteval.launch.internal");
            assertThat(e.targets()).containsExactlyInAnyOrder("dev.agenteval.cli", "dev.agenteval.junit");
        });
    }

    @Test
    void should_keep_internal_types_out_of_the_exported_package() throws Exception {
        List<String> internal = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("target/classes/dev/agenteval/launch"))) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (!name.endsWith(".class") || name.contains("$")) {
                    continue;
                }
                Class<?> type = Class.forName("dev.agenteval.launch." + name.substring(0, name.length() - ".class".length()));
                API api = type.getAnnotation(API.class);
                if (Modifier.isPublic(type.getModifiers()) && api != null && api.status() == API.Status.INTERNAL) {
                    internal.add(type.getSimpleName());
                }
            }
        }

        assertThat(internal).as("public @API(INTERNAL) types of the exported package")
                .containsExactlyInAnyOrderElementsOf(INTERNAL_IN_PUBLIC.keySet());
    }
}
