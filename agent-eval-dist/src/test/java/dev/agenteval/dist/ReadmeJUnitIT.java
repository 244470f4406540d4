package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The README's JUnit section as a user meets it: a consumer project made of the section's
 * {@code pom.xml} snippet, its two test classes ({@code HelloEvalTest}, {@code SupportEvalTest}) and
 * the tour's {@code SupportEval}, all taken from README.md verbatim when the test runs, built with
 * the section's offline command line ({@code ./mvnw test -Dagent-eval.agent-url=... -Dagent-eval.judge=overlap})
 * against the distribution's demo agent. The agent's URL reaches the tests only through that command
 * line. The consumer build runs with the Maven that runs this build, {@code target/it-repo} as its
 * local repository (where maven-invoker-plugin's {@code install} put eval-junit, the BOM and their
 * dependencies) and this build's local repository as its only remote one (a read-only {@code file:}
 * mirror: no network, nothing written to ~/.m2).
 */
class ReadmeJUnitIT {

    private static final Pattern JAVA = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern XML = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern SUITE_RESOURCE = Pattern.compile("@AgentEvalSuite\\(\"([^\"]+)\"\\)");

    /** The demo agent passes it: what {@code hello.yaml} holds is not shown in the README. */
    private static final String HELLO = """
            cases:
              - id: hello_world
                turns:
                  - input: "Hi, what can you help me with?"
                    scorers:
                      - type: contains
                        values: [looking up assets]
            """;

    @Test
    void the_readmes_junit_classes_run_against_the_demo_agent_with_the_readmes_command_line() throws Exception {
        String readme = Files.readString(Dist.repository().resolve("README.md"), StandardCharsets.UTF_8);
        String junit = section(readme, "## JUnit 5 (`eval-junit`)");
        String tour = section(readme, "### A suite in the Java DSL");
        String hello = block(JAVA, junit, "class HelloEvalTest");
        Matcher resource = SUITE_RESOURCE.matcher(hello);
        assertThat(resource.find()).as("@AgentEvalSuite(\"...\") in HelloEvalTest").isTrue();

        Path project = Dist.target().resolve("it/readme-junit");
        delete(project);
        // Ends Maven's search for a .mvn folder here, not in the repository around target/.
        Files.createDirectories(project.resolve(".mvn"));
        write(project.resolve("pom.xml"), pom(block(XML, junit, "<artifactId>eval-junit</artifactId>")));
        write(project.resolve("src/test/java/HelloEvalTest.java"), hello);
        write(project.resolve("src/test/java/SupportEvalTest.java"), block(JAVA, junit, "class SupportEvalTest"));
        write(project.resolve("src/test/java/SupportEval.java"), block(JAVA, tour, "class SupportEval"));
        write(project.resolve("src/test/resources").resolve(resource.group(1)), HELLO);

        String log;
        int code;
        try (Dist.DemoAgentProcess agent = new Dist.DemoAgentProcess(Dist.target())) {
            List<String> command = command(junit, agent.url);
            ProcessBuilder builder = Dist.builder(project, command).redirectErrorStream(true)
                    .redirectOutput(project.resolve("build.log").toFile());
            builder.environment().remove("MAVEN_ARGS");
            builder.environment().remove("MAVEN_OPTS");
            builder.environment().put("TENANT", "acme"); // the tour's {{tenant}}
            Process process = builder.start();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("the consumer build did not end within 5 minutes; see "
                        + project.resolve("build.log"));
            }
            code = process.exitValue();
            log = Files.readString(project.resolve("build.log"), StandardCharsets.UTF_8);
        }

        assertThat(code).as("the consumer build's exit code; its log:\n" + log).isZero();
        Path reports = project.resolve("target/surefire-reports");
        assertThat(testNames(reports.resolve("TEST-HelloEvalTest.xml"))).containsExactly("hello_world");
        assertThat(testNames(reports.resolve("TEST-SupportEvalTest.xml")))
                .containsExactly("follow-up", "vitals", "booking", "refuses-refunds");
        // Each suite in its own report folder: neither class overwrites the other's results.json.
        assertThat(project.resolve("target/agent-eval/hello/results.json")).content().contains("hello_world");
        assertThat(project.resolve("target/agent-eval/support/results.json")).content().contains("refuses-refunds");
        // No SLF4J provider in the consumer's tests: agent-eval names the binding to add, once.
        assertThat(log.split("org\\.slf4j:slf4j-simple", -1)).as("the logging hint, once; log:\n" + log).hasSize(2);
    }

    /** The README's offline test command, {@code ./mvnw} as the Maven running this build, the URL the demo agent's. */
    private static List<String> command(String junit, String url) throws IOException {
        String line = junit.lines().filter(l -> l.startsWith("./mvnw test ") && l.contains("-Dagent-eval.judge=overlap"))
                .findFirst().orElseThrow(() -> new AssertionError("no ./mvnw test line with -Dagent-eval.judge=overlap"
                        + " in the README's JUnit section"));
        List<String> words = new ArrayList<>(Arrays.asList(line.replaceAll("#.*", "").trim().split("\\s+")));
        assertThat(words).as(line).anyMatch(w -> w.startsWith("-Dagent-eval.agent-url="));
        boolean windows = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("win");
        List<String> command = new ArrayList<>(List.of(Path.of(property("maven-home"), "bin", windows ? "mvn.cmd" : "mvn")
                .toString(), "-B", "-ntp", "-s", settings().toString(),
                "-Dmaven.repo.local=" + Path.of(property("repo")).toAbsolutePath()));
        for (String w : words.subList(1, words.size())) {
            command.add(w.startsWith("-Dagent-eval.agent-url=") ? "-Dagent-eval.agent-url=" + url : w);
        }
        return command;
    }

    /** The text from {@code heading} to the next heading of the same or a higher level. */
    private static String section(String readme, String heading) {
        int start = readme.indexOf("\n" + heading + "\n");
        assertThat(start).as("README heading " + heading).isNotNegative();
        String level = heading.substring(0, heading.indexOf(' ') + 1);
        Matcher next = Pattern.compile("\n#{1," + (level.length() - 1) + "} ").matcher(readme);
        int end = next.find(start + heading.length() + 1) ? next.start() : readme.length();
        return readme.substring(start, end);
    }

    /** The one fenced block of {@code fence}'s kind in {@code text} that contains {@code marker}. */
    private static String block(Pattern fence, String text, String marker) {
        List<String> found = new ArrayList<>();
        Matcher m = fence.matcher(text);
        while (m.find()) {
            if (m.group(1).contains(marker)) {
                found.add(m.group(1));
            }
        }
        assertThat(found).as("README blocks containing " + marker).hasSize(1);
        return found.get(0);
    }

    /** The README's snippet in a project of its own, compiled for Java 17. */
    private static String pom(String snippet) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>example</groupId>
                  <artifactId>readme-junit</artifactId>
                  <version>1.0</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                %s
                </project>
                """.formatted(snippet);
    }

    /** The names of the test cases of one Surefire XML report, in order. */
    private static List<String> testNames(Path report) throws Exception {
        assertThat(report).exists();
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                .getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            names.add(((Element) cases.item(i)).getAttribute("name"));
        }
        return names;
    }

    /** Settings whose one mirror, of every repository, is this build's local repository. */
    private static Path settings() throws IOException {
        Path file = Dist.target().resolve("it/settings.xml");
        write(file, """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>outer-local-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(Path.of(property("outer-repo")).toAbsolutePath().toUri()));
        return file;
    }

    private static String property(String name) {
        return Dist.property("agent-eval.it." + name);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static void delete(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> old = Files.walk(dir)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
