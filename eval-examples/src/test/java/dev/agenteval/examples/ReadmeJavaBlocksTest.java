package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.testkit.demo.DemoAgent;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.AgentClient;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java is code a user can paste: every {@code ```java} block of README.md is a
 * complete compilation unit (its imports included) that compiles against agent-eval's modules,
 * and the tour's suite ({@code SupportEval.suite()}) passes against the demo agent with the
 * offline overlap judge. A problem is reported as {@code README.md:<line>: <compiler message>}.
 * It lives in eval-examples because its test class path holds every module.
 */
class ReadmeJavaBlocksTest {

    private static final Pattern TYPE = Pattern.compile(
            "^(?:public\\s+)?(?:(?:final|abstract|sealed)\\s+)*(?:class|interface|record|enum|@interface)\\s+(\\w+)",
            Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    /** One {@code ```java} block: its text and the README line of its first code line. */
    record Block(int line, String code) {
    }

    @TempDir
    Path dir;

    @Test
    void every_java_block_of_the_readme_compiles_and_the_tour_suite_passes_against_the_demo_agent() throws Exception {
        List<Block> blocks = blocks(Files.readString(root().resolve("README.md")));
        assertThat(blocks).as("```java blocks in README.md").hasSizeGreaterThanOrEqualTo(7);

        ClassLoader loader = compile(blocks);

        Suite suite = (Suite) loader.loadClass("SupportEval").getMethod("suite").invoke(null);
        assertThat(suite.name()).isEqualTo("support");
        try (DemoAgent agent = DemoAgent.start(); AgentClient client = Demo.a2aClient(agent)) {
            SuiteResult result = EvalRunner.builder().agent(client).judge(OverlapJudge.defaults())
                    .environment(name -> name.equals("TENANT") ? "acme" : null).build().run(suite);
            assertThat(result.cases()).extracting(CaseResult::id)
                    .containsExactly("follow-up", "vitals", "booking", "refuses-refunds");
            assertThat(result.cases()).as("the tour's cases against the demo agent, offline judge")
                    .allSatisfy(c -> assertThat(c.status()).as(c.id() + ": " + c.reason()).isEqualTo(CaseStatus.PASSED));
        }
    }

    @Test
    void should_name_the_readme_line_of_a_block_that_does_not_compile() throws Exception {
        String readme = "text\n\n```java\nimport java.util.List;\n\nclass Broken {\n    List<String> x = 1;\n}\n```\n";

        Throwable error = org.assertj.core.api.Assertions.catchThrowable(() -> compile(blocks(readme)));

        assertThat(error).isInstanceOf(AssertionError.class).hasMessageContaining("README.md:7: ")
                .hasMessageContaining("incompatible types");
        assertThat(blocks("```java\nlist.add(1);\n```\n")).singleElement().satisfies(b -> assertThat(b.line()).isEqualTo(2));
        Throwable fragment = org.assertj.core.api.Assertions.catchThrowable(() -> compile(blocks("```java\nlist.add(1);\n```\n")));
        assertThat(fragment).hasMessageContaining("README.md:2: not a compilation unit");
    }

    static List<Block> blocks(String readme) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = readme.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().equals("```java")) {
                int start = i + 1;
                StringBuilder code = new StringBuilder();
                for (i = start; i < lines.length && !lines[i].strip().equals("```"); i++) {
                    code.append(lines[i]).append('\n');
                }
                blocks.add(new Block(start + 1, code.toString()));
            }
        }
        return blocks;
    }

    /** Compiles the blocks together (one may use another's types) and returns a loader of their classes. */
    private ClassLoader compile(List<Block> blocks) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = Files.createDirectories(dir.resolve("classes"));
        Map<Path, Block> files = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (Block b : blocks) {
            Matcher type = TYPE.matcher(b.code());
            if (!type.find()) {
                problems.add("README.md:" + b.line() + ": not a compilation unit: the block declares no class"
                        + " (add its imports and a class around it, so that a user can paste it)");
                continue;
            }
            Matcher pkg = PACKAGE.matcher(b.code());
            Path folder = pkg.find() ? src.resolve(pkg.group(1).replace('.', File.separatorChar)) : src;
            Path file = Files.createDirectories(folder).resolve(type.group(1) + ".java");
            assertThat(files).as("README.md:" + b.line() + ": a second block declares " + type.group(1)).doesNotContainKey(file);
            Files.writeString(file, b.code());
            files.put(file, b);
        }
        assertThat(problems).as("README.md's Java blocks").isEmpty();

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        boolean ok;
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            ok = javac.getTask(output, fm, diagnostics, List.of("-classpath", classPath(), "-d", out.toString(),
                            "-proc:none", "-Xlint:none", "-encoding", "UTF-8"), null,
                    fm.getJavaFileObjectsFromPaths(files.keySet())).call();
        }
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            Block b = d.getSource() == null ? null : files.get(Path.of(d.getSource().toUri()));
            String where = b == null ? "README.md" : "README.md:" + (b.line() + d.getLineNumber() - 1);
            problems.add(where + ": " + d.getMessage(Locale.ROOT));
        }
        assertThat(problems).as("README.md's Java blocks do not compile (" + output + ")").isEmpty();
        assertThat(ok).as("javac: " + output).isTrue();
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader());
    }

    /** Surefire runs tests from a manifest-only jar and names the real class path in this property. */
    private static String classPath() {
        String cp = System.getProperty("surefire.test.class.path");
        return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
    }

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("eval-api/src/main/java"))) {
                return p;
            }
        }
        throw new IllegalStateException("no reactor root above " + Path.of("").toAbsolutePath());
    }
}
