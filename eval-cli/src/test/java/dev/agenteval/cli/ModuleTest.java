package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * eval-cli is the named module {@code dev.agenteval.cli}: its descriptor exports only the package
 * of {@link AgentEvalCli} (whose one public type it is), opens it to picocli alone, and resolves on
 * a module path made of the command's runtime dependencies (target/runtime-classpath.txt, which
 * Maven writes), where the command runs: picocli reads the commands' options, and the built-in
 * scorers and the logging binding are bound as services. The tests themselves run on the class
 * path; JarManifestIT runs the packaged jar with {@code java -p ... -m dev.agenteval.cli}.
 */
class ModuleTest {

    private static final String MODULE = "dev.agenteval.cli";

    private static ModuleDescriptor descriptor() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** The command's module on a module path of eval-cli's classes and its runtime dependencies, services bound. */
    private static Configuration resolved() throws IOException {
        List<Path> modulePath = new ArrayList<>(List.of(Path.of("target/classes")));
        for (String entry : Files.readString(Path.of("target/runtime-classpath.txt")).strip().split(java.io.File.pathSeparator)) {
            modulePath.add(Path.of(entry));
        }
        return ModuleLayer.boot().configuration().resolveAndBind(ModuleFinder.of(modulePath.toArray(Path[]::new)),
                ModuleFinder.of(), Set.of(MODULE));
    }

    @Test
    void should_export_only_the_commands_package_and_open_it_to_picocli_alone() throws IOException {
        ModuleDescriptor d = descriptor();

        assertThat(d.name()).isEqualTo(MODULE);
        assertThat(d.exports()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("dev.agenteval.cli");
            assertThat(e.isQualified()).isFalse();
        });
        assertThat(d.opens()).singleElement().satisfies(o -> {
            assertThat(o.source()).isEqualTo("dev.agenteval.cli");
            assertThat(o.targets()).containsExactly("info.picocli");
        });
        assertThat(d.isOpen()).isFalse();
    }

    @Test
    void should_resolve_on_the_module_path_with_the_scorers_and_the_logging_binding_bound() throws IOException {
        Set<String> modules = new java.util.TreeSet<>();
        resolved().modules().stream().map(ResolvedModule::name).forEach(modules::add);

        assertThat(modules).contains(MODULE, "dev.agenteval.launch", "info.picocli",
                // bound as providers of services their users declare (eval-core's, slf4j's), named nowhere in eval-cli
                "dev.agenteval.scorers", "dev.agenteval.judge", "org.slf4j.simple");
    }

    @Test
    void should_run_from_the_module_path_through_the_testkits_runner(@TempDir Path work) throws Exception {
        Files.copy(TestSuites.FOLDER.resolve("greetings.yaml"), work.resolve("greetings.yaml"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(resolved(), ClassLoader.getPlatformClassLoader());
        assertThat(layer.findModule(MODULE)).isPresent();

        // The testkit's CommandRunner finds AgentEvalCli.execute by reflection; --version reads
        // version.properties inside the module; validate builds a command by reflection (picocli)
        // and finds must_include among the bound scorers.
        assertThat(runIn(layer, work, "--version")).isEqualTo("0: agent-eval " + VersionCliTest.projectVersion());
        assertThat(runIn(layer, work, "validate", "greetings.yaml")).startsWith("0: ").contains("OK greetings: 2 cases");
    }

    /** {@code "<exit code>: <standard output and error>"} of the command run by the testkit's runner of {@code layer}. */
    private static String runIn(ModuleLayer layer, Path work, String... args) throws Exception {
        ClassLoader loader = layer.findLoader("dev.agenteval.testkit");
        Class<?> runnerType = loader.loadClass("dev.agenteval.testkit.CommandRunner");
        assertThat(runnerType.getModule().getName()).isEqualTo("dev.agenteval.testkit");
        Object runner = runnerType.getMethod("in", Path.class).invoke(null, work);
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Object result = runnerType.getMethod("run", String[].class).invoke(runner, (Object) args);
            Class<?> resultType = result.getClass();
            return resultType.getMethod("exitCode").invoke(result) + ": "
                    + (resultType.getMethod("out").invoke(result) + "" + resultType.getMethod("err").invoke(result)).strip();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
