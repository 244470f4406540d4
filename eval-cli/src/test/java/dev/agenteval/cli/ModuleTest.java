package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolvedModule;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    void should_run_from_the_module_path(@TempDir Path work) throws Exception {
        Files.copy(TestSuites.FOLDER.resolve("greetings.yaml"), work.resolve("greetings.yaml"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(resolved(), ClassLoader.getPlatformClassLoader());
        Class<?> cli = layer.findLoader(MODULE).loadClass(AgentEvalCli.class.getName());
        assertThat(cli.getModule().getName()).isEqualTo(MODULE);

        // --version reads version.properties inside the module; validate builds a command by
        // reflection (picocli) and finds must_include among the bound scorers.
        assertThat(runIn(layer, cli, work, "--version")).isEqualTo("0: agent-eval " + VersionCliTest.projectVersion());
        assertThat(runIn(layer, cli, work, "validate", "greetings.yaml")).startsWith("0: ").contains("OK greetings: 2 cases");
    }

    /** {@code "<exit code>: <standard output and error>"} of the command run in-process from {@code layer}. */
    private static String runIn(ModuleLayer layer, Class<?> cli, Path work, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        Class<?> context = Class.forName(cli.getName() + "$Context", true, cli.getClassLoader());
        Object given = context.getMethod("of", PrintStream.class, PrintStream.class, Map.class, Path.class)
                .invoke(null, print, print, Map.of(), work);
        Method execute = cli.getMethod("execute", String[].class, context);
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(layer.findLoader(MODULE));
        try {
            Object code = execute.invoke(null, args, given);
            return code + ": " + out.toString(StandardCharsets.UTF_8).strip();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
