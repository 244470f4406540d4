package dev.agenteval.cli;

import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Files;
import java.nio.file.Path;

/** A plugin's report format, registered in the tests' META-INF/services. */
public final class TestFormats {

    private TestFormats() {
    }

    /** {@code tally}: writes {@code tally.txt}, "passed/cases". */
    public static final class Tally implements ReportFormat {
        @Override
        public String id() {
            return "tally";
        }

        @Override
        public String fileName() {
            return "tally.txt";
        }

        @Override
        public ResultSink create(Path file, ReportOptions options) {
            return result -> {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.writeString(file, result.summary().passed() + "/" + result.summary().cases() + "\n");
            };
        }
    }
}
