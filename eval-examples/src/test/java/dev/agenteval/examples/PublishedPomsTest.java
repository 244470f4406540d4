package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What a repository such as Maven Central requires of every published pom, read from the reactor's
 * pom.xml files with the parent's inheritance applied: name and description of its own; url,
 * licenses, scm and developers of its own or inherited from agent-eval-parent. Also: agent-eval-bom
 * manages exactly the published modules at the reactor's version, eval-examples, eval-bench and
 * agent-eval-dist are never installed or deployed, the LICENSE is the full Apache-2.0 text, and the README's first code
 * blocks import the BOM at the reactor's version. In eval-examples, like {@link ArchitectureTest},
 * because it is the module that sees the whole reactor.
 */
class PublishedPomsTest {

    private static final Path ROOT = root();
    private static final String GROUP = "dev.agenteval";
    private static final String BOM = "agent-eval-bom";
    /** In the reactor, never published. */
    private static final List<String> UNPUBLISHED = List.of("eval-examples", "eval-bench", "agent-eval-dist");

    @Test
    void every_published_pom_has_the_metadata_a_repository_requires() {
        Element parent = pom(ROOT).getDocumentElement();
        List<String> problems = new ArrayList<>();
        Map<String, Element> published = new LinkedHashMap<>();
        published.put("agent-eval-parent", parent);
        for (String module : publishedModules()) {
            published.put(module, pom(ROOT.resolve(module)).getDocumentElement());
        }
        assertThat(published).containsKeys(BOM, "eval-api", "eval-core", "eval-cli", "eval-junit");

        published.forEach((module, pom) -> {
            boolean inherits = child(pom, "parent").isPresent();
            if (inherits) {
                assertThat(text(child(pom, "parent").orElseThrow(), "artifactId")).as(module + "'s parent").isEqualTo("agent-eval-parent");
                assertThat(text(child(pom, "parent").orElseThrow(), "version")).as(module + "'s parent version").isEqualTo(version());
            }
            for (String own : List.of("name", "description")) {
                if (text(pom, own).isBlank()) {
                    problems.add(module + ": no <" + own + ">");
                }
            }
            for (String path : List.of("url", "licenses/license/name", "licenses/license/url", "scm/connection",
                    "scm/developerConnection", "scm/url", "developers/developer/name")) {
                String value = text(pom, path);
                if (value.isBlank() && inherits) {
                    value = text(parent, path);
                }
                if (value.isBlank()) {
                    problems.add(module + ": no <" + path + "> (neither its own nor agent-eval-parent's)");
                }
            }
        });
        assertThat(problems).as("published poms without required metadata").isEmpty();
        assertThat(text(parent, "licenses/license/name")).isEqualTo("Apache-2.0");
        // Without it Maven appends the module's artifactId to the inherited url and scm urls.
        assertThat(parent.getAttribute("child.project.url.inherit.append.path")).isEqualTo("false");
        assertThat(child(parent, "scm").orElseThrow().getAttribute("child.scm.url.inherit.append.path")).isEqualTo("false");
    }

