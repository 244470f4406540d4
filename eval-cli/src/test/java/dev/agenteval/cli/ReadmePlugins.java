package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The README's "Plugins" section as a plugin jar: its {@code java} blocks (the {@code shouting}
 * scorer, the {@code echo} agent client, the {@code csv} report format) compiled as they are
 * written, with the imports they need, registered in {@code META-INF/services} as the section
 * says; and the agent the {@code echo} client talks to, a {@code POST /chat} answering
 * {@code {"answer": <the text>}}.
 */
final class ReadmePlugins {

    /** The service each class of the section implements, by its name. */
    static final Map<String, String> SERVICES = Map.of(
            "ShoutingScorerFactory", "dev.agenteval.spi.ScorerFactory",
            "EchoProvider", "dev.agenteval.spi.AgentClientProvider",
            "CsvFormat", "dev.agenteval.spi.ReportFormat");

    /** What the blocks use, imported as a plugin author would (a block's own imports may repeat these). */
    private static final String IMPORTS = String.join("\n",
            "import dev.agenteval.api.AgentResponse;", "import dev.agenteval.api.Check;",
            "import dev.agenteval.api.ScoreResult;", "import dev.agenteval.api.ScorerSpec;",
            "import dev.agenteval.http.HttpJson;", "import dev.agenteval.http.JsonResponse;",
            "import dev.agenteval.spi.AgentClient;", "import dev.agenteval.spi.AgentClientProvider;",
            "import dev.agenteval.spi.ProviderConfig;", "import dev.agenteval.spi.ReportFormat;",
            "import dev.agenteval.spi.ReportOptions;", "import dev.agenteval.spi.ResultSink;",
            "import dev.agenteval.spi.Scorer;", "import dev.agenteval.spi.ScorerFactory;",
            "import java.net.URI;", "import java.nio.file.Files;", "import java.nio.file.Path;",
            "import java.util.List;", "import java.util.Map;", "import java.util.stream.Collectors;", "");

    private static final Pattern CLASS = Pattern.compile("public (?:final )?class (\\w+)");

    private ReadmePlugins() {
    }

    /** The {@code java} blocks of the README's "Plugins" section, by the class each declares. */
    static Map<String, String> blocks() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("\n## Plugins\n");
        assertThat(start).as("README has a Plugins section").isPositive();
        int end = readme.indexOf("\n## ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        Map<String, String> blocks = new LinkedHashMap<>();
        Matcher m = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (m.find()) {
            Matcher c = CLASS.matcher(m.group(1));
            assertThat(c.find()).as("a class in\n" + m.group(1)).isTrue();
            blocks.put(c.group(1), m.group(1));
        }
        assertThat(blocks.keySet()).as("the section's plugins").containsExactlyInAnyOrderElementsOf(SERVICES.keySet());
        return blocks;
    }

    /**
     * Writes {@code dir/plugins/readme-plugins.jar}: the section's classes, compiled against the
     * entries of {@code classPath} a plugin needs (eval-api, eval-http, Jackson), in package
     * {@code example}, each registered as its service.
     */
    static Path jar(Path dir, String fullClassPath) throws IOException {
        Map<String, String> sources = new LinkedHashMap<>();
        blocks().forEach((name, block) -> sources.put(name, IMPORTS + block));
        return pluginJar(dir, fullClassPath, "eval-api|eval-http|jackson-(core|databind|annotations)", sources, SERVICES,
                "readme-plugins.jar");
    }

    /**
     * Writes {@code dir/plugins/<jarName>}: {@code sources} (by simple class name, each a
     * compilation unit without its {@code package example;} line) compiled against the entries of
     * {@code fullClassPath} whose path matches {@code needs} (so a plugin gets only what its
     * author compiles against), each class registered as the service {@code services} names.
     * Nothing of the jar is on this JVM's class path: only {@code --plugin-path} finds it.
     */
    static Path pluginJar(Path dir, String fullClassPath, String needs, Map<String, String> sources,
                          Map<String, String> services, String jarName) throws IOException {
        String classPath = Stream.of(fullClassPath.split(Pattern.quote(java.io.File.pathSeparator)))
                .filter(e -> e.matches(".*(" + needs + ").*"))
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        Path src = Files.createDirectories(dir.resolve("src/example"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", classPath, "-proc:none",
                "--release", "17"));
        for (Map.Entry<String, String> b : sources.entrySet()) {
            Path file = src.resolve(b.getKey() + ".java");
            Files.writeString(file, "package example;\n\n" + b.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int code = javac.run(null, errors, errors, args.toArray(String[]::new));
        assertThat(code).as("the plugin sources compile:\n" + errors.toString(StandardCharsets.UTF_8)).isZero();

        Files.createDirectories(dir.resolve("plugins"));
        Path jar = dir.resolve("plugins").resolve(jarName);
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

    /** A suite of two cases for the {@code shouting} scorer: one shouted, one not. */
    static Path suite(Path dir) throws IOException {
        return Files.writeString(dir.resolve("shouting.yaml"), """
                cases:
                  - id: loud
                    turns:
                      - input: "HELLO THERE"
                        scorers:
                          - type: shouting
                  - id: quiet
                    turns:
                      - input: "hello there"
                        scorers:
                          - type: shouting
                """);
    }

    /** The agent of the {@code echo} client: {@code POST /chat {"text": T}} answers {@code {"answer": T}}. */
    static final class EchoAgent implements AutoCloseable {
        private static final ObjectMapper JSON = new ObjectMapper();
        private final HttpServer server;

        EchoAgent() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/chat", exchange -> {
                try (InputStream in = exchange.getRequestBody(); OutputStream out = exchange.getResponseBody()) {
                    String text = JSON.readTree(in).path("text").asText();
                    byte[] body = JSON.writeValueAsBytes(Map.of("answer", text));
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, body.length);
                    out.write(body);
                }
            });
            server.start();
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
