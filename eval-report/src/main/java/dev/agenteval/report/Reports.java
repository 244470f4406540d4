package dev.agenteval.report;

import static org.apiguardian.api.API.Status.MAINTAINED;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.SuiteResults;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.Providers;
import dev.agenteval.report.internal.CompositeSink;
import dev.agenteval.report.internal.ConsoleSink;
import dev.agenteval.results.ResultsFile;
import dev.agenteval.report.internal.ReportFolderLock;
import dev.agenteval.report.internal.JsonFormat;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The reports of a run, by format id: each file of a report folder is written by a
 * {@link ReportFormat} found by its id, the built-ins' exactly as a plugin's. Nothing here lists
 * the formats: each is one class registered as a {@link ReportFormat} service, which names its id,
 * owns its file name and documents its file. The built-in ones of this module are {@code json}
 * (agent-eval's results document, {@value ResultsFile#FILE_NAME}, which {@link ResultsFile} reads back;
 * its schema is {@link #resultsSchema()}),
 * {@code md}, {@code junit}, {@code html}, {@code console} and {@code harness} (the Python
 * harness's result file; its schema is {@link #harnessSchema()}); {@code agent-eval run --help}
 * lists every format found, plugins' included.
 *
 * <pre>{@code
 * ResultSink sink = Reports.all(Path.of("results"));   // the DEFAULT_FORMATS: json, md, junit, html
 * sink.write(suiteResult);
 * Reports.sink("md", Path.of("out/transcript.md")).write(suiteResult);
 * String json = Reports.render("json", suiteResult);
 * Reports.console(System.out).write(suiteResult);
 * }</pre>
 *
 * <p>{@link #format(String)} finds the formats through {@link ServiceLoader} on this library's
 * class loader; a run that loads plugins from elsewhere (the command's {@code --plugin-path})
 * finds them through its {@code Providers} ({@code providers.reportFormat("csv")}) and hands them
 * to {@link #folder(Path, List, ReportOptions)}. What a run adds to its reports (the
 * {@link Baseline} to compare with, the {@link Confidence} of the error bars, the {@link Detail})
 * travels in {@link ReportOptions}.
 *
 * <p>The built-in file sinks write atomically: the text goes to a temporary file in the same
 * folder, which then replaces the target in one move, so readers never see a partial report and
 * a failed write leaves the previous report in place. Parent folders are created. Files are UTF-8.
 * The JSON and Markdown sinks render each case as {@link ResultSink#caseFinished} hands it over,
 * on one background thread per file, so that {@code write} at the end of a run only assembles;
 * the file is the same, byte for byte, as when everything is rendered at the end.
 */
@API(status = MAINTAINED)
public final class Reports {

    /** The lock file {@link #lockFolder} keeps in a report folder. */
    public static final String LOCK_FILE = ReportFolderLock.FILE_NAME;


    /** The ids of the formats {@link #all(Path)} writes, in order. */
    public static final List<String> DEFAULT_FORMATS = List.of("json", "md", "junit", "html");

    /**
     * A report folder held by one run, from {@link #lockFolder} until {@link #close()}.
     * Thread-safe; closing twice is harmless.
     */
    public interface FolderLock extends AutoCloseable {
        /** The folder held (absolute). */
        Path folder();

        /** Releases the folder. */
        @Override
        void close();
    }

    /**
     * How much detail the reports of a folder hold, as an option of {@link #folder(Path, List, ReportOptions)}
     * ({@code ReportOptions.none().with(Reports.Detail.class, Reports.Detail.VERBOSE)}): the built-in
     * {@code md} format writes passing cases' full requests only when {@link #VERBOSE}.
     */
    public enum Detail {
        /** The default: what a person reads first. */
        SUMMARY,
        /** Everything, e.g. {@code agent-eval run -v}. */
        VERBOSE
    }

    private Reports() {
    }

    /**
     * Takes {@code folder} for one run before anything is sent, so that a run that cannot write
     * its reports, or that would mix its files with another run's, stops first: creates the
     * folder, checks that files can be created in it, and locks {@value #LOCK_FILE} in it with an
     * operating-system file lock ({@link java.nio.channels.FileChannel#tryLock()}), held until
     * {@link FolderLock#close()} or the end of the process, however it ends. The lock file records
     * {@code owner} with the process id and start time; a second run into the folder is refused
     * with a message naming the folder and that holder. The lock file stays in the folder, empty,
     * after the run.
     *
     * @param owner what runs, e.g. {@code agent-eval run evals/} (no secrets)
     * @throws ConfigurationException naming the folder when it cannot be created, is not writable,
     *                                or another run (in this process or another) holds it
     */
    public static FolderLock lockFolder(Path folder, String owner) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(owner, "owner");
        return ReportFolderLock.acquire(folder, owner);
    }

    /** The formats found on this library's class loader, once: the built-ins and any plugin on the class path. */
    private static final class Found {
        static final Providers FORMATS = discover();

        private static Providers discover() {
            Providers p = Providers.empty();
            for (ReportFormat f : ServiceLoader.load(ReportFormat.class, Reports.class.getClassLoader())) {
                p = p.withReportFormat(f);
            }
            return p;
        }
    }

    /**
     * The report format {@code id}, found by {@link ServiceLoader} on this library's class loader
     * (the built-ins and any plugin on the class path); never null.
     *
     * @throws ConfigurationException when no format has that id, listing the known ones with the
     *                                closest ({@code did you mean 'json'?})
     */
    public static ReportFormat format(String id) {
        return Found.FORMATS.reportFormat(Objects.requireNonNull(id, "id"));
    }

    /** Every report format {@link #format(String)} finds, by id. */
    public static List<ReportFormat> formats() {
        return Found.FORMATS.reportFormatIds().stream().map(Found.FORMATS::reportFormat).toList();
    }

    /** The formats of {@link #DEFAULT_FORMATS}, in that order. */
    public static List<ReportFormat> defaultFormats() {
        return DEFAULT_FORMATS.stream().map(Reports::format).toList();
    }

    /** Like {@link #sink(String, Path, ReportOptions)} without options. */
    public static ResultSink sink(String id, Path file) {
        return sink(id, file, ReportOptions.none());
    }

    /**
     * Writes format {@code id} to {@code file} (any name, rather than the format's own in a
     * report folder), with {@code options}: the {@link Baseline} to compare with, the
     * {@link Confidence} of the error bars, the {@link Detail}.
     *
     * @throws ConfigurationException when no format has that id, as {@link #format(String)}
     */
    public static ResultSink sink(String id, Path file, ReportOptions options) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(options, "options");
        ReportFormat format = format(id);
        return Objects.requireNonNull(format.create(file, options), format.id());
    }

    /** Like {@link #render(String, SuiteResult, ReportOptions)} without options. */
    public static String render(String id, SuiteResult result) {
        return render(id, result, ReportOptions.none());
    }

    /**
     * The text format {@code id} writes for {@code result} (the file of its {@link ReportFormat#fileName()};
     * a format that also writes siblings, as {@code harness} does, renders them and returns only
     * that file). Rendered in a temporary folder, deleted afterwards.
     *
     * @throws ConfigurationException when no format has that id, as {@link #format(String)}
     * @throws UncheckedIOException   when the format fails to write
     */
    public static String render(String id, SuiteResult result, ReportOptions options) {
        Objects.requireNonNull(result, "result");
        ReportFormat format = format(id);
        try {
            Path dir = Files.createTempDirectory("agent-eval-render");
            try {
                Path file = dir.resolve(format.fileName());
                format.create(file, Objects.requireNonNull(options, "options")).write(result);
                return Files.readString(file, StandardCharsets.UTF_8);
            } finally {
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("report format '" + id + "': " + e.getMessage(), e);
        }
    }

    /** Writes the {@link #DEFAULT_FORMATS} into {@code reportDir}, as {@link #folder(Path, List)} does. */
    public static ResultSink all(Path reportDir) {
        return folder(reportDir, defaultFormats());
    }

    /** Like {@link #all(Path)}, handing {@code options} to every format. */
    public static ResultSink all(Path reportDir, ReportOptions options) {
        return folder(reportDir, defaultFormats(), options);
    }

    /** Like {@link #folder(Path, List, ReportOptions)} without options. */
    public static ResultSink folder(Path reportDir, List<? extends ReportFormat> formats) {
        return folder(reportDir, formats, ReportOptions.none());
    }

    /**
     * Writes each of {@code formats} into {@code reportDir} (creating it), each to its
     * {@link ReportFormat#fileName()}, in order, handing {@code options} to every format (the
     * {@link Baseline} to compare with, the {@link Detail}, a plugin's own); each file is written
     * even when another fails, and the first failure is then thrown.
     *
     * @throws IllegalArgumentException when {@code formats} is empty or two of them write the same file
     */
    public static ResultSink folder(Path reportDir, List<? extends ReportFormat> formats, ReportOptions options) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(reportDir, "reportDir");
        Objects.requireNonNull(formats, "formats");
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no report format given");
        }
        Map<String, String> byFile = new HashMap<>();
        List<ResultSink> sinks = new ArrayList<>(formats.size());
        for (ReportFormat format : formats) {
            String name = format.fileName();
            String other = byFile.putIfAbsent(name, format.id());
            if (other != null) {
                throw new IllegalArgumentException("report formats '" + other + "' and '" + format.id()
                        + "' both write " + name);
            }
            sinks.add(Objects.requireNonNull(format.create(reportDir.resolve(name), options), format.id()));
        }
        return new CompositeSink(sinks);
    }

    /**
     * Passes results to each of {@code sinks} in order; every sink is written even when an earlier
     * one fails, and the first failure is then thrown with the others suppressed.
     */
    public static ResultSink composite(List<? extends ResultSink> sinks) {
        return new CompositeSink(Objects.requireNonNull(sinks, "sinks"));
    }

    /** The Markdown file written beside {@code file}: the same name with extension {@code .md}. */
    public static Path markdownSibling(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".md");
    }

    /**
     * Prints a summary to {@code out} when the run ends: a totals line such as
     * {@code Suite pharmacy: 5 cases: 3 passed, 1 failed, 1 errored, 0 skipped; pass rate 60% (95% CI 23-88%, n=5) in 12.3s},
     * then one line per failed or errored case with its reason (each case once), e.g.
     * {@code   FAIL  lookup (0.5s): turn 1 must_include 'ibuprofen': not found in response}.
     * Plain text, no colours.
     */
    public static ResultSink console(PrintStream out) {
        return console(out, false, false, null, Confidence.DEFAULT);
    }

    /** Like {@link #console(PrintStream)}; when {@code verbose}, also prints a line as each case finishes. */
    public static ResultSink console(PrintStream out, boolean verbose) {
        return console(out, verbose, false, null, Confidence.DEFAULT);
    }

    /**
     * Like {@link #console(PrintStream)}: when {@code verbose}, also prints a line as each case
     * finishes; when {@code ansiColours}, status marks are coloured with ANSI escape codes (for
     * terminals only); given a {@code baseline} (null when there is none), before the totals line
     * the comparison with it (the pass-rate change and one line per regressed, fixed, unconfirmed,
     * new and removed case); the interval of the totals line at {@code confidence}'s level
     * (e.g. {@code pass rate 84% (90% CI 79-88%, n=120)}).
     */
    public static ResultSink console(PrintStream out, boolean verbose, boolean ansiColours, Baseline baseline,
                                     Confidence confidence) {
        Objects.requireNonNull(out, "out");
        return new ConsoleSink(out, verbose, ansiColours, baseline, false, confidence);
    }

    /**
     * Prints only the totals line of {@link #console(PrintStream)} to {@code out} when the run ends
     * (what {@code agent-eval run -q} prints), the interval at {@code confidence}'s level.
     */
    public static ResultSink consoleTotals(PrintStream out, Confidence confidence) {
        Objects.requireNonNull(out, "out");
        return new ConsoleSink(out, false, false, null, true, confidence);
    }



    /**
     * The JSON Schema (draft 2020-12) of the harness result file, as shipped in this jar
     * ({@code dev/agenteval/report/harness-results.schema.json}); never null.
     */
    public static String harnessSchema() {
        return Schemas.HARNESS;
    }

    /**
     * The JSON Schema (draft 2020-12) of agent-eval's own {@value ResultsFile#FILE_NAME}, as the {@code json}
     * format writes it, shipped in this jar beside the writer ({@code dev/agenteval/report/results.schema.json});
     * never null.
     */
    public static String resultsSchema() {
        return Schemas.RESULTS;
    }

    private static final class Schemas {
        static final String HARNESS = resource("harness-results.schema.json");
        static final String RESULTS = resource("results.schema.json");

        private static String resource(String name) {
            try (InputStream in = Reports.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException(name + " is missing from the jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
