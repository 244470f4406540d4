package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.yaml.SuiteLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Turns the command line's suite arguments (files or folders) into suites. */
final class SuiteSources {

    private SuiteSources() {
    }

    /**
     * Loads every suite named by {@code paths}: a file, a platform {@code eval/} folder, or a folder
     * of suites (folder runs skip {@code _local.yaml} variants and {@code _} fragments).
     *
     * @throws ConfigurationException with every problem of every file
     */
    static List<Suite> load(List<Path> paths, Path workDir) {
        SuiteLoader loader = SuiteLoader.defaults();
        List<Suite> suites = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path p : paths) {
            Path path = p.isAbsolute() ? p : workDir.resolve(p).normalize();
            try {
                if (Files.isDirectory(path) && !Files.exists(path.resolve("eval.yaml"))
                        && !Files.exists(path.resolve("eval/eval.yaml"))) {
                    List<Suite> found = loader.loadAll(path);
                    if (found.isEmpty()) {
                        problems.add(p + ": no suite files in this folder");
                    }
                    suites.addAll(found);
                } else {
                    suites.add(loader.load(path));
                }
            } catch (ConfigurationException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return suites;
    }
}
