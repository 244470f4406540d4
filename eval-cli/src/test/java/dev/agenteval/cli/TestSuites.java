package dev.agenteval.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The test suites of src/test/resources/suites. */
final class TestSuites {

    /** The folder holding them, in the source tree: never a run's working folder (runs write results/ there). */
    static final Path FOLDER = Path.of("src/test/resources/suites").toAbsolutePath();

    private TestSuites() {
    }

    /** Copies every test suite into {@code folder}, to serve as a run's working folder. */
    static void copyInto(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(FOLDER)) {
            for (Path f : files.toList()) {
                Files.copy(f, folder.resolve(f.getFileName()));
            }
        }
    }
}
