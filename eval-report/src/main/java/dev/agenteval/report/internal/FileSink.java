package dev.agenteval.report.internal;

import dev.agenteval.results.internal.AtomicFiles;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a rendered report to a file atomically, replacing the previous one. With a
 * {@link CaseRenderer}, each case's part is rendered as the case finishes, on one background
 * thread, so that writing at the end only assembles: the file is the same, byte for byte.
 */
public final class FileSink implements ResultSink {

    private static final Logger LOG = LoggerFactory.getLogger(FileSink.class);

    private final Path file;
    private final String format;
    private final Renderer renderer;
    private final CaseFragments fragments;

    /** Writes a report of a result to a writer. */
    @FunctionalInterface
    public interface Renderer {
        /** Writes the report; may stream. */
        void write(SuiteResult result, java.io.Writer out) throws IOException;
    }

    /**
     * A renderer whose per-case part can be rendered ahead, case by case: the report written with
     * some cases rendered ahead is the same text as without.
     */
    public interface CaseRenderer extends Renderer {
        /** The part of the report that {@code c} alone makes, as UTF-8. */
        byte[] renderCase(CaseResult c) throws IOException;

        /**
         * Writes the report; for each case of {@code result}, {@code rendered} gives its part as
         * {@link #renderCase} rendered it, or null when it must be rendered now.
         */
        void write(SuiteResult result, Function<CaseResult, byte[]> rendered, java.io.Writer out) throws IOException;

        @Override
        default void write(SuiteResult result, java.io.Writer out) throws IOException {
            write(result, c -> null, out);
        }
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
        this.fragments = renderer instanceof CaseRenderer r ? new CaseFragments(format, r::renderCase) : null;
    }

    /** Renders the case's part of the report in the background, when the renderer can. */
    @Override
    public void caseFinished(CaseResult result) {
        if (fragments != null && result != null) {
            fragments.submit(result);
        }
    }

    /**
     * Writes the report, after waiting for the cases still being rendered ahead. A case is taken
     * as rendered ahead only when it is the very object {@link #caseFinished} got (a result
     * replaced since, e.g. a skipped case made at the end, is rendered now); then the sink starts
     * over for the next run.
     */
    @Override
    public void write(SuiteResult result) throws IOException {
        Map<CaseResult, byte[]> rendered = fragments == null ? Map.of() : fragments.drain();
        try {
            if (rendered.isEmpty()) {
                AtomicFiles.write(file, out -> renderer.write(result, out));
            } else {
                CaseRenderer caseRenderer = (CaseRenderer) renderer;
                AtomicFiles.write(file, out -> caseRenderer.write(result, rendered::get, out));
            }
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
