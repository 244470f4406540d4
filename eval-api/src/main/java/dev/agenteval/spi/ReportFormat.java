package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.nio.file.Path;

/**
 * A report format chosen by id, as {@code agent-eval run --format json,md} chooses them: writes
 * one file into a report folder. Found through {@link java.util.ServiceLoader} (register in
 * {@code META-INF/services/dev.agenteval.spi.ReportFormat}, and {@code provides} in
 * {@code module-info.java}) or registered explicitly; ids are kebab-case, a duplicate id fails
 * naming both classes, an unknown id fails listing the known ones.
 *
 * <p>The built-ins (module {@code eval-report}) are {@code json} ({@code results.json}),
 * {@code md} ({@code results.md}), {@code junit} ({@code junit.xml}), {@code html}
 * ({@code report.html}), {@code console} ({@code summary.txt}: the console summary as text) and
 * {@code harness} ({@code harness.json} and {@code harness.md}: the Python harness's result file).
 *
 * <pre>{@code
 * public final class CsvFormat implements ReportFormat {
 *     public String id() { return "csv"; }
 *     public String fileName() { return "results.csv"; }
 *     public ResultSink create(Path file, ReportOptions options) {
 *         return result -> Files.writeString(file, toCsv(result));
 *     }
 * }
 * }</pre>
 */
@API(status = STABLE)
public interface ReportFormat extends Provider {

    /**
     * The name of the file this format writes in a report folder, e.g. {@code results.json}; a
     * plain name, no folder. Two formats written into one folder must have different names.
     */
    String fileName();

    /**
     * A sink writing this format to {@code file} when the run ends ({@link ResultSink#write});
     * nothing is written before. The parent folder may not exist yet.
     *
     * @param options what the run adds to its reports, e.g. the baseline to compare with
     */
    ResultSink create(Path file, ReportOptions options);
}
