package dev.agenteval.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.internal.JsonReportReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * agent-eval's results document, {@value #FILE_NAME}: the file the {@code json} report format
 * writes into a report folder, which baselines, merges, calibration and resumed runs read back.
 *
 * <pre>{@code
 * SuiteResult last = ResultsFile.read(ResultsFile.jsonFile(Path.of("results")));
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class ResultsFile {

    /** The name of the results document in a report folder. */
    public static final String FILE_NAME = "results.json";

    private ResultsFile() {
    }

    /**
     * Reads a results document back into a result, e.g. to merge shards ({@link SuiteResults#merge})
     * or compare with a baseline. Keys it does not know are ignored, so documents with later
     * additive keys still read. A case written without {@code attempts} (one attempt) reads back
     * as one attempt holding its turns.
     *
     * @throws dev.agenteval.api.ConfigurationException when the file is missing or unreadable, is
     *         not JSON, or lacks a key the result needs; the message names the file and the key
     *         (e.g. {@code results.json: cases[2].status: missing})
     */
    public static SuiteResult read(Path file) {
        return JsonReportReader.read(Objects.requireNonNull(file, "file"));
    }

    /**
     * The results file {@code path} names: {@code path} itself, or the {@value #FILE_NAME} in it
     * when it is a folder (a report folder). The one rule of every command that reads a past run
     * ({@code --baseline}, {@code merge}, {@code record --from}, {@code calibrate}).
     */
    public static Path jsonFile(Path path) {
        return Files.isDirectory(Objects.requireNonNull(path, "path")) ? path.resolve(FILE_NAME) : path;
    }
}
