package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.common.files.NoFollow;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.internal.ResultsTrees;
import dev.agenteval.results.internal.JsonReportReader;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's journal: every finished case appended to a JSON Lines file and forced to disk as the
 * case ends, so a run killed with SIGKILL, out of memory or with its machine keeps every case that
 * finished, and {@code agent-eval run --resume} (or {@link dev.agenteval.core.EvalRunner.Builder#resume})
 * runs only the others.
 *
 * <p>The file ({@value #FILE_NAME} in a report folder) holds a header line
 * ({@code {"journal": 1, "suite": ..., "shard": ...}}), the run's fingerprint as soon as the runner
 * knows it ({@code {"fingerprint": {...}}}, as results.json has it) and one line per finished case
 * ({@code {"case": {...}}}: the case as results.json has it, with each turn's agent and context id).
 * Cases that were not run ({@link CaseStatus#SKIPPED}) are not written. A case resumed and run
 * again (with {@code --retry-errored}) has two lines; the later wins. Run by an
 * {@link dev.agenteval.core.EvalRunner}, the fingerprint line comes before the first case line (the
 * runner tells it first), so a journal cut short anywhere after its header can be resumed. The
 * journal is never written through a symbolic link ({@code journal.jsonl} being one is an error
 * naming it).
 *
 * <p>As a {@link ResultSink} put first, a journal is written before any report: a case thread
 * hands its result over; one writer thread renders what came within 10 ms, appends it and forces
 * it to disk ({@link FileChannel#force}), so cases ending together share one force and no case
 * thread renders a line or waits for the disk. A case is on disk about 10 ms after it ends. {@link #write} returns once every line is on disk, so the report files,
 * written after it, never hold a case the journal lacks. A line that could not be written fails
 * {@link #write} (the run's reports are still written; the run then reports the failure).
 *
 * <pre>{@code
 * Journal.Contents earlier = Journal.read(dir.resolve(Journal.FILE_NAME));
 * if (!earlier.fingerprint().equals(runner.fingerprint(suite))) { ...refuse... }
 * try (Journal journal = Journal.resume(earlier)) {
 *     runner.toBuilder().resume(earlier.results()).sink(journal).build().run(suite);
 * }
 * }</pre>
 */
@API(status = MAINTAINED)
public final class Journal implements ResultSink, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);

    /** The journal's file name in a report folder. */
    public static final String FILE_NAME = "journal.jsonl";

    /** The format written in the header's {@code journal} field. */
    public static final int FORMAT = 1;

    /**
     * What a journal holds.
     *
     * @param file        where it was read
     * @param suite       the suite's name from the header
     * @param shard       the shard of the run, or null when it was not sharded
     * @param fingerprint the run's fingerprint, or null when the run stopped before it was known
     * @param results     the finished cases, one per id (the later line wins), in journal order
     * @param length      the bytes up to the end of the last whole line (a resumed journal is
     *                    appended there, so a torn last line is cut off)
     * @param torn        true when the last line was torn (the run was stopped while writing it)
     */
    public record Contents(Path file, String suite, Shard shard, Fingerprint fingerprint, List<CaseResult> results,
                           long length, boolean torn) {
        /** Validates and copies. */
        public Contents {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(suite, "suite");
            results = List.copyOf(results);
        }
    }

    private static final Object STOP = new Object();

    /**
     * How long the writer waits, after a line arrives, for the lines of other cases ending about
     * then, before forcing them to disk together: a force costs the process about as much CPU as
     * a case (0.3 to 1 ms here), so one per case would double a fast run's CPU. The system
     * property {@value #WINDOW_PROPERTY} sets it (milliseconds, 0 for a force per line that comes).
     */
    static final long WINDOW_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(
            Long.getLong(Journal.WINDOW_PROPERTY, 10));

    /** The system property that sets the writer's window in milliseconds. */
    public static final String WINDOW_PROPERTY = "agent-eval.journal.windowMillis";

    private final Path file;
    private final FileChannel channel;
    private final Set<CaseResult> known;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final AtomicBoolean fingerprinted;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread writer;
    private volatile IOException failure;

    private Journal(Path file, FileChannel channel, Set<CaseResult> known, boolean fingerprinted) {
        this.file = file;
        this.channel = channel;
        this.known = known;
        this.fingerprinted = new AtomicBoolean(fingerprinted);
        this.writer = new Thread(this::writeLines, "agent-eval-journal");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Starts a journal at {@code file} (replacing one there) for a run of {@code suite}: the header
     * is on disk when this returns.
     *
     * @param shard the run's shard, or null
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static Journal start(Path file, String suite, Shard shard) {
        Objects.requireNonNull(suite, "suite");
        ObjectNode header = JsonTrees.NODES.objectNode();
        header.put("journal", FORMAT);
        header.put("suite", suite);
        header.set("shard", shard == null ? JsonTrees.NODES.nullNode() : ResultsTrees.shardTree(shard));
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            FileChannel channel = NoFollow.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            try {
                writeFully(channel, ByteBuffer.wrap(line(header)));
                channel.force(false);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            return new Journal(file, channel, Set.of(), false);
        } catch (IOException e) {
            throw cannotWrite(file, e);
        }
    }

    /**
     * Continues the journal {@code earlier} was read from: new lines are appended after its last
     * whole line (a torn last line is cut off); its results, reported to {@link #caseFinished} by
     * the resumed run, are not written again.
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static Journal resume(Contents earlier) {
        Set<CaseResult> known = Collections.newSetFromMap(new IdentityHashMap<>());
        known.addAll(earlier.results());
        try {
            FileChannel channel = NoFollow.open(earlier.file(), StandardOpenOption.WRITE);
            try {
                channel.truncate(earlier.length());
                channel.position(earlier.length());
                channel.force(false);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            return new Journal(earlier.file(), channel, known, earlier.fingerprint() != null);
        } catch (IOException e) {
            throw cannotWrite(earlier.file(), e);
        }
    }

    /**
     * Reads a journal. A torn last line (a run stopped while writing it) is left out and reported
     * in {@link Contents#torn()}; any other line that is not a journal line is an error.
     *
     * @throws ConfigurationException naming the file and line when it is missing or not a journal
     */
    public static Contents read(Path file) {
        JournalReader.Read r = JournalReader.read(file, FORMAT);
        if (r.torn()) {
            LOG.warn("{}: the last line is torn (the run was stopped while writing it) and is left out", file);
        }
        return new Contents(file, r.suite(), r.shard(), r.fingerprint(), r.results(), r.length(), r.torn());
    }

    /**
     * Whether {@code file} begins as a journal does (with its header line): for a reader of results
     * or labels files that was given a journal, to say so ({@link #notAResultsFile}).
     */
    public static boolean isJournal(Path file) {
        try (java.io.BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            return first != null && first.strip().startsWith("{")
                    && JsonReportReader.isJournalHeader(JsonTrees.MAPPER.readTree(first));
        } catch (IOException | RuntimeException e) {
            return false; // unreadable or not JSON: not a journal; its reader says what it is not
        }
    }

    /**
     * {@code FILE is a journal, not a results file; use `agent-eval run SUITE --resume DIR` ...}: what
     * a reader of results files says when given a journal.
     */
    public static String notAResultsFile(Path file) {
        return JsonReportReader.journalGiven(file.toString());
    }

    /**
     * Hands the case to the writer, which renders its line; a case that was not run, or came from
     * the journal, is not written.
     */
    @Override
    public void caseFinished(CaseResult result) {
        if (result.status() == CaseStatus.SKIPPED || known.contains(result)) {
            return;
        }
        enqueue(result);
    }

    /** Writes the fingerprint line, once (a resumed journal has it already). */
    @Override
    public void fingerprintKnown(Fingerprint fingerprint) {
        if (fingerprint != null && fingerprinted.compareAndSet(false, true)) {
            enqueue(fingerprint);
        }
    }

    /**
     * Returns once every line handed over is on disk, and closes the journal.
     *
     * @throws IOException when a line could not be written
     */
    @Override
    public void write(SuiteResult result) throws IOException {
        fingerprintKnown(result.fingerprint());
        close();
        if (failure != null) {
            throw new IOException(file + ": the journal could not be written: " + failure.getMessage(), failure);
        }
    }

    /** Forces what was handed over to disk, stops the writer and closes the file. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        queue.add(STOP);
        boolean interrupted = false;
        while (true) {
            try {
                writer.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("{}: could not close the journal: {}", file, e.toString());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The journal's file. */
    public Path file() {
        return file;
    }

    @Override
    public String toString() {
        return "Journal[" + file + "]";
    }

    private void enqueue(Object record) {
        if (closed.get()) {
            LOG.warn("{}: a line came after the journal was closed; not written", file);
            return;
        }
        queue.add(record);
    }

    /**
     * The writer: renders what is waiting (one generator, one buffer, for every line), appends it
     * and forces it to disk, again, until stopped. Rendering here keeps the case threads' cost of
     * the journal to handing a reference over.
     */
    private void writeLines() {
        List<Object> batch = new ArrayList<>();
        Lines lines = new Lines();
        boolean stop = false;
        while (!stop) {
            try {
                Object first = queue.take();
                batch.add(first);
                if (first != STOP && WINDOW_NANOS > 0 && !closed.get()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(WINDOW_NANOS);
                }
            } catch (InterruptedException e) {
                continue; // only close() stops the writer, after the lines handed over
            }
            queue.drainTo(batch);
            lines.reset();
            for (Object o : batch) {
                if (o == STOP) {
                    stop = true;
                } else if (failure == null) {
                    lines.add(o);
                }
            }
            batch.clear();
            if (lines.isEmpty()) {
                continue; // nothing came, or the journal failed before
            }
            try {
                ByteBuffer buffer = lines.buffer();
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(false);
            } catch (IOException e) {
                failure = e instanceof InterruptedIOException ? new IOException("interrupted", e) : e;
                LOG.error("{}: the journal could not be written ({}); the cases from here on are not in it", file,
                        e.toString());
            }
        }
    }

    /** The lines of one batch, rendered by one generator into one buffer. */
    private static final class Lines extends java.io.ByteArrayOutputStream {
        private com.fasterxml.jackson.core.JsonGenerator gen;

        Lines() {
            super(64 * 1024);
        }

        void add(Object record) {
            ObjectNode node = JsonTrees.NODES.objectNode();
            if (record instanceof CaseResult c) {
                node.set("case", ResultsTrees.journalCase(c));
            } else {
                node.set("fingerprint", ResultsTrees.fingerprintTree((Fingerprint) record));
            }
            int mark = size();
            try {
                if (gen == null) {
                    gen = JsonTrees.MAPPER.getFactory().createGenerator(this);
                    gen.setRootValueSeparator(new com.fasterxml.jackson.core.io.SerializedString(""));
                }
                gen.writeTree(node);
                gen.writeRaw('\n');
                gen.flush();
            } catch (IOException | RuntimeException e) {
                // Not for results the runner made; the case is left out, and said so.
                LOG.error("A result could not be written to the journal: {}", e.toString());
                gen = null; // its buffer may hold part of the line
                count = mark;
            }
        }

        /** True when no line was rendered (a line that failed is taken back whole). */
        boolean isEmpty() {
            return count == 0;
        }

        ByteBuffer buffer() {
            return ByteBuffer.wrap(buf, 0, count);
        }
    }

    /** {@code file: cannot write the journal: permission denied} (or the reason, e.g. a symbolic link). */
    private static UncheckedIOException cannotWrite(Path file, IOException e) {
        return new UncheckedIOException(file + ": cannot write the journal: " + NoFollow.reason(e), e);
    }

    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    private static byte[] line(ObjectNode node) {
        try {
            byte[] json = JsonTrees.MAPPER.writeValueAsBytes(node);
            byte[] line = java.util.Arrays.copyOf(json, json.length + 1);
            line[json.length] = '\n';
            return line;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a result that cannot be written as JSON", e);
        }
    }

}