    @Test
    void the_bom_manages_exactly_the_published_modules_at_the_reactor_version_and_nothing_else() {
        Element bom = pom(ROOT.resolve(BOM)).getDocumentElement();

        // A parent would bring agent-eval-parent's dependencyManagement (Jackson, JUnit, ...) into every import.
        assertThat(child(bom, "parent")).as(BOM + " has no parent").isEmpty();
        assertThat(text(bom, "groupId")).isEqualTo(GROUP);
        assertThat(text(bom, "version")).as(BOM + "'s version").isEqualTo(version());
        assertThat(text(bom, "packaging")).isEqualTo("pom");
        assertThat(child(bom, "dependencies")).as(BOM + " declares no dependencies of its own").isEmpty();

        List<String> managed = new ArrayList<>();
        Element deps = child(child(bom, "dependencyManagement").orElseThrow(), "dependencies").orElseThrow();
        for (Element dep : children(deps, "dependency")) {
            String artifact = text(dep, "artifactId");
            assertThat(text(dep, "groupId")).as(artifact).isEqualTo(GROUP);
            assertThat(text(dep, "version")).as(artifact + "'s version").isIn("${project.version}", version());
            assertThat(text(dep, "scope")).as(artifact + "'s scope").isEmpty();
            managed.add(artifact);
        }
        List<String> expected = new ArrayList<>(publishedModules());
        expected.remove(BOM);
        assertThat(managed).as("the modules " + BOM + " manages").containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void examples_bench_and_dist_are_never_installed_or_deployed() {
        for (String module : UNPUBLISHED) {
            Element properties = child(pom(ROOT.resolve(module)).getDocumentElement(), "properties").orElseThrow();
            assertThat(text(properties, "maven.install.skip")).as(module + " maven.install.skip").isEqualTo("true");
            assertThat(text(properties, "maven.deploy.skip")).as(module + " maven.deploy.skip").isEqualTo("true");
        }
        assertThat(reactorModules()).containsAll(UNPUBLISHED);
    }

    @Test
    void the_license_is_the_full_apache_2_text() throws IOException {
        String license = Files.readString(ROOT.resolve("LICENSE"));

        assertThat(license).contains("Apache License", "Version 2.0, January 2004", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
                "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS");
    }

    @Test
    void the_readme_starts_with_the_dependency_snippet_for_maven_and_gradle() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        Matcher blocks = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```").matcher(readme);
        assertThat(blocks.find()).isTrue();
        assertThat(blocks.group(1)).as("the README's first code block").isEqualTo("xml");
        String maven = blocks.group(2);
        assertThat(blocks.find()).isTrue();
        assertThat(blocks.group(1)).as("the README's second code block").isEqualTo("kotlin");
        String gradle = blocks.group(2);

        String v = Pattern.quote(version());
        assertThat(maven).containsPattern("(?s)<dependencyManagement>.*<artifactId>" + BOM + "</artifactId>\\s*<version>" + v
                + "</version>\\s*<type>pom</type>\\s*<scope>import</scope>");
        assertThat(gradle).contains("implementation(platform(\"" + GROUP + ":" + BOM + ":" + version() + "\"))");

        List<String> mavenArtifacts = matches(maven.substring(maven.indexOf("</dependencyManagement>")), "<artifactId>([\\w-]+)</artifactId>");
        List<String> gradleArtifacts = matches(gradle, "implementation\\(\"" + GROUP + ":([\\w-]+)\"\\)");
        assertThat(mavenArtifacts).as("the artifacts of the Maven snippet").isNotEmpty().hasSizeLessThanOrEqualTo(4)
                .isSubsetOf(publishedModules()).containsExactlyElementsOf(gradleArtifacts);
        assertThat(maven.substring(maven.indexOf("</dependencyManagement>"))).as("versions come from the BOM").doesNotContain("<version>");
    }

    // ---------------------------------------------------------------- the reactor

    private static String version() {
        return text(pom(ROOT).getDocumentElement(), "version");
    }

    private static List<String> reactorModules() {
        List<String> modules = new ArrayList<>();
        for (Element m : children(child(pom(ROOT).getDocumentElement(), "modules").orElseThrow(), "module")) {
            modules.add(m.getTextContent().strip());
        }
        return modules;
    }

    private static List<String> publishedModules() {
        List<String> modules = new ArrayList<>(reactorModules());
        modules.removeAll(UNPUBLISHED);
        return modules;
    }

    private static Document pom(Path folder) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(folder.resolve("pom.xml").toFile());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + folder.resolve("pom.xml"), e);
        }
    }

    private static Optional<Element> child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    /** The trimmed text at a slash-separated path of direct children, or "" when absent. */
    private static String text(Element from, String path) {
        Optional<Element> e = Optional.of(from);
        for (String step : path.split("/")) {
            e = e.flatMap(x -> child(x, step));
        }
        return e.map(x -> x.getTextContent().strip()).orElse("");
    }

    private static List<String> matches(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("eval-api/src/main/java"))) {
                return p;
            }
        }
        throw new IllegalStateException("no reactor root above " + Path.of("").toAbsolutePath());
    }
}
