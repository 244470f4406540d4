package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the arrows between agent-eval's modules and packages honest, with the JDK only (no
 * ArchUnit). It lives in eval-examples because its test class path holds every module of the
 * reactor (eval-cli and eval-junit as test dependencies); a module added to the reactor must be
 * added there too, and to {@link #MODULES}, or this test fails.
 *
 * <h2>(a) Module requires point down the layers</h2>
 * The {@code module-info.class} of every {@code dev.agenteval.*} module on the class path is
 * read ({@link ModuleDescriptor#read}) and compared with {@link #MODULES}: each module has a
 * layer and the modules it may require. A {@code dev.agenteval} require must be listed and must
 * point to a strictly lower layer; a third-party require must be listed; JDK modules
 * ({@code java.*}, {@code jdk.*}) and the {@code @API} status annotations ({@code org.apiguardian.api},
 * {@code requires static}) are allowed everywhere except {@code java.net.http}, which only
 * the modules that list it may require (not eval-api, not eval-core). The table is what is
 * allowed, not what is used: a module may require less.
 * <pre>
 * layer 0  eval-api     JDK only
 *          eval-common  jackson (agent-eval's shared internals: every package exported only to agent-eval modules)
 * layer 1  eval-core    api, common; jackson, slf4j
 *          eval-scorers api, common; jackson, json-path           (the built-in deterministic scorers)
 * layer 2  eval-http    api, common, core; jackson, java.net.http, resilience4j (retry, core), slf4j
 *          eval-testkit api, core; jackson, slf4j (the JDK's HTTP server; finds eval-cli at run time)
 *          eval-results api, common, core; jackson, slf4j  (results.json, journal, merge, baseline, gate, statistics)
 *          eval-yaml    api, common, core; snakeyaml, jackson, slf4j            (never eval-judge)
 * layer 3  eval-report  api, common, core, results; jackson, slf4j              (the renderers only, found by id)
 *          eval-judge   api, common, core, http, yaml (the labels), results (the calibration reports' statistics,
 *                       results reader, atomic writes); jackson, resilience4j (core, ratelimiter, circuitbreaker), slf4j
 *          eval-agents  api, common, core, http, yaml (its reader, for the targets and price files); jackson, json-path, slf4j
 *          eval-opik    api, common, core, http; jackson, java.net.http, slf4j
 *          eval-otel    api, common, core; jackson, slf4j (the JDK's HTTP server: the OTLP receiver);
 *                       the OpenTelemetry API, SDK (trace) and OTLP exporter (the run's trace)
 * layer 4  eval-launch  (when it exists) everything below; jackson, slf4j
 * layer 5  eval-junit   everything below; junit-jupiter-api, slf4j
 *          eval-cli     everything below; picocli, jackson, slf4j (the named module dev.agenteval.cli)
 * </pre>
 * Nothing requires eval-junit or eval-cli: they are the top layer.
 *
 * <p>The framework adapters have no module-info (their frameworks' jars name no module, and a
 * published descriptor must not require names derived from jar file names): {@link #CLASS_PATH_MODULES}
 * gives each its layer and the agent-eval modules it may use, and its main sources may name only
 * the packages those modules export to everyone (never an internal one), besides its own.
 * <pre>
 * layer 4  eval-langchain4j  api, core, agents (FrameworkAgentClient), judge (ChatBackend); langchain4j
 *          eval-spring-ai    api, core, agents (FrameworkAgentClient), judge (ChatBackend); spring-ai-client-chat
 * </pre>
 *
 * <h2>(b) No package cycles inside a module</h2>
 * Each module's {@code src/main/java} is scanned: {@code import dev.agenteval...} (single,
 * wildcard and static) and fully qualified {@code dev.agenteval.x.Type} uses in code (comments
 * and string literals are skipped) give an edge from the file's package to the package of the
 * type, when that package belongs to the same module. The rule, per strongly connected
 * component of that graph:
 * <ul>
 * <li>a public package and its own {@code .internal} subpackage may depend on each other (the
 *     facade calls the implementation, the implementation takes and returns the public types):
 *     a cycle of exactly {@code {p, p.internal}} is allowed;</li>
 * <li>any other cycle fails: of three or more packages, between two internal packages
 *     (e.g. {@code x.internal} and {@code x.internal.y}), or between two public
 *     packages;</li>
 * <li>except the cycles listed in {@link #KNOWN_CYCLES}, each with the reason it stays. A
 *     listed cycle that no longer exists fails too, so the list only shrinks.</li>
 * </ul>
 * Cross-module edges need no check here: JPMS already refuses cyclic requires, and (a) orders them.
 */
class ArchitectureTest {

    /** A module's place: its layer and what it may require (besides JDK modules). */
    private record Allowed(int layer, Set<String> agentEval, Set<String> other) {
    }

    private static final Set<String> JACKSON = Set.of("com.fasterxml.jackson.databind",
            "com.fasterxml.jackson.core", "com.fasterxml.jackson.annotation");
    private static final String API = "dev.agenteval.api";
    private static final String COMMON = "dev.agenteval.common";
    private static final String CORE = "dev.agenteval.core";
    private static final String SCORERS = "dev.agenteval.scorers";
    private static final String HTTP = "dev.agenteval.http";
    private static final String RESULTS = "dev.agenteval.results";
    private static final String REPORT = "dev.agenteval.report";
    private static final String YAML = "dev.agenteval.yaml";
    private static final String JUDGE = "dev.agenteval.judge";
    private static final String AGENTS = "dev.agenteval.agents";
    private static final String OPIK = "dev.agenteval.opik";
    private static final String OTEL = "dev.agenteval.otel";
    private static final String LAUNCH = "dev.agenteval.launch";
    private static final String TESTKIT = "dev.agenteval.testkit";
    private static final String SLF4J = "org.slf4j";
    private static final String JAVA_NET_HTTP = "java.net.http";

    /** The declared arrows: module name to its layer and the modules it may require. */
    static final Map<String, Allowed> MODULES = new LinkedHashMap<>();

    static {
        MODULES.put(API, new Allowed(0, Set.of(), Set.of()));
        MODULES.put(COMMON, new Allowed(0, Set.of(), JACKSON));
        MODULES.put(CORE, new Allowed(1, Set.of(API, COMMON), union(JACKSON, Set.of(SLF4J))));
        MODULES.put(SCORERS, new Allowed(1, Set.of(API, COMMON), union(JACKSON, Set.of("json.path"))));
        MODULES.put(HTTP, new Allowed(2, Set.of(API, COMMON, CORE), union(JACKSON, Set.of(JAVA_NET_HTTP,
                "io.github.resilience4j.retry", "io.github.resilience4j.core", SLF4J))));
        MODULES.put(TESTKIT, new Allowed(2, Set.of(API, CORE), union(JACKSON, Set.of(SLF4J))));
        MODULES.put(RESULTS, new Allowed(2, Set.of(API, COMMON, CORE), union(JACKSON, Set.of(SLF4J))));
        MODULES.put(YAML, new Allowed(2, Set.of(API, COMMON, CORE), union(JACKSON, Set.of("org.yaml.snakeyaml", SLF4J))));
        MODULES.put(REPORT, new Allowed(3, Set.of(API, COMMON, CORE, RESULTS), union(JACKSON, Set.of(SLF4J))));
        MODULES.put(JUDGE, new Allowed(3, Set.of(API, COMMON, CORE, HTTP, YAML, RESULTS), union(JACKSON, Set.of(JAVA_NET_HTTP,
                "io.github.resilience4j.core", "io.github.resilience4j.ratelimiter",
                "io.github.resilience4j.circuitbreaker", SLF4J))));
        MODULES.put(AGENTS, new Allowed(3, Set.of(API, COMMON, CORE, HTTP, YAML), union(JACKSON, Set.of(JAVA_NET_HTTP,
                "json.path", SLF4J))));
        MODULES.put(OPIK, new Allowed(3, Set.of(API, COMMON, CORE, HTTP), union(JACKSON, Set.of(JAVA_NET_HTTP, SLF4J))));
        MODULES.put(OTEL, new Allowed(3, Set.of(API, COMMON, CORE), union(JACKSON, Set.of(SLF4J,
                "io.opentelemetry.api", "io.opentelemetry.context", "io.opentelemetry.sdk.common",
                "io.opentelemetry.sdk.trace", "io.opentelemetry.exporter.otlp"))));
        Set<String> belowLaunch = Set.of(API, COMMON, CORE, SCORERS, HTTP, RESULTS, REPORT, YAML, JUDGE, AGENTS,
                OPIK, OTEL);
        MODULES.put(LAUNCH, new Allowed(4, belowLaunch, union(JACKSON, Set.of(JAVA_NET_HTTP, SLF4J))));
        Set<String> belowTop = union(belowLaunch, Set.of(LAUNCH, TESTKIT));
        MODULES.put("dev.agenteval.junit", new Allowed(5, belowTop, union(JACKSON, Set.of(JAVA_NET_HTTP,
                "org.junit.jupiter.api", "org.junit.platform.commons", SLF4J))));
        MODULES.put("dev.agenteval.cli", new Allowed(5, belowTop, union(JACKSON, Set.of(JAVA_NET_HTTP,
                "info.picocli", SLF4J))));
    }

    /** Reactor modules without a module-info, by folder: their layer and the agent-eval modules they may use. */
    static final Map<String, Allowed> CLASS_PATH_MODULES = Map.of(
            "eval-langchain4j", new Allowed(4, Set.of(API, CORE, AGENTS, JUDGE), Set.of()),
            "eval-spring-ai", new Allowed(4, Set.of(API, CORE, AGENTS, JUDGE), Set.of()));

    /**
     * Cycles that break the rule and stay for now, with the reason. Each entry is the exact set
     * of packages of one strongly connected component.
     */
    static final Map<Set<String>, String> KNOWN_CYCLES = Map.of(
            Set.of("dev.agenteval.api", "dev.agenteval.spi"),
            "eval-api publishes one API in two packages: the model (api.ScorerSpec, Turn, Scorers) holds"
                    + " spi.Scorer lambdas, and the SPI types (spi.Scorer, JudgeRequest, AgentSession) take and"
                    + " return model types. Breaking it means moving public types between exported packages,"
                    + " an API change for another issue.");

    private static final Path ROOT = root();

    // ---------------------------------------------------------------- (a) modules

    @Test
    void the_declared_table_is_layered() {
        List<String> problems = new ArrayList<>();
        MODULES.forEach((name, allowed) -> allowed.agentEval().forEach(target -> {
            Allowed to = MODULES.get(target);
            if (to == null || to.layer() >= allowed.layer()) {
                problems.add(name + " may require " + target + ", which is not in a lower layer");
            }
        }));
        assertThat(problems).isEmpty();
        assertThat(MODULES.get(YAML).agentEval()).doesNotContain(JUDGE);
        assertThat(MODULES.get(API).other()).isEmpty();
        assertThat(MODULES.get(CORE).other()).doesNotContain(JAVA_NET_HTTP)
                .noneMatch(m -> m.startsWith("io.github.resilience4j"));
        assertThat(MODULES.get(CORE).agentEval()).containsOnly(API, COMMON);
        CLASS_PATH_MODULES.forEach((folder, allowed) -> assertThat(allowed.agentEval())
                .as(folder + " may use only modules of lower layers")
                .allSatisfy(target -> assertThat(MODULES.get(target).layer()).isLessThan(allowed.layer())));
    }

    @Test
    void modules_without_a_module_info_name_only_the_exported_packages_of_the_modules_they_may_use() {
        Map<String, ModuleDescriptor> descriptors = descriptorsOnClassPath();
        List<String> problems = new ArrayList<>();
        CLASS_PATH_MODULES.forEach((folder, allowed) -> {
            Path sources = ROOT.resolve(folder).resolve("src/main/java");
            assertThat(reactorModules()).as("reactor modules").contains(folder);
            assertThat(sources.resolve("module-info.java")).as(folder + " has a module-info: list it in MODULES").doesNotExist();
            Set<String> usable = new TreeSet<>(packageGraph(sources).keySet());
            allowed.agentEval().forEach(module -> descriptors.get(module).exports().stream()
                    .filter(e -> !e.isQualified()).forEach(e -> usable.add(e.source())));
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    for (String name : agentEvalNames(strip(read(file)))) {
                        if (packageOfName(name, usable, false) == null) {
                            problems.add(ROOT.relativize(file) + " names " + name + ", which is not in a package "
                                    + folder + " may use (its own, or exported by " + new TreeSet<>(allowed.agentEval())
                                    + ")");
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        assertThat(problems).as("names used by modules without a module-info").isEmpty();
    }

    /** The {@code dev.agenteval} names a source file imports or writes out in full. */
    private static List<String> agentEvalNames(String code) {
        List<String> names = new ArrayList<>();
        Matcher imports = IMPORT.matcher(code);
        while (imports.find()) {
            if (imports.group(1).startsWith("dev.agenteval.")) {
                names.add(imports.group(1));
            }
        }
        Matcher qualified = QUALIFIED.matcher(PACKAGE.matcher(IMPORT.matcher(code).replaceAll("")).replaceAll(""));
        while (qualified.find()) {
            names.add(qualified.group().replaceAll("\\s", ""));
        }
        return names;
    }

    @Test
    void every_module_requires_only_what_the_table_allows() {
        Map<String, ModuleDescriptor> descriptors = descriptorsOnClassPath();
        List<String> problems = new ArrayList<>();

        for (Map.Entry<String, String> m : reactorModuleInfos().entrySet()) {
            if (!descriptors.containsKey(m.getValue())) {
                problems.add(m.getKey() + " declares module " + m.getValue() + " but its module-info.class is not on"
                        + " eval-examples' test class path: add " + m.getKey() + " as a test dependency");
            }
        }
        for (ModuleDescriptor d : descriptors.values()) {
            Allowed allowed = MODULES.get(d.name());
            if (allowed == null) {
                problems.add(d.name() + " is not in ArchitectureTest.MODULES: give it a layer and its allowed requires");
                continue;
            }
            for (ModuleDescriptor.Requires r : d.requires()) {
                String target = r.name();
                if (target.startsWith("dev.agenteval.")) {
                    Allowed to = MODULES.get(target);
                    if (!allowed.agentEval().contains(target)) {
                        problems.add(d.name() + " requires " + target + ", which the table does not allow");
                    } else if (to == null || to.layer() >= allowed.layer()) {
                        problems.add(d.name() + " requires " + target + ", which is not in a lower layer");
                    }
                } else if (target.equals(JAVA_NET_HTTP) || !isJdk(target)) {
                    if (!allowed.other().contains(target)) {
                        problems.add(d.name() + " requires " + target + ", which the table does not allow");
                    }
                }
            }
        }
        System.out.println("[ArchitectureTest] module requires read from descriptors:");
        descriptors.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(d ->
                System.out.println("  " + d.name() + " (layer " + (MODULES.containsKey(d.name())
                        ? MODULES.get(d.name()).layer() : "?") + ") -> " + d.requires().stream()
                        .map(ModuleDescriptor.Requires::name).filter(n -> !n.equals("java.base")).sorted()
                        .collect(Collectors.joining(", "))));

        assertThat(problems).as("module requires that break the layering").isEmpty();
        assertThat(descriptors).containsKeys(API, COMMON, CORE, HTTP, RESULTS, REPORT, YAML, JUDGE, AGENTS, OPIK, OTEL,
                "dev.agenteval.junit");
        // eval-common is not API: every package it exports is exported to agent-eval modules only,
        // and no module hands it on to its users.
        assertThat(descriptors.get(COMMON).exports()).allMatch(ModuleDescriptor.Exports::isQualified)
                .allSatisfy(e -> assertThat(e.targets()).allMatch(t -> t.startsWith("dev.agenteval.")));
        assertThat(descriptors.values()).flatMap(ModuleDescriptor::requires)
                .filteredOn(r -> r.name().equals(COMMON))
                .noneMatch(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
    }

    /**
     * The JDK's modules, allowed everywhere, and the {@code @API} status annotations
     * ({@code org.apiguardian.api}, required {@code static}: annotations only, not needed at run time).
     */
    private static boolean isJdk(String module) {
        return module.startsWith("java.") || module.startsWith("jdk.") || module.equals("org.apiguardian.api");
    }

    /** Every {@code dev.agenteval.*} module descriptor at the root of a class path entry. */
    private static Map<String, ModuleDescriptor> descriptorsOnClassPath() {
        Map<String, ModuleDescriptor> found = new TreeMap<>();
        try {
            Enumeration<URL> urls = ArchitectureTest.class.getClassLoader().getResources("module-info.class");
            for (URL url : Collections.list(urls)) {
                try (InputStream in = url.openStream()) {
                    ModuleDescriptor d = ModuleDescriptor.read(in);
                    if (d.name().startsWith("dev.agenteval.")) {
                        ModuleDescriptor before = found.put(d.name(), d);
                        assertThat(before).as("module " + d.name() + " found twice on the class path").isNull();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** Reactor module folder to the module name its {@code src/main/java/module-info.java} declares. */
    private static Map<String, String> reactorModuleInfos() {
        Pattern name = Pattern.compile("(?m)^\\s*(?:open\\s+)?module\\s+([\\w.]+)\\s*\\{");
        Map<String, String> modules = new TreeMap<>();
        for (String module : reactorModules()) {
            Path info = ROOT.resolve(module).resolve("src/main/java/module-info.java");
            if (Files.isRegularFile(info)) {
                Matcher m = name.matcher(strip(read(info)));
                assertThat(m.find()).as("module name in " + info).isTrue();
                modules.put(module, m.group(1));
            }
        }
        return modules;
    }

    // ---------------------------------------------------------------- (c) budgets

    /** eval-core holds the runner and the provider registry: at most this many main lines (DESIGN.md). */
    static final int CORE_BUDGET = 4_000;

    /** No main class is longer than this (DESIGN.md)... */
    static final int CLASS_BUDGET = 500;

    /**
     * ...but these, each saying why in its javadoc: the YAML reader (one recursive-descent reader
     * with every located message) and the two dialect mappers (one file per dialect, as a grammar
     * reads best in one place).
     */
    static final Set<String> OVER_BUDGET = Set.of("YamlReader.java", "HarnessMapper.java", "PlatformMapper.java");

    @Test
    void the_modules_and_classes_keep_their_budgets() throws IOException {
        assertThat(mainLines(ROOT.resolve("eval-core/src/main/java"))).as("eval-core main lines").isLessThanOrEqualTo(CORE_BUDGET);
        List<String> over = new ArrayList<>();
        for (String module : reactorModules()) {
            Path sources = ROOT.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    long lines = mainLines(f);
                    if (lines > CLASS_BUDGET && !OVER_BUDGET.contains(f.getFileName().toString())) {
                        over.add(ROOT.relativize(f) + ": " + lines + " lines");
                    }
                }
            }
        }
        assertThat(over).as("main classes over " + CLASS_BUDGET + " lines").isEmpty();
        for (String allowed : OVER_BUDGET) {
            try (Stream<Path> files = Files.walk(ROOT.resolve("eval-yaml/src/main/java"))) {
                Path f = files.filter(p -> p.getFileName().toString().equals(allowed)).findFirst().orElseThrow();
                assertThat(read(f)).as(allowed + " says why it is over the budget").contains("over the 500-line budget");
            }
        }
    }

    /** The lines of a file, or of every .java file under a folder. */
    private static long mainLines(Path path) throws IOException {
        if (Files.isRegularFile(path)) {
            try (Stream<String> lines = Files.lines(path)) {
                return lines.count();
            }
        }
        long total = 0;
        try (Stream<Path> files = Files.walk(path)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                total += mainLines(f);
            }
        }
        return total;
    }

    // ---------------------------------------------------------------- (b) packages

    @Test
    void no_package_cycles_inside_a_module_except_facade_and_its_internal() {
        List<String> problems = new ArrayList<>();
        Set<Set<String>> seen = new java.util.HashSet<>();
        System.out.println("[ArchitectureTest] package cycles (strongly connected components) per module:");
        for (String module : reactorModules()) {
            Path sources = ROOT.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            Map<String, Set<String>> graph = packageGraph(sources);
            for (Set<String> cycle : cycles(graph)) {
                seen.add(cycle);
                String verdict;
                if (allowedPair(cycle)) {
                    verdict = "allowed (a package and its .internal)";
                } else if (KNOWN_CYCLES.containsKey(cycle)) {
                    verdict = "known exception: " + KNOWN_CYCLES.get(cycle);
                } else {
                    verdict = "NOT allowed";
                    problems.add(module + ": cycle among " + cycle + " (edges: " + edgesWithin(graph, cycle) + ")");
                }
                System.out.println("  " + module + ": " + cycle + " " + verdict);
            }
        }
        for (Set<String> known : KNOWN_CYCLES.keySet()) {
            if (!seen.contains(known)) {
                problems.add("the known cycle " + known + " no longer exists: remove it from KNOWN_CYCLES");
            }
        }
        assertThat(problems).as("package cycles that break the rule").isEmpty();
    }

    @Test
    void the_scanner_sees_the_edges_it_should() {
        // eval-judge: the facade uses the implementation, the providers build the facade's judges.
        Map<String, Set<String>> judge = packageGraph(ROOT.resolve("eval-judge/src/main/java"));
        assertThat(judge.get("dev.agenteval.judge")).contains("dev.agenteval.judge.internal");
        assertThat(judge.get("dev.agenteval.judge.internal")).contains("dev.agenteval.judge");
        // eval-core: the facade and its implementation; the built-in scorers are a module of their own.
        Map<String, Set<String>> core = packageGraph(ROOT.resolve("eval-core/src/main/java"));
        assertThat(core).containsKeys("dev.agenteval.core", "dev.agenteval.core.internal")
                .doesNotContainKey("dev.agenteval.core.internal.scorers");
        assertThat(packageGraph(ROOT.resolve("eval-scorers/src/main/java"))).containsKeys("dev.agenteval.scorers.internal");
        assertThat(cycles(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"))))
                .containsExactly(Set.of("a", "b", "c"));
        assertThat(allowedPair(Set.of("x.y", "x.y.internal"))).isTrue();
        assertThat(allowedPair(Set.of("x.y.internal", "x.y.internal.scorers"))).isFalse();
        assertThat(allowedPair(Set.of("x.api", "x.spi"))).isFalse();
        assertThat(strip("a /* dev.agenteval.x.Y */ b // dev.agenteval.x.Z\n\"dev.agenteval.x.W\" 'c'"))
                .doesNotContain("dev.agenteval");
    }

    /** True for exactly {@code {p, p.internal}}. */
    private static boolean allowedPair(Set<String> cycle) {
        if (cycle.size() != 2) {
            return false;
        }
        List<String> sorted = new ArrayList<>(new TreeSet<>(cycle));
        return sorted.get(1).equals(sorted.get(0) + ".internal");
    }

    private static String edgesWithin(Map<String, Set<String>> graph, Set<String> packages) {
        List<String> edges = new ArrayList<>();
        for (String from : new TreeSet<>(packages)) {
            for (String to : new TreeSet<>(graph.getOrDefault(from, Set.of()))) {
                if (packages.contains(to)) {
                    edges.add(from + " -> " + to);
                }
            }
        }
        return String.join(", ", edges);
    }

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+(?:static\\s+)?([\\w.]+?)(?:\\.\\*)?\\s*;");
    private static final Pattern QUALIFIED = Pattern.compile("\\bdev\\.agenteval(?:\\s*\\.\\s*\\w+)+");

    /** Package to the packages of the same source root it uses. */
    static Map<String, Set<String>> packageGraph(Path sourceRoot) {
        Map<Path, String> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(sourceRoot)) {
            walk.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("module-info.java"))
                    .sorted().forEach(p -> files.put(p, strip(read(p))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<Path, String> packageOf = new HashMap<>();
        Map<String, Set<String>> graph = new TreeMap<>();
        files.forEach((file, code) -> {
            Matcher m = PACKAGE.matcher(code);
            assertThat(m.find()).as("package declaration in " + file).isTrue();
            packageOf.put(file, m.group(1));
            graph.computeIfAbsent(m.group(1), p -> new TreeSet<>());
        });
        Set<String> packages = graph.keySet();
        files.forEach((file, code) -> {
            String from = packageOf.get(file);
            Set<String> to = graph.get(from);
            Matcher imports = IMPORT.matcher(code);
            while (imports.find()) {
                String pkg = packageOfName(imports.group(1), packages, false);
                if (pkg != null) {
                    to.add(pkg);
                }
            }
            String body = PACKAGE.matcher(IMPORT.matcher(code).replaceAll("")).replaceAll("");
            Matcher qualified = QUALIFIED.matcher(body);
            while (qualified.find()) {
                String pkg = packageOfName(qualified.group().replaceAll("\\s", ""), packages, true);
                if (pkg != null) {
                    to.add(pkg);
                }
            }
            to.remove(from);
        });
        return graph;
    }

    /**
     * The longest known package that {@code name} is or starts with (then followed by a type:
     * a segment starting upper-case); null for none. A bare package name counts only for imports
     * ({@code import p.*;}).
     */
    private static String packageOfName(String name, Set<String> packages, boolean typeRequired) {
        String best = null;
        for (String p : packages) {
            boolean matches = name.equals(p) ? !typeRequired
                    : name.startsWith(p + ".") && Character.isUpperCase(name.charAt(p.length() + 1));
            if (matches && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        return best;
    }

    /** The strongly connected components of more than one node (Tarjan), each sorted. */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> components = new ArrayList<>();
        int[] counter = {0};
        for (String node : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(node)) {
                connect(node, graph, index, low, stack, onStack, components, counter);
            }
        }
        return components;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> components, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]);
        counter[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : new TreeSet<>(graph.getOrDefault(v, Set.of()))) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, components, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                components.add(component);
            }
        }
    }

    /** Java source with comments, string and text-block literals and char literals blanked out. */
    static String strip(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                while (end > 0 && source.charAt(end - 1) == '\\') {
                    end = source.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    // ---------------------------------------------------------------- the reactor

    /** The {@code <module>}s of the root pom. */
    private static List<String> reactorModules() {
        Matcher m = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>").matcher(readPom());
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        assertThat(modules).as("modules of " + ROOT.resolve("pom.xml")).contains("eval-api", "eval-core");
        return modules;
    }

    private static String readPom() {
        // XML comments hide modules that are commented out; strip() only knows Java comments.
        return read(ROOT.resolve("pom.xml")).replaceAll("(?s)<!--.*?-->", "");
    }

    /** The reactor root: the nearest folder up from the working directory with eval-api in it. */
    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("eval-api/src/main/java"))) {
                return p;
            }
        }
        throw new IllegalStateException("no reactor root above " + Path.of("").toAbsolutePath());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new TreeSet<>();
        for (Set<String> s : sets) {
            all.addAll(s);
        }
        return Set.copyOf(all);
    }
}
