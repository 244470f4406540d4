package dev.agenteval.report.internal;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a rendered report to a file atomically, replacing the previous one. */
public final class FileSink implements ResultSink {

    private static final Logger LOG = LoggerFactory.getLogger(FileSink.class);

    private final Path file;
    private final String format;
    private final Renderer renderer;

    /** Writes a report of a result to a writer. */
    @FunctionalInterface
    public interface Renderer {
        /** Writes the report; may stream. */
        void write(SuiteResult result, java.io.Writer out) throws IOException;
    }

    /**
     * A sink writing {@code renderer}'s text to {@code file}.
     *
     * @param format a name for messages, e.g. {@code JSON}
     */
    public FileSink(Path file, String format, Renderer renderer) {
        this.file = Objects.requireNonNull(file, "file");
        this.format = Objects.requireNonNull(format, "format");
        this.renderer = Objects.requireNonNull(renderer, "renderer");
    }

    @Override
    public void write(SuiteResult result) throws IOException {
        try {
            AtomicFiles.write(file, out -> renderer.write(result, out));
        } catch (IOException e) {
            throw new IOException("Could not write " + format + " report to '" + file + "': " + e, e);
        }
        LOG.debug("Wrote {} report of suite '{}' to {}", format, result.suite(), file);
    }

    /** What {@code renderer} writes, as a string (for embedding tools and tests). */
    static String render(Renderer renderer, SuiteResult result) {
        java.io.StringWriter out = new java.io.StringWriter();
        try {
            renderer.write(result, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The target file. */
    public Path file() {
        return file;
    }

    @Override
    public String toString() {
        return format + " report to " + file;
    }
}
