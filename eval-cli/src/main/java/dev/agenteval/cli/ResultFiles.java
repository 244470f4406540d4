package dev.agenteval.cli;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.launch.Wiring;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.yaml.SuiteDialect;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The results file of a run, beside any report folder: {@code --output FILE}, or, when neither
 * {@code --output} nor a report folder is given, {@code results/<suite>-<UTC start>.json} in the
 * working folder, as the harness writes it. Each comes with a Markdown sibling (same name,
 * {@code .md}). A harness suite's file is in the harness's format, any other suite's is
 * agent-eval's JSON report, unless {@code --output-format} says otherwise.
 */
final class ResultFiles {

    /** The folder of the default results file, in the working folder. */
    static final String DEFAULT_FOLDER = "results";

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /** What {@code --output-format} names. */
    enum Format {
        /** agent-eval's JSON report and Markdown transcript. */
        json,
        /** The harness's result file and its Markdown sibling. */
        harness;

        /** The format of a suite's results file: the one chosen, else harness for a harness suite, else json. */
        static Format of(Format chosen, SuiteDialect dialect) {
            return chosen != null ? chosen : dialect == SuiteDialect.HARNESS ? harness : json;
        }
    }

    private ResultFiles() {
    }

    /**
     * A results.json named on the command line ({@code merge}, {@code record --from}), or the report folder
     * holding it: {@code file} to read, {@code shown} as messages name it, relative as given.
     */
    record Given(Path file, String shown) {
    }

    /** {@code given}, resolved against the working folder; a report folder stands for its results.json. */
    static Given given(Path workDir, Path given) {
        Path path = workDir.resolve(given).normalize();
        Path file = ResultsFile.jsonFile(path);
        return new Given(file, given.resolve(path.relativize(file)).toString());
    }

    /**
     * Writes {@code format} to {@code file} and its Markdown sibling; agent-eval's JSON and Markdown
     * as the report folder's do with {@code options} (the baseline, the detail, the confidence).
     */
    static ResultSink sink(Format format, Path file, ReportOptions options) {
        if (format == Format.harness) {
            return Reports.sink("harness", file, options);
        }
        return Reports.composite(List.of(Reports.sink("json", file, options),
                Reports.sink("md", Reports.markdownSibling(file), options)));
    }

    /**
     * {@code Reports: <files>}, what the console summary ends with: each file relative to the
     * working folder when inside it, else absolute.
     */
    static String reportsLine(List<Path> files, Path workDir) {
        return "Reports: " + String.join(", ", files.stream().map(p -> shown(p, workDir)).toList());
    }

    /** {@code file} as the console names it: relative to the working folder when inside it, else absolute. */
    static String shown(Path file, Path workDir) {
        Path work = workDir.toAbsolutePath().normalize();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(work) ? work.relativize(abs).toString() : abs.toString();
    }

    /** The default results file of a run of {@code suite} that started at {@code result}'s start. */
    static Path defaultFile(Path folder, SuiteResult result) {
        return folder.resolve(Wiring.fileName(result.suite()) + "-" + STAMP.format(result.startedAt()) + ".json");
    }

    /**
     * Writes into {@code folder} a file named after the suite and the run's start time, known only
     * when the run ends; {@link #written()} then says which.
     */
    static final class Timestamped implements ResultSink {
        private final Path folder;
        private final Format format;
        private final ReportOptions options;
        private volatile List<Path> written = List.of();

        Timestamped(Path folder, Format format, ReportOptions options) {
            this.folder = folder;
            this.format = format;
            this.options = options;
        }

        @Override
        public void write(SuiteResult result) throws IOException {
            Path file = defaultFile(folder, result);
            sink(format, file, options).write(result);
            written = List.of(file, Reports.markdownSibling(file));
        }

        /** The files written, the JSON first; empty before the run ended (or when writing failed). */
        List<Path> written() {
            return written;
        }
    }
}
