package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Providers;
import dev.agenteval.yaml.internal.AgentFiles;
import dev.agenteval.yaml.internal.Dialect;
import dev.agenteval.yaml.internal.FolderDefaults;
import dev.agenteval.yaml.internal.HarnessMapper;
import dev.agenteval.yaml.internal.LoadContext;
import dev.agenteval.yaml.internal.Node;
import dev.agenteval.yaml.internal.PlatformMapper;
import dev.agenteval.yaml.internal.ScorerCatalog;
import dev.agenteval.yaml.internal.SourceFile;
import dev.agenteval.yaml.internal.YamlReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads suites written in YAML into the same {@link Suite} model the DSL builds. Both dialects
 * are read, told apart by their root keys:
 * <ul>
 *   <li>the platform dialect ({@code cases}, {@code include}, {@code dataModels},
 *       {@code instanceSpaces}, {@code appContext}, {@code tools}), usually
 *       {@code <project>/eval/eval.yaml} with included fragments;</li>
 *   <li>the harness dialect ({@code evals}, {@code globals}, {@code variables}), one suite per
 *       file, under the {@code globals} of every {@code _defaults.yaml} from the project root (the
 *       nearest folder up holding {@code .git}; without one, only the suite's own folder) down to
 *       the suite's folder, nearer files winning per key.</li>
 * </ul>
 *
 * <pre>{@code
 * Suite suite = SuiteLoader.defaults().load(Path.of("my-agent/eval"));
 * List<Suite> all = SuiteLoader.builder().maxFileSize(1 << 20).build().loadAll(Path.of("evals"));
 * }</pre>
 *
 * <p>Every mistake is reported with its file, line and column, field path and case id, all
 * mistakes of a load together in one {@link ConfigurationException} whose
 * {@link ConfigurationException#problems()} lists them file by file in line order, e.g.
 * {@code evals/hello.yaml:12:7: evals[0].expectations.must_includ (case 'hello_world'): unknown key
 * 'must_includ' — did you mean 'must_include'?}. Files name themselves as the caller's path does
 * (a relative path gives relative names).
 *
 * <p>Loading is safe on untrusted files: no YAML tag can create a Java object, duplicate keys are
 * errors, aliases are limited (an alias bomb is refused), files over {@link Builder#maxFileSize}
 * are refused before they are read, and includes may not leave the suite folder unless
 * {@link Builder#allowIncludesOutsideFolder} says so. Instances are immutable and thread-safe.
 */
@API(status = MAINTAINED)
public final class SuiteLoader {

    /** The default limit on the size of one file: 10 MiB. */
    public static final long DEFAULT_MAX_FILE_SIZE = 10L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(SuiteLoader.class);
    private static final String PLATFORM_ROOT = "eval.yaml";

    private final Providers providers;
    private final boolean allowIncludesOutsideFolder;
    private final long maxFileSize;
    private final boolean readAgentFile;

    private SuiteLoader(Builder b) {
        this.providers = b.providers != null ? b.providers : Providers.discover(SuiteLoader.class.getClassLoader());
        this.allowIncludesOutsideFolder = b.allowIncludesOutsideFolder;
        this.maxFileSize = b.maxFileSize;
        this.readAgentFile = b.readAgentFile;
    }

    /** A loader with the scorers {@link Providers#discover(ClassLoader)} finds and default limits. */
    public static SuiteLoader defaults() {
        return builder().build();
    }

    /** Starts a loader configuration. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this loader's settings. */
    public Builder toBuilder() {
        return new Builder().providers(providers).allowIncludesOutsideFolder(allowIncludesOutsideFolder)
                .maxFileSize(maxFileSize).readAgentFile(readAgentFile);
    }

    /**
     * Loads one suite: a YAML file of either dialect, or a platform folder holding
     * {@code eval.yaml} (an {@code eval/} folder, or the agent project folder above it).
     *
     * @throws ConfigurationException listing every problem found, with its location
     */
    public Suite load(Path fileOrFolder) {
        return loadWithDialect(fileOrFolder).suite();
    }

    /** A suite and the dialect its file is written in. */
    public record LoadedSuite(Suite suite, SuiteDialect dialect) {
        /** The dialect is required. */
        public LoadedSuite {
            Objects.requireNonNull(dialect, "dialect");
        }
    }

    /**
     * As {@link #load(Path)}, with the dialect {@link #dialect(Path)} would tell: the file is read
     * once for both.
     *
     * @throws ConfigurationException listing every problem found, with its location
     */
    public LoadedSuite loadWithDialect(Path fileOrFolder) {
        Objects.requireNonNull(fileOrFolder, "fileOrFolder must not be null");
        Path file = fileOrFolder;
        if (Files.isDirectory(fileOrFolder)) {
            file = fileOrFolder.resolve(PLATFORM_ROOT);
            if (!Files.isRegularFile(file)) {
                file = fileOrFolder.resolve("eval").resolve(PLATFORM_ROOT);
            }
            if (!Files.isRegularFile(file)) {
                throw new ConfigurationException(fileOrFolder + ": the folder holds no " + PLATFORM_ROOT + " (nor eval/"
                        + PLATFORM_ROOT + "); to load every suite file in a folder use loadAll");
            }
        } else if (!Files.exists(fileOrFolder)) {
            throw new ConfigurationException(fileOrFolder + ": no such file or folder");
        } else if (fileOrFolder.getFileName() != null
                && fileOrFolder.getFileName().toString().equals(FolderDefaults.FILE_NAME)) {
            throw new ConfigurationException(fileOrFolder + ": is the folder defaults of the harness dialect, not a"
                    + " suite: its globals apply to every suite in its folder and below; load one of those, or the"
                    + " folder");
        }
        LoadContext ctx = context();
        Loaded loaded = loadFile(ctx, ctx.file(file, file.toString()));
        ctx.problems().throwIfAny();
        return new LoadedSuite(loaded.suite, Files.isDirectory(fileOrFolder) ? SuiteDialect.PLATFORM
                : suiteDialect(loaded.dialect));
    }

    /**
     * Loads every suite under a folder, recursively, in path order: each YAML file
     * ({@code *.yaml}, {@code *.yml}) is a suite, except files ending {@code _local.yaml}
     * (local-stack variants), files starting with {@code _} (shared fragments such as
     * {@code _defaults.yaml}),
     * {@code *.agent.yaml} agent definitions and files another suite includes; a folder holding
     * {@code eval.yaml} is one platform suite, whatever else it holds. Empty when there is none.
     *
     * @throws ConfigurationException listing every problem of every file, with its location
     */
    public List<Suite> loadAll(Path folder) {
        Objects.requireNonNull(folder, "folder must not be null");
        if (!Files.isDirectory(folder)) {
            throw new ConfigurationException(folder + ": no such folder");
        }
        List<Path> platformRoots = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.filter(Files::isRegularFile).sorted().forEach(p -> {
                if (p.getFileName().toString().equals(PLATFORM_ROOT)) {
                    platformRoots.add(p);
                } else if (isSuiteFileName(p.getFileName().toString())) {
                    files.add(p);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new ConfigurationException(folder + ": cannot list the folder: " + e.getMessage(), e);
        }
        // A platform folder is one suite: nested eval.yaml files and every other file in it belong to it.
        List<Path> platformFolders = new ArrayList<>();
        for (Path root : platformRoots) {
            Path dir = root.getParent();
            if (platformFolders.stream().noneMatch(dir::startsWith)) {
                platformFolders.add(dir);
            }
        }
        LoadContext ctx = context();
        TreeMap<Path, Suite> suites = new TreeMap<>();
        Set<Path> included = new HashSet<>();
        for (Path dir : platformFolders) {
            Path root = dir.resolve(PLATFORM_ROOT);
            Loaded loaded = loadFile(ctx, ctx.file(root, root.toString()));
            included.addAll(loaded.included);
            if (loaded.suite != null) {
                suites.put(root, loaded.suite);
            }
        }
        for (Path file : files) {
            if (platformFolders.stream().anyMatch(file::startsWith) || included.contains(realPath(file))) {
                continue;
            }
            Loaded loaded = loadFile(ctx, ctx.file(file, file.toString()));
            if (loaded.suite != null) {
                suites.put(file, loaded.suite);
            }
        }
        for (Path file : List.copyOf(suites.keySet())) {
            if (included.contains(realPath(file))) {
                suites.remove(file); // included by a suite loaded after it
            }
        }
        ctx.problems().throwIfAny();
        return List.copyOf(suites.values());
    }

    /**
     * The dialect of a suite, told by the root keys of its file as {@link #load} tells it; a
     * folder (a platform {@code eval/} folder) is {@link SuiteDialect#PLATFORM}. The file is only
     * read, not mapped.
     *
     * @throws ConfigurationException when the file cannot be read or parsed, or its root keys
     *         name no dialect or both
     */
    public SuiteDialect dialect(Path fileOrFolder) {
        Objects.requireNonNull(fileOrFolder, "fileOrFolder must not be null");
        if (Files.isDirectory(fileOrFolder)) {
            return SuiteDialect.PLATFORM;
        }
        LoadContext ctx = context();
        Node root = ctx.read(ctx.file(fileOrFolder, fileOrFolder.toString()));
        Dialect dialect = root == null ? null : Dialect.detect(root);
        ctx.problems().throwIfAny();
        return suiteDialect(dialect);
    }

    /** The public name of a file's dialect (a file that names none reads as the platform's). */
    private static SuiteDialect suiteDialect(Dialect dialect) {
        return dialect == Dialect.HARNESS ? SuiteDialect.HARNESS : SuiteDialect.PLATFORM;
    }

    private static boolean isSuiteFileName(String name) {
        boolean yaml = name.endsWith(".yaml") || name.endsWith(".yml");
        boolean local = name.endsWith("_local.yaml") || name.endsWith("_local.yml");
        boolean agent = name.endsWith(".agent.yaml") || name.endsWith(".agent.yml");
        return yaml && !local && !agent && !name.startsWith("_");
    }

    private LoadContext context() {
        return new LoadContext(new YamlReader(maxFileSize), new ScorerCatalog(providers), allowIncludesOutsideFolder,
                readAgentFile);
    }

    /**
     * The agent definition of the agent project a platform suite belongs to: the single
     * {@code *.agent.yaml} in the folder above its {@code eval/} folder (the suite is
     * {@code <project>/eval/eval.yaml}, its {@code eval/} folder or the project folder), with its
     * {@code externalId}. Empty when the suite is not in an {@code eval/} folder or the project
     * has no such file. Read whatever {@link Builder#readAgentFile} says: a caller asks only when
     * it needs the agent's id.
     *
     * <pre>{@code
     * Optional<String> agent = loader.agentFile(Path.of("my-agent/eval/eval.yaml")).flatMap(AgentFile::externalIdIfSet);
     * }</pre>
     *
     * @throws ConfigurationException when the project has several such files, or the file cannot
     *         be read or its {@code externalId} is not a non-blank string (with its location)
     */
    public Optional<AgentFile> agentFile(Path suite) {
        Objects.requireNonNull(suite, "suite must not be null");
        Path root = suite;
        if (Files.isDirectory(suite)) {
            root = Files.isRegularFile(suite.resolve(PLATFORM_ROOT)) ? suite.resolve(PLATFORM_ROOT)
                    : suite.resolve("eval").resolve(PLATFORM_ROOT);
        }
        Path folder = root.toAbsolutePath().normalize().getParent();
        Path project = folder == null ? null : AgentFiles.project(folder);
        if (project == null) {
            return Optional.empty();
        }
        List<Path> found = AgentFiles.in(project);
        Path given = root.getParent() == null ? null : root.getParent().getParent();
        Path display = given == null ? Path.of(".") : given;
        if (found.size() > 1) {
            throw new ConfigurationException(display + ": several *.agent.yaml files ("
                    + String.join(", ", found.stream().map(p -> p.getFileName().toString()).toList())
                    + "): which one the suite evaluates is not clear");
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Path file = given == null ? found.get(0).getFileName() : given.resolve(found.get(0).getFileName());
        LoadContext ctx = context();
        Node node = ctx.read(ctx.file(found.get(0), file.toString()));
        String externalId = null;
        Map<String, Object> definition = Map.of();
        if (node != null && node.expectMapping()) {
            Node id = node.get("externalId");
            externalId = id == null ? null : id.nonBlankString();
            if (node.json() instanceof Map<?, ?> map) {
                Map<String, Object> fields = new java.util.LinkedHashMap<>();
                map.forEach((k, v) -> fields.put(String.valueOf(k), v));
                definition = fields;
            }
        }
        ctx.problems().throwIfAny();
        return Optional.of(new AgentFile(file, externalId, definition));
    }

    private record Loaded(Suite suite, Set<Path> included, Dialect dialect) {
    }

    /**
     * Loads one file; a bug of the loader that throws is reported as a problem of the file (and
     * logged with its stack trace) rather than escaping as an exception of its own.
     */
    private static Loaded loadFile(LoadContext ctx, SourceFile file) {
        try {
            return loadFileOrThrow(ctx, file);
        } catch (ConfigurationException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            LOG.warn("Internal error loading {}", file.display(), e);
            ctx.problems().addFile(file, "could not be loaded: an internal error of the loader stopped it (please"
                    + " report it with the file; the log has the details)");
            return new Loaded(null, Set.of(), null);
        }
    }

    private static Loaded loadFileOrThrow(LoadContext ctx, SourceFile file) {
        long start = System.nanoTime();
        Node root = ctx.read(file);
        Dialect dialect = root == null ? null : Dialect.detect(root);
        if (dialect == null) {
            return new Loaded(null, Set.of(), null);
        }
        Path absolute = file.path().toAbsolutePath().normalize();
        Suite suite;
        Set<Path> included = Set.of();
        if (dialect == Dialect.PLATFORM) {
            PlatformMapper mapper = new PlatformMapper(ctx, file);
            suite = mapper.map(root, platformName(absolute));
            included = Set.copyOf(mapper.includedFiles());
        } else {
            suite = new HarnessMapper(ctx).map(root, stem(absolute), FolderDefaults.globalsFor(ctx, file));
        }
        if (suite != null) {
            LOG.debug("Loaded suite '{}' ({} dialect, {} cases) from {} in {} ms", suite.name(), dialect,
                    suite.cases().size(), file.display(), (System.nanoTime() - start) / 1_000_000);
        }
        return new Loaded(suite, included, dialect);
    }

    /**
     * The agent project's folder name for {@code <project>/eval/eval.yaml}, the folder's name for
     * another {@code eval.yaml}, else the file name without extension.
     */
    private static String platformName(Path file) {
        Path dir = file.getParent();
        if (file.getFileName().toString().equals(PLATFORM_ROOT) && dir != null && dir.getFileName() != null) {
            Path project = dir.getParent();
            if (dir.getFileName().toString().equals("eval") && project != null && project.getFileName() != null) {
                return project.getFileName().toString();
            }
            return dir.getFileName().toString();
        }
        return stem(file);
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** Configures a {@link SuiteLoader}. */
    public static final class Builder {
        private Providers providers;
        private boolean allowIncludesOutsideFolder;
        private long maxFileSize = DEFAULT_MAX_FILE_SIZE;
        private boolean readAgentFile = true;

        private Builder() {
        }

        /**
         * Whether a platform suite whose levels declare no tools falls back to the tools of its agent
         * project's {@code <name>.agent.yaml} for its tool scorers; default true. False when the run
         * evaluates another deployed agent ({@code --external-id}, {@code --system-agent}): the local
         * file does not describe it, so it is not read, as in the platform's own CLI.
         */
        public Builder readAgentFile(boolean read) {
            this.readAgentFile = read;
            return this;
        }

        /**
         * The scorer registry: a scorer type a platform suite names must be a judge scorer or be
         * registered here, and its factory's {@code validate} checks the parameters. Defaults to
         * {@link Providers#discover(ClassLoader)} with this library's class loader.
         */
        public Builder providers(Providers providers) {
            this.providers = Objects.requireNonNull(providers, "providers must not be null");
            return this;
        }

        /** Whether includes may point outside the suite folder ({@code ..}, absolute, links); default false. */
        public Builder allowIncludesOutsideFolder(boolean allow) {
            this.allowIncludesOutsideFolder = allow;
            return this;
        }

        /** The largest file read, in bytes; larger files are refused unread. Default 10 MiB. */
        public Builder maxFileSize(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("maxFileSize must be >= 1 but was " + bytes);
            }
            this.maxFileSize = bytes;
            return this;
        }

        /** Builds the loader. */
        public SuiteLoader build() {
            return new SuiteLoader(this);
        }
    }
}
