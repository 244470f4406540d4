package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Plugin jars compiled at test time, as a plugin author builds them: sources of package
 * {@code example} compiled against the entries of this JVM's class path a plugin needs (eval-api,
 * eval-http, Jackson), each class registered in {@code META-INF/services} as its service. The
 * classes are on no class path of the test: only {@code --plugin-path} gives them.
 */
final class PluginJars {

    private PluginJars() {
    }

    /**
     * Writes {@code dir/plugins/<name>.jar}.
     *
     * @param sources  the source of each class (without its package line), by simple class name
     * @param services the service each class implements, by simple class name
     */
    static Path jar(Path dir, String name, String fullClassPath, Map<String, String> sources,
                    Map<String, String> services) throws IOException {
        return jar(dir, name, fullClassPath, "eval-api|eval-http|jackson-(core|databind|annotations)", sources, services);
    }

    /**
     * Like {@link #jar(Path, String, String, Map, Map)}, compiled against only the entries of
     * {@code fullClassPath} whose path matches {@code needs} (e.g. {@code eval-api}: a plugin of the
     * SPI alone), so that the plugin shows what its author compiles against.
     */
    static Path jar(Path dir, String name, String fullClassPath, String needs, Map<String, String> sources,
                    Map<String, String> services) throws IOException {
        String classPath = Stream.of(fullClassPath.split(Pattern.quote(File.pathSeparator)))
                .filter(e -> e.matches(".*(" + needs + ").*"))
                .collect(Collectors.joining(File.pathSeparator));
        Path src = Files.createDirectories(dir.resolve("src/example"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", classPath, "-proc:none",
                "--release", "17"));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path file = src.resolve(s.getKey() + ".java");
            Files.writeString(file, "package example;\n\n" + s.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int code = javac.run(null, errors, errors, args.toArray(String[]::new));
        assertThat(code).as("the plugin compiles:\n" + errors.toString(StandardCharsets.UTF_8)).isZero();

        Files.createDirectories(dir.resolve("plugins"));
        Path jar = dir.resolve("plugins/" + name + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> walk = Files.walk(classes)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
            for (Map.Entry<String, String> s : services.entrySet()) {
                out.putNextEntry(new JarEntry("META-INF/services/" + s.getValue()));
                out.write(("example." + s.getKey() + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }
}
