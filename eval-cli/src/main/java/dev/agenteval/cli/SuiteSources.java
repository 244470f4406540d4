package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.yaml.AgentFile;
import dev.agenteval.yaml.SuiteDialect;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** Turns the command line's suite arguments (files or folders) into suites. */
final class SuiteSources {

    private static final String PLATFORM_ROOT = "eval.yaml";

    private SuiteSources() {
    }

    /**
     * A loaded suite, the file(s) it may come from (its root file, or, for a suite found in a
     * folder of suites, every file there that gives a suite of its name, usually one) and the
     * dialect it is written in.
     */
    record Source(Suite suite, List<Path> files, SuiteDialect dialect) {

        /** The place of the suite as a whole: its file, when there is one. */
        Optional<String> file() {
            return files.size() == 1 ? Optional.of(files.get(0).toString()) : Optional.empty();
        }

        /**
         * The definition in the {@code <name>.agent.yaml} of a platform-dialect suite's agent project
         * (beside its {@code eval/} folder), part of the run's fingerprint; empty when there is none or
         * the settings name a deployed agent ({@code --external-id}, {@code --system-agent}: the local
         * file is not read then).
         *
         * @throws ConfigurationException when the file is invalid (with its location)
         */
        Map<String, Object> agentDefinition(Settings settings, Providers providers) {
            if (dialect != SuiteDialect.PLATFORM || files.size() != 1 || !Wiring.readsAgentFile(settings)) {
                return Map.of();
            }
            return SuiteLoader.builder().providers(providers).build().agentFile(files.get(0)).map(AgentFile::definition)
                    .orElse(Map.of());
        }
    }

    /** The suites that loaded, and every problem of those that did not. */
    record Loaded(List<Source> sources, List<String> problems) {
        List<Suite> suites() {
            return sources.stream().map(Source::suite).toList();
        }
    }

    /**
     * Loads every suite named by {@code paths}: a file, a platform {@code eval/} folder, or a folder
     * of suites (folder runs skip {@code _local.yaml} variants and {@code _} fragments); the scorer
     * types are those of {@code providers}.
     *
     * @throws ConfigurationException with every problem of every file
     */
    static List<Suite> load(List<Path> paths, Path workDir, Providers providers) {
        Loaded loaded = read(paths, workDir, SuiteLoader.builder().providers(providers).build());
        if (!loaded.problems().isEmpty()) {
            throw new ConfigurationException(loaded.problems());
        }
        return loaded.suites();
    }

    /**
     * Like {@link #load}, but keeps the suites that loaded next to the problems of the others;
     * the scorer types are those of {@code providers}.
     */
    static Loaded read(List<Path> paths, Path workDir, Providers providers) {
        return read(paths, workDir, providers, true);
    }

    /**
     * Like {@link #read(List, Path, Providers)}; {@code readAgentFile} false leaves the agent
     * project's {@code <name>.agent.yaml} unread (no tool fallback for tool scorers), as with
     * {@code --external-id} and {@code --system-agent}.
     */
    static Loaded read(List<Path> paths, Path workDir, Providers providers, boolean readAgentFile) {
        return read(paths, workDir, SuiteLoader.builder().providers(providers).readAgentFile(readAgentFile).build());
    }

    private static Loaded read(List<Path> paths, Path workDir, SuiteLoader loader) {
        List<Source> sources = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path p : paths) {
            Path path = p.isAbsolute() ? p : workDir.resolve(p).normalize();
            try {
                if (Files.isDirectory(path) && !Files.exists(path.resolve(PLATFORM_ROOT))
                        && !Files.exists(path.resolve("eval").resolve(PLATFORM_ROOT))) {
                    List<Suite> found = loader.loadAll(path);
                    if (found.isEmpty()) {
                        problems.add(p + ": no suite files in this folder");
                    }
                    for (Suite s : found) {
                        List<Path> files = filesNamed(path, s.name());
                        sources.add(new Source(s, files, files.isEmpty() ? SuiteDialect.PLATFORM
                                : loader.dialect(files.get(0))));
                    }
                } else {
                    SuiteLoader.LoadedSuite s = loader.loadWithDialect(path);
                    sources.add(new Source(s.suite(), List.of(rootFile(path)), s.dialect()));
                }
            } catch (ConfigurationException e) {
                problems.addAll(e.problems());
            }
        }
        return new Loaded(List.copyOf(sources), List.copyOf(problems));
    }

    /** The root file of a suite loaded from {@code path}: the file, or the folder's {@code eval.yaml}. */
    private static Path rootFile(Path path) {
        if (!Files.isDirectory(path)) {
            return path;
        }
        Path direct = path.resolve(PLATFORM_ROOT);
        return Files.isRegularFile(direct) ? direct : path.resolve("eval").resolve(PLATFORM_ROOT);
    }

    /** The YAML files under {@code folder} that give a suite named {@code name}, as the loader names suites. */
    private static List<Path> filesNamed(Path folder, String name) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).sorted()
                    .filter(f -> f.getFileName().toString().matches(".*\\.ya?ml"))
                    .filter(f -> name.equals(suiteName(f))).toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }

    /** The name the loader gives the suite of a file (see {@code SuiteLoader}). */
    private static String suiteName(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (absolute.getFileName().toString().equals(PLATFORM_ROOT) && dir != null && dir.getFileName() != null) {
            Path project = dir.getParent();
            if (dir.getFileName().toString().equals("eval") && project != null && project.getFileName() != null) {
                return project.getFileName().toString();
            }
            return dir.getFileName().toString();
        }
        String n = absolute.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }
}
