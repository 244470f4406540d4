package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import static dev.agenteval.common.text.Quoting.preview;
import static dev.agenteval.common.text.Quoting.quote;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.yaml.internal.CaseListAppender;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a {@link Recording} (a recorded conversation with an agent) as a
 * platform-dialect case whose expected tools are the tools the agent called on each turn, in
 * order ({@code tools_in_order}, other calls allowed between), with a commented-out rubric for a
 * person to fill in.
 *
 * <pre>{@code
 * Recording r = SessionRecorder.of(agent).record("refund-status", List.of("Where is my refund for order 42?"));
 * RecordingWriter.defaults().save(r, Path.of("support-agent/eval/eval.yaml"));   // appends, or creates the file
 * }</pre>
 *
 * writes
 *
 * <pre>
 *   - id: "refund-status"
 *     # Recorded from the agent's answers: the tools it called, in order. Add a rubric.
 *     turns:
 *       - input: "Where is my refund for order 42?"
 *         # The agent answered: "Your refund for order 42 was issued on ..."
 *         scorers:
 *           - type: tools_in_order
 *             expected: ["find_order", "refund_status"]
 *           # TODO: what a good answer does, in plain words, for the judge:
 *           # - type: rubric
 *           #   rubric: "..."
 *           # or: - type: correctness
 *           #       criteria: "..."
 * </pre>
 *
 * A feature input (a turn that sent one data part holding a mapping, {@link RecordedTurn#inputParts()})
 * is written as that mapping, so the case sends the same data part again.
 * A turn on which the agent called no tool has no scorer; when no turn called one, the last
 * turn checks that the agent answered with some text ({@code regex: "\S"}), because a platform
 * case needs a scored turn. {@link #save} appends the case to the file's {@code cases} list
 * (keeping everything else in the file as written) or creates the file, and only replaces the
 * file once the result loads with the {@link SuiteLoader} and holds the new case. Thread-safe.
 * {@link CaseRecorder} records and writes in one go.
 */
@API(status = MAINTAINED)
public final class RecordingWriter {

    private static final Logger LOG = LoggerFactory.getLogger(RecordingWriter.class);

    /** How many symbolic links in a row {@link #withFollowLinks} follows before giving up (a loop). */
    private static final int MAX_LINKS = 40;

    private final SuiteLoader loader;
    private final boolean followLinks;

    private RecordingWriter(SuiteLoader loader, boolean followLinks) {
        this.loader = Objects.requireNonNull(loader, "loader");
        this.followLinks = followLinks;
    }

    /** A writer that checks files with {@link SuiteLoader#defaults()}. */
    public static RecordingWriter defaults() {
        return new RecordingWriter(SuiteLoader.defaults(), false);
    }

    /** A writer that checks the file before and after the case is added with {@code loader}. */
    public static RecordingWriter of(SuiteLoader loader) {
        return new RecordingWriter(loader, false);
    }

    /**
     * A writer that, given a suite file that is a symbolic link, writes through it: the file the
     * link points to is replaced (atomically, in its own folder) and the link stays. Without this
     * (the default) such a file is refused, because replacing the link with a file would leave the
     * suite it shares detached.
     */
    public RecordingWriter withFollowLinks(boolean follow) {
        return new RecordingWriter(loader, follow);
    }

    /**
     * The case as a YAML list item at {@code dashColumn} (the column of the {@code -} of the
     * {@code cases} list it joins), ending with a newline.
     */
    public static String toYaml(Recording recording, int dashColumn) {
        Objects.requireNonNull(recording, "recording");
        if (dashColumn < 0) {
            throw new IllegalArgumentException("dashColumn must be >= 0 but was " + dashColumn);
        }
        String pad = " ".repeat(dashColumn);
        String in = pad + "  ";
        StringBuilder sb = new StringBuilder();
        sb.append(pad).append("- id: ").append(quote(recording.caseId())).append('\n');
        sb.append(in).append("# Recorded from the agent's answers: the tools it called, in order. Add a rubric.\n");
        sb.append(in).append("turns:\n");
        boolean anyTools = recording.turns().stream().anyMatch(t -> !t.tools().isEmpty());
        List<RecordedTurn> turns = recording.turns();
        for (int i = 0; i < turns.size(); i++) {
            RecordedTurn t = turns.get(i);
            List<String> tools = t.tools();
            boolean last = i == turns.size() - 1;
            String turn = in + "  ";
            String item = turn + "  ";
            sb.append(turn).append("- input:");
            input(sb, t, item);
            sb.append(item).append("# The agent answered: ").append(preview(t.answer())).append('\n');
            boolean answered = !anyTools && last;
            if (!tools.isEmpty() || answered) {
                sb.append(item).append("scorers:\n");
                if (answered) {
                    sb.append(item).append("  # No tool was called: this checks that the agent answered with some text.\n");
                    sb.append(item).append("  - type: regex\n");
                    sb.append(item).append("    pattern: ").append(quote("\\S")).append('\n');
                } else {
                    sb.append(item).append("  - type: tools_in_order\n");
                    sb.append(item).append("    expected: [")
                            .append(String.join(", ", tools.stream().map(tool -> quote(tool)).toList()))
                            .append("]\n");
                }
                if (last) {
                    rubricPlaceholder(sb, item + "  ");
                }
            } else if (last) {
                sb.append(item).append("# scorers:\n");
                rubricPlaceholder(sb, item + "  ");
            }
        }
        return sb.toString();
    }

    /**
     * A turn's input after {@code - input:}: a feature input (one data part holding a mapping) as
     * that mapping, which the platform dialect reads back as the same data part; any other input
     * as its text, with a comment when it was sent as parts this dialect cannot write.
     */
    private static void input(StringBuilder sb, RecordedTurn t, String at) {
        List<Part> parts = t.inputParts();
        if (parts.size() == 1 && parts.get(0) instanceof Part.Data d && d.data() instanceof Map<?, ?>) {
            yaml(sb, d.data(), at + "  ");
            return;
        }
        sb.append(' ').append(quote(t.input())).append('\n');
        if (!parts.isEmpty()) {
            sb.append(at).append("# Sent as ").append(parts.size()).append(parts.size() == 1 ? " data part" : " parts")
                    .append(", which a platform-dialect input cannot hold (only text or one mapping): written as its text.\n");
        }
    }

    /**
     * A JSON-like value in block style after a key (or a {@code -}): a scalar on the same line,
     * a non-empty mapping or list on the lines below at {@code at}.
     */
    private static void yaml(StringBuilder sb, Object value, String at) {
        if (value instanceof Map<?, ?> map && !map.isEmpty()) {
            sb.append('\n');
            map.forEach((k, v) -> {
                sb.append(at).append(quote((String) k)).append(':');
                yaml(sb, v, at + "  ");
            });
        } else if (value instanceof List<?> list && !list.isEmpty()) {
            sb.append('\n');
            for (Object v : list) {
                sb.append(at).append('-');
                yaml(sb, v, at + "  ");
            }
        } else {
            sb.append(' ').append(value instanceof String text ? quote(text) : value instanceof Map<?, ?> ? "{}"
                    : value instanceof List<?> ? "[]" : String.valueOf(value)).append('\n');
        }
    }

    private static void rubricPlaceholder(StringBuilder sb, String at) {
        sb.append(at).append("# TODO: what a good answer does, in plain words, for the judge:\n");
        sb.append(at).append("# - type: rubric\n");
        sb.append(at).append("#   rubric: \"...\"\n");
        sb.append(at).append("# or: - type: correctness\n");
        sb.append(at).append("#       criteria: \"...\"\n");
    }

    /**
     * Appends the recorded case to the {@code cases} list of a platform-dialect suite file
     * (adding the list if the file has none, e.g. only {@code include}), or creates the file
     * (and its folders) holding just this case. Everything else in the file stays as written.
     * The file is replaced in one move, and only when the new text loads with the loader and
     * holds the case.
     *
     * <p>The file keeps its permissions (a new file gets those any new file in its folder gets);
     * a read-only file is refused, and so is a symbolic link unless {@link #withFollowLinks}.
     *
     * @return the file written
     * @throws ConfigurationException when the file does not load now, is a harness-dialect suite,
     *                                writes {@code cases} in flow style ({@code [...]}), already has
     *                                a case with this id, or would not load with the case added; when
     *                                it is read-only, or a symbolic link not to be followed
     */
    public Path save(Recording recording, Path suiteFile) {
        return save(recording, suiteFile, false);
    }

    /**
     * Like {@link #save(Recording, Path)}; with {@code replace}, a case of the file's own
     * {@code cases} list with the recording's id is replaced in place (same position and
     * indentation, the rest of the file as written) instead of refused.
     *
     * @return the file written
     * @throws ConfigurationException as {@link #save(Recording, Path)}, and, with {@code replace},
     *                                when the case with that id lives in an included file
     */
    public Path save(Recording recording, Path suiteFile, boolean replace) {
        Objects.requireNonNull(recording, "recording");
        Objects.requireNonNull(suiteFile, "suiteFile");
        if (Files.isDirectory(suiteFile)) {
            throw new ConfigurationException(suiteFile + ": is a folder: name the suite file, e.g. "
                    + suiteFile.resolve("eval.yaml"));
        }
        Path target = target(suiteFile);
        if (Files.exists(target) && !Files.isWritable(target)) {
            throw new ConfigurationException((target.equals(suiteFile) ? suiteFile : suiteFile + " (" + target + ")")
                    + ": is read-only: nothing was written (make it writable to record into it)");
        }
        String text;
        if (Files.exists(suiteFile)) {
            Suite existing = loader.load(suiteFile);
            boolean exists = existing.find(recording.caseId()).isPresent();
            if (exists && !replace) {
                throw new ConfigurationException(suiteFile + ": suite '" + existing.name() + "' already has a case '"
                        + recording.caseId() + "': choose another id, or replace it");
            }
            text = exists
                    ? CaseListAppender.replace(suiteFile, read(suiteFile), recording.caseId(), column -> toYaml(recording, column))
                    : CaseListAppender.append(suiteFile, read(suiteFile), column -> toYaml(recording, column));
        } else {
            text = "cases:\n" + toYaml(recording, 2);
        }
        write(suiteFile, target, text, recording.caseId());
        return suiteFile;
    }

    /**
     * The file to replace: {@code file} itself, or, when it is a symbolic link and links are
     * followed, the file at the end of its links (which need not exist yet).
     */
    private Path target(Path file) {
        if (!Files.isSymbolicLink(file)) {
            return file;
        }
        Path target = file;
        try {
            if (!followLinks) {
                throw new ConfigurationException(file + " is a symbolic link to " + Files.readSymbolicLink(file)
                        + "; use --follow-links to write through it");
            }
            for (int i = 0; Files.isSymbolicLink(target); i++) {
                if (i == MAX_LINKS) {
                    throw new ConfigurationException(file + ": more than " + MAX_LINKS
                            + " symbolic links in a row (a loop?): nothing was written");
                }
                target = target.toAbsolutePath().resolveSibling(Files.readSymbolicLink(target)).normalize();
            }
            return target;
        } catch (IOException e) {
            throw new ConfigurationException(file + ": the symbolic link " + target + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code text} to a new file beside {@code target}, checks that it loads and holds the
     * case, then moves it over {@code target}. Messages name {@code file}, the path the user gave.
     */
    private void write(Path file, Path target, String text, String caseId) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        try {
            Files.createDirectories(dir);
            // Not createTempFile: its file is owner-only whatever the umask, and would stay so.
            temp = Files.createFile(dir.resolve(".record-" + UUID.randomUUID() + ".yaml"));
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Suite suite;
            try {
                suite = loader.load(temp);
            } catch (ConfigurationException e) {
                String tempName = temp.toString();
                throw new ConfigurationException(e.problems().stream()
                        .map(p -> file + ": with the recorded case the suite would not load: " + p.replace(tempName, file.toString()))
                        .toList());
            }
            if (suite.find(caseId).isEmpty()) {
                throw new ConfigurationException(file + ": the recorded case '" + caseId
                        + "' was not found after adding it; the file was left unchanged");
            }
            keepPermissions(target, temp);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": could not be written: " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    LOG.warn("Could not delete the temporary file {}: {}", temp, e.toString());
                }
            }
        }
    }

    /**
     * Gives {@code temp} the permissions of {@code target} when it exists (POSIX file systems); a
     * new file keeps those {@link Files#createFile} gave it (the umask's).
     */
    private static void keepPermissions(Path target, Path temp) throws IOException {
        if (Files.exists(target) && Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot be read: " + e.getMessage(), e);
        }
    }
}
